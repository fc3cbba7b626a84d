import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { DEMO_FLAGS, DEMO_PLAN, seedDemoSignupLead } from '../src/organizations/demo-accounts.ts';
import { FAST_ENV, outboxEvents, signIn } from './helper.ts';

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

  it('records the demo church as a signup lead for the demo plan, so billing may prepare its subscription', async () => {
    const adminOrg = (await app.kit.db.selectFrom('users').select('org_id').where('email', '=', 'admin@grace.example').executeTakeFirstOrThrow()).org_id!;
    const leads = await app.kit.db.selectFrom('leads').selectAll().where('org_id', '=', adminOrg).execute();
    assert.equal(leads.length, 1);
    assert.equal(leads[0]!.email, 'admin@grace.example');
    assert.equal(leads[0]!.plan, DEMO_PLAN.plan);
    assert.equal(leads[0]!.status, 'converted', 'its ADMIN exists already');
    assert.equal(leads[0]!.password_hash, null);
    assert.equal(leads[0]!.checkout_token_hash, null);
    const events = (await outboxEvents(app, 'identity.lead.initiated.v1')).filter((e) => e.orgId === adminOrg);
    assert.deepEqual(events.map((e) => e.data), [{ leadId: leads[0]!.id, organizationId: adminOrg, email: 'admin@grace.example', firstName: 'Admin', lastName: '', plan: 'standard', interval: 'monthly' }]);
  });

  it('records no lead for a church that has a subscription', async () => {
    const adminOrg = (await app.kit.db.selectFrom('users').select('org_id').where('email', '=', 'admin@grace.example').executeTakeFirstOrThrow()).org_id!;
    await app.kit.db.deleteFrom('leads').where('org_id', '=', adminOrg).execute();
    await app.kit.db.updateTable('organizations').set({ subscription_status: 'active' }).where('id', '=', adminOrg).execute();
    try {
      assert.equal(await seedDemoSignupLead(app.identity), null);
      assert.equal((await app.kit.db.selectFrom('leads').select('id').where('org_id', '=', adminOrg).execute()).length, 0);
    } finally {
      await app.kit.db.updateTable('organizations').set({ subscription_status: null }).where('id', '=', adminOrg).execute();
    }
    assert.ok(await seedDemoSignupLead(app.identity), 'unsubscribed again: the lead is recorded');
  });

  it('a second start creates nothing more', async () => {
    const again = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
    try {
      assert.equal((await again.kit.db.selectFrom('users').select('id').execute()).length, 4);
      assert.equal((await again.kit.db.selectFrom('staff_users').select('id').execute()).length, 1);
      assert.equal((await again.kit.db.selectFrom('leads').select('id').execute()).length, 1);
      assert.equal((await outboxEvents(again, 'identity.lead.initiated.v1')).length, 2, 'one from the first start, one after the subscription was taken away; none from this start');
    } finally {
      await again.close();
    }
  });

  it('is off unless asked for', async () => {
    const plain = await buildApp(loadIdentityConfig({ ...(await isolatedServiceEnv('identity', FAST_ENV)), IDENTITY_BOOTSTRAP_ADMIN_EMAIL: 'admin@grace.example', IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: password }), { prettyLogs: false });
    try {
      assert.equal((await plain.kit.db.selectFrom('users').select('id').execute()).length, 1);
      assert.equal((await plain.kit.db.selectFrom('leads').select('id').execute()).length, 0);
      assert.equal((await plain.kit.db.selectFrom('feature_flags').select('key').where('enabled', '=', true).where('key', '=', 'features_staff_console_enabled').execute()).length, 0);
    } finally {
      await plain.close();
    }
  });
});
