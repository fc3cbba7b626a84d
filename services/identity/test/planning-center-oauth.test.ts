// Planning Center connected with OAuth 2 against the stand-in speaking the protocol: state bound
// to the user and organization, PKCE, code exchange, sealed tokens, refresh before expiry (one
// refresh even with two instances), sync with the Bearer token, revoke on disconnect.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID, DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET, startChurchSystems, type ChurchSystemsServer } from '@lectern/local-stack/church-systems';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { OAUTH_REFRESH_MARGIN_MS } from '../src/integrations/planning-center.oauth.ts';
import { API, bearer, companyEmail, FAST_ENV, seedOrganization, seedUser, session } from './helper.ts';

describe('Planning Center OAuth 2 connect', () => {
  let app: IdentityApp;
  let env: Record<string, string>;
  let systems: ChurchSystemsServer;
  let orgId: string;
  let admin: string;
  let otherAdminSameOrg: string;
  let foreignAdmin: string;
  let externalAdmin: string;
  const call = (token: string, method: string, url: string, payload?: unknown, on: IdentityApp = app) =>
    on.inject({ method: method as 'GET', url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  /** What the browser does: follow the authorization URL to the stand-in, which redirects back with code and state. */
  const authorize = async (authorizeUrl: string): Promise<{ code: string; state: string; redirect: URL }> => {
    const res = await fetch(authorizeUrl, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const redirect = new URL(res.headers.get('location')!);
    return { code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, redirect };
  };
  const waitForSync = async (token: string) => {
    assert.equal((await call(token, 'POST', '/integrations/planningCenter/sync-members')).statusCode, 202);
    for (;;) {
      const job = (await call(token, 'GET', '/integrations/planningCenter/sync-members/latest')).json();
      if (job.status === 'succeeded' || job.status === 'failed') return job;
      await sleep(100);
    }
  };

  beforeAll(async () => {
    systems = await startChurchSystems({ people: 120 });
    env = await isolatedServiceEnv('identity', { ...FAST_ENV, PLANNING_CENTER_API_BASE: systems.planningCenterBase, PLANNING_CENTER_OAUTH_CLIENT_ID: DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID, PLANNING_CENTER_OAUTH_CLIENT_SECRET: DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET });
    app = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
    orgId = await seedOrganization(app, 'OAuth Church');
    admin = (await session(app, (await seedUser(app, { orgId, role: 'ADMIN', email: companyEmail('oauth') })).email)).token;
    otherAdminSameOrg = (await session(app, (await seedUser(app, { orgId, role: 'PASTOR', email: companyEmail('pastor') })).email)).token;
    foreignAdmin = (await session(app, (await seedUser(app, { orgId: await seedOrganization(app), role: 'ADMIN', email: companyEmail('foreign') })).email)).token;
    externalAdmin = (await session(app, (await seedUser(app, { orgId, role: 'ADMIN' })).email)).token;
  });
  afterAll(async () => {
    await app?.close();
    await systems?.close();
  });

  it('company-domain staff only; the state works once, only for the user and organization that started it; PKCE is sent', async () => {
    for (const [method, url, body] of [['GET', '/integrations/planningCenter/oauth'], ['POST', '/integrations/planningCenter/oauth/start', { fromEmail: 'a@b.org' }], ['POST', '/integrations/planningCenter/oauth/complete', { code: 'x', state: 'y' }]] as const) {
      assert.equal((await call(externalAdmin, method, url, body)).statusCode, 403, `${method} ${url}`);
      assert.equal((await app.inject({ method, url: `${API}${url}` })).statusCode, 401);
    }
    assert.deepEqual((await call(admin, 'GET', '/integrations/planningCenter/oauth')).json(), { available: true });
    assert.equal((await call(admin, 'POST', '/integrations/planningCenter/oauth/start', { fromEmail: '' })).json().detail, 'From Email is required.');

    const started = await call(admin, 'POST', '/integrations/planningCenter/oauth/start', { fromEmail: 'Office@OAuth.church' });
    assert.equal(started.statusCode, 200, started.body);
    const url = new URL(started.json().authorizeUrl);
    assert.equal(url.origin + url.pathname, `${systems.planningCenterBase}/oauth/authorize`);
    assert.deepEqual([url.searchParams.get('response_type'), url.searchParams.get('code_challenge_method'), url.searchParams.get('redirect_uri')], ['code', 'S256', 'http://localhost:8080/settings/integrations/oauth/planningCenter']);
    assert.ok((url.searchParams.get('code_challenge') ?? '').length >= 43);
    const { code, state } = await authorize(started.json().authorizeUrl);

    // Another user of the same church, and another church, cannot use this state.
    for (const token of [otherAdminSameOrg, foreignAdmin]) {
      const stolen = await call(token, 'POST', '/integrations/planningCenter/oauth/complete', { code, state });
      assert.equal(stolen.statusCode, 400);
      assert.equal(stolen.json().reason, 'oauth_state_invalid');
    }
    const done = await call(admin, 'POST', '/integrations/planningCenter/oauth/complete', { code, state });
    assert.equal(done.statusCode, 201, done.body);
    assert.equal(done.json().message, 'Planning Center connected!');
    assert.deepEqual(done.json().integration.credentials, { fromEmail: 'office@oauth.church', apiKeySet: false, authKind: 'oauth' });
    assert.equal(systems.stats.oauthTokenGrants.authorization_code, 1);
    const replay = await call(admin, 'POST', '/integrations/planningCenter/oauth/complete', { code, state });
    assert.equal(replay.json().reason, 'oauth_state_invalid', 'a state works once');

    const row = await app.kit.db.selectFrom('integration_configs').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.equal(row.auth_kind, 'oauth');
    assert.match(row.oauth_tokens_sealed!, /^v1\.test\./, 'tokens sealed at rest');
    assert.ok(!(await call(admin, 'GET', '/integrations')).body.includes('accessToken'));
    assert.equal((await call(foreignAdmin, 'GET', '/integrations')).json().items.length, 0);
  });

  it('a wrong code or a PKCE mismatch is refused with a clear message and saves nothing', async () => {
    const other = await seedOrganization(app, 'PKCE Church');
    const otherAdmin = (await session(app, (await seedUser(app, { orgId: other, role: 'ADMIN', email: companyEmail('pkce') })).email)).token;
    const started = await call(otherAdmin, 'POST', '/integrations/planningCenter/oauth/start', { fromEmail: 'office@pkce.church' });
    const { state } = await authorize(started.json().authorizeUrl);
    const wrong = await call(otherAdmin, 'POST', '/integrations/planningCenter/oauth/complete', { code: 'not-the-code', state });
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().detail, 'Planning Center refused the authorization. Connect again.');
    // A code obtained without the verifier that belongs to this state (another authorization's challenge).
    const second = await call(otherAdmin, 'POST', '/integrations/planningCenter/oauth/start', { fromEmail: 'office@pkce.church' });
    const third = await call(otherAdmin, 'POST', '/integrations/planningCenter/oauth/start', { fromEmail: 'office@pkce.church' });
    const codeForThird = await authorize(third.json().authorizeUrl);
    const stateOfSecond = new URL(second.json().authorizeUrl).searchParams.get('state')!;
    const mismatch = await call(otherAdmin, 'POST', '/integrations/planningCenter/oauth/complete', { code: codeForThird.code, state: stateOfSecond });
    assert.equal(mismatch.statusCode, 400, 'the stand-in checks PKCE: the verifier of another authorization does not match');
    assert.equal(await app.kit.db.selectFrom('integration_configs').select('id').where('org_id', '=', other).executeTakeFirst(), undefined);
  });

  it('syncs with the Bearer token; refreshes it before it expires (once, even from two instances at once); disconnect revokes both tokens', async () => {
    const first = await waitForSync(admin);
    assert.deepEqual([first.status, first.syncedCount], ['succeeded', 120], first.message);
    assert.equal(systems.stats.oauthTokenGrants.refresh_token, 0);

    // The access token is about to expire: the next use refreshes it, exactly once across two instances.
    await app.kit.db.updateTable('integration_configs').set({ oauth_expires_at: new Date(Date.now() + OAUTH_REFRESH_MARGIN_MS - 1000) }).where('org_id', '=', orgId).execute();
    const twin = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
    try {
      const { openPeopleSource } = await import('../src/integrations/integration.service.ts');
      const [a, b] = await Promise.all([openPeopleSource(app.identity, orgId, 'planningCenter'), openPeopleSource(twin.identity, orgId, 'planningCenter')]);
      assert.deepEqual(a.headers(), b.headers(), 'both instances use the one refreshed token');
      assert.match(a.headers().authorization ?? '', /^Bearer /);
    } finally {
      await twin.close();
    }
    assert.equal(systems.stats.oauthTokenGrants.refresh_token, 1);
    const after = await app.kit.db.selectFrom('integration_configs').select('oauth_expires_at').where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.ok(after.oauth_expires_at!.getTime() > Date.now() + 60 * 60_000);
    const second = await waitForSync(admin);
    assert.equal(second.status, 'succeeded', second.message);

    const revokedBefore = systems.stats.oauthRevoked;
    assert.equal((await call(admin, 'DELETE', '/integrations/planningCenter')).json().message, 'Integration deleted!');
    assert.equal(systems.stats.oauthRevoked - revokedBefore, 2, 'refresh and access token revoked at Planning Center');
  });
});
