import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { FAST_ENV, signIn } from './helper.ts';

describe('bootstrap administrator (IDENTITY_BOOTSTRAP_ADMIN_*)', () => {
  const email = 'Admin@Grace.Example';
  const password = 'Local-Demo-Pass-2026';
  let env: Record<string, string>;
  let first: IdentityApp;

  beforeAll(async () => {
    env = await isolatedServiceEnv('identity', { ...FAST_ENV, IDENTITY_BOOTSTRAP_ADMIN_EMAIL: email, IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: password, IDENTITY_BOOTSTRAP_ORGANIZATION: 'Grace Chapel' });
    first = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
  });
  afterAll(async () => {
    await first?.close();
  });

  it('creates a verified ADMIN with its organization, who can sign in to the staff area', async () => {
    const res = await signIn(first, 'admin@grace.example', password);
    assert.equal(res.statusCode, 200, res.body);
    const session = res.json();
    assert.equal(session.user.role, 'ADMIN');
    // No made-up personal name ("Lectern Admin" made the dashboard say "Welcome, Lectern."): the role, and no onboarding.
    assert.deepEqual([session.user.firstName, session.user.lastName, session.user.needsOnboarding], ['Admin', null, false]);
    assert.ok(session.user.organizationId ?? session.user.orgId, JSON.stringify(session.user));
    const org = await first.kit.db.selectFrom('organizations').select(['name', 'subdomain']).executeTakeFirstOrThrow();
    assert.deepEqual(org, { name: 'Grace Chapel', subdomain: 'grace-chapel' });
    const events = await first.kit.db.selectFrom('outbox').select('type').execute();
    assert.deepEqual(events.map((e) => e.type), ['identity.organization.created.v1']);
  });

  it('a second start with the same e-mail changes nothing, whatever the password', async () => {
    const second = await buildApp(loadIdentityConfig({ ...env, IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: 'Another-Pass-2026' }), { prettyLogs: false });
    try {
      assert.equal((await second.kit.db.selectFrom('users').select('id').execute()).length, 1);
      assert.equal((await second.kit.db.selectFrom('organizations').select('id').execute()).length, 1);
      assert.equal((await signIn(second, email, password)).statusCode, 200);
    } finally {
      await second.close();
    }
  });

  it('refuses an e-mail without a password (both or neither)', () => {
    assert.throws(() => loadIdentityConfig({ ...env, IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: undefined }), /IDENTITY_BOOTSTRAP_ADMIN_EMAIL and IDENTITY_BOOTSTRAP_ADMIN_PASSWORD go together/);
  });
});
