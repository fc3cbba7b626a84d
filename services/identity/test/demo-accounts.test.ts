import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { DEMO_FLAGS } from '../src/organizations/demo-accounts.ts';
import { FAST_ENV, signIn } from './helper.ts';

describe('local demo accounts (IDENTITY_DEMO_ACCOUNTS)', () => {
  const password = 'Local-Demo-Pass-2026';
  let env: Record<string, string>;
  let app: IdentityApp;

  beforeAll(async () => {
    env = await isolatedServiceEnv('identity', {
      ...FAST_ENV,
      IDENTITY_BOOTSTRAP_ADMIN_EMAIL: 'admin@grace.example',
      IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: password,
      IDENTITY_DEMO_ACCOUNTS: 'true',
      COMPANY_DOMAINS: 'lectern.app,lectern.church',
    });
    app = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives every area an account: the pastor, the member and a company-staff admin with the console', async () => {
    const expectations: Array<[string, string, Record<string, boolean>]> = [
      ['pastor@grace.example', 'PASTOR', { companyDomain: false, staffUser: false }],
      ['member@grace.example', 'MEMBER', { companyDomain: false, staffUser: false }],
      ['staff@lectern.app', 'ADMIN', { companyDomain: true, staffUser: true }],
    ];
    const adminOrg = (await app.kit.db.selectFrom('users').select('org_id').where('email', '=', 'admin@grace.example').executeTakeFirstOrThrow()).org_id;
    for (const [email, role, facts] of expectations) {
      const res = await signIn(app, email, password);
      assert.equal(res.statusCode, 200, `${email}: ${res.body}`);
      const me = await app.inject({ url: '/api/identity/me', headers: { authorization: `Bearer ${res.json().accessToken}` } });
      assert.equal(me.statusCode, 200, me.body);
      const profile = me.json();
      assert.equal(profile.role, role, email);
      assert.equal(profile.orgId, adminOrg, `${email} belongs to the demo church`);
      assert.equal(profile.companyDomain, facts.companyDomain, email);
      assert.equal(profile.staffUser, facts.staffUser, email);
    }
    const staffNav = await signIn(app, 'staff@lectern.app', password);
    const nav = (await app.inject({ url: '/api/identity/me', headers: { authorization: `Bearer ${staffNav.json().accessToken}` } })).json().navigation.map((n: { id: string }) => n.id);
    for (const id of ['members', 'communications', 'console']) assert.ok(nav.includes(id), `staff navigation has ${id}: ${nav}`);
  });

  it('switches on the console and offer flags', async () => {
    const flags = await app.kit.db.selectFrom('feature_flags').select(['key', 'enabled']).where('key', 'in', [...DEMO_FLAGS]).execute();
    assert.ok(flags.length >= 4);
    for (const flag of flags) assert.equal(flag.enabled, true, flag.key);
  });

  it('a second start creates nothing more', async () => {
    const again = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
    try {
      assert.equal((await again.kit.db.selectFrom('users').select('id').execute()).length, 4);
      assert.equal((await again.kit.db.selectFrom('staff_users').select('id').execute()).length, 1);
    } finally {
      await again.close();
    }
  });

  it('is off unless asked for', async () => {
    const plain = await buildApp(loadIdentityConfig({ ...(await isolatedServiceEnv('identity', FAST_ENV)), IDENTITY_BOOTSTRAP_ADMIN_EMAIL: 'admin@grace.example', IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: password }), { prettyLogs: false });
    try {
      assert.equal((await plain.kit.db.selectFrom('users').select('id').execute()).length, 1);
      assert.equal((await plain.kit.db.selectFrom('feature_flags').select('key').where('enabled', '=', true).where('key', '=', 'features_staff_console_enabled').execute()).length, 0);
    } finally {
      await plain.close();
    }
  });
});
