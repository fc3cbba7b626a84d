// Church-management integrations and member sync against the local stand-ins (Planning Center
// People JSON:API and Rock RMS OData), with injected 401, 429 and 5xx.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { startChurchSystems, DEMO_PLANNING_CENTER_TOKEN, DEMO_ROCK_RMS_KEY, type ChurchSystemsServer } from '@lectern/local-stack/church-systems';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { API, bearer, companyEmail, FAST_ENV, seedOrganization, seedUser, session } from './helper.ts';

describe('integrations and member sync', () => {
  let app: IdentityApp;
  let systems: ChurchSystemsServer;
  let orgId: string;
  let admin: string;
  let foreignAdmin: string;
  const refused: Record<string, string> = {};
  const logs: string[] = [];
  const call = (token: string, method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as 'GET', url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const memberCount = async (org = orgId) => Number((await app.kit.db.selectFrom('members').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', org).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    systems = await startChurchSystems({ people: 250 });
    const env = await isolatedServiceEnv('identity', { ...FAST_ENV, PLANNING_CENTER_API_BASE: systems.planningCenterBase, ROCK_RMS_API_BASE: systems.rockRmsBase, LOG_LEVEL: 'debug' });
    app = await buildApp(loadIdentityConfig(env), { prettyLogs: false, logStream: new Writable({ write: (chunk, _enc, done) => { logs.push(String(chunk)); done(); } }) as never });
    orgId = await seedOrganization(app, 'Sync Church');
    const otherOrg = await seedOrganization(app, 'Other Church');
    admin = (await session(app, (await seedUser(app, { orgId, role: 'ADMIN', email: companyEmail('admin') })).email)).token;
    foreignAdmin = (await session(app, (await seedUser(app, { orgId: otherOrg, role: 'ADMIN', email: companyEmail('foreign') })).email)).token;
    refused.externalAdmin = (await session(app, (await seedUser(app, { orgId, role: 'ADMIN' })).email)).token;
    refused.internalMember = (await session(app, (await seedUser(app, { orgId, role: 'MEMBER', email: companyEmail('member') })).email)).token;
  });
  afterAll(async () => {
    await app?.close();
    await systems?.close();
  });

  it('every /integrations route: company-domain staff only; another organization never sees or touches this one', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/integrations'],
      ['GET', '/integrations/planningCenter'],
      ['PUT', '/integrations/planningCenter', { apiKey: 'x:y', fromEmail: 'a@example.org' }],
      ['DELETE', '/integrations/planningCenter'],
      ['POST', '/integrations/planningCenter/test'],
      ['POST', '/integrations/planningCenter/sync-members'],
    ];
    for (const [method, url, body] of routes) {
      for (const [name, token] of Object.entries(refused)) assert.equal((await call(token, method, url, body)).statusCode, 403, `${name} ${method} ${url}`);
      assert.equal((await app.inject({ method: method as 'GET', url: `${API}${url}` })).statusCode, 401);
    }
    assert.equal(await app.kit.db.selectFrom('integration_configs').select('id').executeTakeFirst(), undefined, 'nothing written by refused calls');
  });

  it('the editor: API Key and From Email required; the key is sealed at rest, never returned; "Integration not found."; delete', async () => {
    const missing = await call(admin, 'PUT', '/integrations/planningCenter', { apiKey: '', fromEmail: '' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().fieldErrors, { apiKey: 'API Key is required.', fromEmail: 'From Email is required.' });
    assert.equal((await call(admin, 'GET', '/integrations/planningCenter')).json().detail, 'Integration not found.');
    assert.equal((await call(admin, 'PUT', '/integrations/salesforce', { apiKey: 'k', fromEmail: 'a@example.org' })).statusCode, 400);

    const added = await call(admin, 'PUT', '/integrations/planningCenter', { apiKey: 'wrong-app:wrong-secret', fromEmail: 'Office@Church.org' });
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(added.json().message, 'Integration added!');
    assert.deepEqual(added.json().integration.credentials, { fromEmail: 'office@church.org', apiKeySet: true });
    const row = await app.kit.db.selectFrom('integration_configs').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.match(row.api_key_sealed, /^v1\.test\./, 'sealed with the active key id');
    assert.ok(!row.api_key_sealed.includes('wrong-secret'));
    for (const res of [await call(admin, 'GET', '/integrations'), await call(admin, 'GET', '/integrations/planningCenter'), added]) assert.ok(!res.body.includes('wrong-secret'), 'key never returned');
    // Copied onto another organization's row, the sealed key does not open.
    assert.throws(() => app.identity.secrets.open(row.api_key_sealed, 'another-org:integration:planningCenter'));

    const updated = await call(admin, 'PUT', '/integrations/planningCenter', { apiKey: '', fromEmail: 'pastor@church.org' });
    assert.equal(updated.json().message, 'Integration updated!');
    const after = await app.kit.db.selectFrom('integration_configs').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.equal(after.api_key_sealed, row.api_key_sealed, 'an empty key keeps the stored one');
    assert.equal((await call(foreignAdmin, 'GET', '/integrations')).json().items.length, 0);
    assert.equal((await call(foreignAdmin, 'DELETE', '/integrations/planningCenter')).statusCode, 404);

    const started = Date.now();
    const tested = await call(admin, 'POST', '/integrations/planningCenter/test');
    assert.equal(tested.statusCode, 200);
    assert.ok(Date.now() - started >= 1000, 'the simulated 1-second wait');

    await call(admin, 'PUT', '/integrations/rockRms', { apiKey: 'temp', fromEmail: 'a@church.org' });
    assert.equal((await call(admin, 'DELETE', '/integrations/rockRms')).json().message, 'Integration deleted!');
    assert.equal((await call(admin, 'DELETE', '/integrations/rockRms')).statusCode, 404);
  });

  it('bad credentials: a clear error, nothing synced, the key not in any log line', async () => {
    const res = await call(admin, 'POST', '/integrations/planningCenter/sync-members');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().detail, 'Planning Center refused the API key. Check the API Key of the integration and save it again.');
    assert.equal(await memberCount(), 0);
    assert.ok(systems.stats.unauthorized >= 1);
    assert.ok(!logs.join('').includes('wrong-secret'), 'the key is never logged');
  });

  it('Planning Center: 250 people in 3 pages; a second sync changes nothing; 429 (Retry-After) and a 503 are waited out; never deletes', async () => {
    await call(admin, 'PUT', '/integrations/planningCenter', { apiKey: DEMO_PLANNING_CENTER_TOKEN, fromEmail: 'office@church.org' });
    const first = await call(admin, 'POST', '/integrations/planningCenter/sync-members');
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual([first.json().syncedCount, first.json().pagesProcessed, first.json().added], [250, 3, 250]);
    assert.equal(first.json().message, 'Member sync completed! Synced 250 members from 3 pages.');
    assert.equal(await memberCount(), 250);
    const sample = await app.kit.db.selectFrom('members').selectAll().where('org_id', '=', orgId).where('external_id', '=', '100003').executeTakeFirstOrThrow();
    assert.deepEqual([sample.first_name, sample.source, sample.email, sample.phone], ['Naomi', 'planningCenter', 'naomi.adams.3@members.example.church', null]);
    const snapshot = await app.kit.db.selectFrom('members').select(['id', 'updated_at']).where('org_id', '=', orgId).orderBy('id').execute();

    // Staff changes survive; a 429 with Retry-After 1 and a 503 on the way are retried.
    await app.kit.db.updateTable('members').set({ status: 'inactive', role: 'VOLUNTEER' }).where('id', '=', sample.id).execute();
    systems.configure({ failRequests: [1, 3], failStatus: 503, rateLimitShare: 0 });
    const started = Date.now();
    const second = await call(admin, 'POST', '/integrations/planningCenter/sync-members');
    assert.equal(second.statusCode, 200, second.body);
    assert.deepEqual([second.json().syncedCount, second.json().added, second.json().updated, second.json().unchanged, second.json().serverErrorRetries], [250, 0, 0, 250, 2]);
    const again = await app.kit.db.selectFrom('members').select(['id', 'updated_at']).where('org_id', '=', orgId).orderBy('id').execute();
    assert.deepEqual(again.filter((r) => r.id !== sample.id), snapshot.filter((r) => r.id !== sample.id), 'a second sync changes nothing');
    const kept = await app.kit.db.selectFrom('members').selectAll().where('id', '=', sample.id).executeTakeFirstOrThrow();
    assert.deepEqual([kept.status, kept.role], ['inactive', 'VOLUNTEER']);

    systems.configure({ failRequests: [], rateLimitShare: 0.5, retryAfterSec: 1 });
    const limited = await call(admin, 'POST', '/integrations/planningCenter/sync-members');
    assert.equal(limited.statusCode, 200, limited.body);
    assert.ok(limited.json().rateLimitedWaits >= 1, 'met a 429');
    assert.ok(Date.now() - started >= limited.json().rateLimitedWaits * 1000, 'waited Retry-After each time');
    assert.equal(limited.json().syncedCount, 250);

    systems.configure({ rateLimitShare: 0, people: 100 });
    const fewer = await call(admin, 'POST', '/integrations/planningCenter/sync-members');
    assert.equal(fewer.json().pagesProcessed, 1);
    assert.equal(await memberCount(), 250, 'people gone from the system stay members');
    assert.equal(await memberCount(await seedOrganization(app)), 0);
  });

  it('a system that stays down: a clear error after retries, the pages already synced are kept; the next sync resumes and completes', async () => {
    await app.kit.db.deleteFrom('members').where('org_id', '=', orgId).execute();
    systems.configure({ people: 250, failRequests: [2, 3, 4, 5, 6, 7], failStatus: 500 });
    const down = await call(admin, 'POST', '/integrations/planningCenter/sync-members');
    assert.equal(down.statusCode, 409);
    assert.equal(down.json().detail, 'Planning Center is not answering (HTTP 500). 100 members were synced before it stopped; run the sync again to continue.');
    assert.equal(await memberCount(), 100);
    systems.configure({ failRequests: [] });
    const resumed = await call(admin, 'POST', '/integrations/planningCenter/sync-members');
    assert.deepEqual([resumed.json().added, resumed.json().unchanged], [150, 100]);
    assert.equal(await memberCount(), 250);
  });

  it('Rock RMS: Authorization-Token and $top/$skip pages; an e-mail already a member is linked, not duplicated', async () => {
    const other = await seedOrganization(app, 'Rock Church');
    const rockAdmin = (await session(app, (await seedUser(app, { orgId: other, role: 'ADMIN', email: companyEmail('rock') })).email)).token;
    await call(rockAdmin, 'POST', '/members', { firstName: 'Ruth', lastName: 'Adams', email: 'ruth.adams.1@members.example.church' });
    await call(rockAdmin, 'PUT', '/integrations/rockRms', { apiKey: DEMO_ROCK_RMS_KEY, fromEmail: 'office@rock.church' });
    systems.configure({ people: 230 });
    const res = await call(rockAdmin, 'POST', '/integrations/rockRms/sync-members');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().syncedCount, res.json().pagesProcessed, res.json().added, res.json().updated], [230, 3, 229, 1]);
    const ruth = await app.kit.db.selectFrom('members').selectAll().where('org_id', '=', other).where('email', '=', 'ruth.adams.1@members.example.church').execute();
    assert.equal(ruth.length, 1);
    assert.deepEqual([ruth[0]!.source, ruth[0]!.external_id], ['rockRms', '100001']);
  });
});
