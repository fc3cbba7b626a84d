// Church-management integrations and member sync against the local stand-ins (Planning Center
// People JSON:API and Rock RMS OData), with injected 401, 429 and 5xx.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
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
  let identityEnv: Record<string, string>;
  /** Queues a sync (202) and follows its progress until it finishes; returns the finished job. */
  const sync = async (token: string, type: string, on: IdentityApp = app): Promise<Record<string, unknown> & { status: string; message: string }> => {
    const queued = await on.inject({ method: 'POST', url: `${API}/integrations/${type}/sync-members`, headers: bearer(token) });
    assert.equal(queued.statusCode, 202, queued.body);
    const deadline = Date.now() + 90_000;
    for (;;) {
      const job = (await on.inject({ url: `${API}/integrations/${type}/sync-members/latest`, headers: bearer(token) })).json();
      if (job.status === 'succeeded' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`sync still ${job.status}`);
      await sleep(100);
    }
  };
  const memberCount = async (org = orgId) => Number((await app.kit.db.selectFrom('members').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', org).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    systems = await startChurchSystems({ people: 250 });
    const env = await isolatedServiceEnv('identity', { ...FAST_ENV, PLANNING_CENTER_API_BASE: systems.planningCenterBase, ROCK_RMS_API_BASE: systems.rockRmsBase, LOG_LEVEL: 'debug' });
    app = await buildApp(loadIdentityConfig(env), { prettyLogs: false, logStream: new Writable({ write: (chunk, _enc, done) => { logs.push(String(chunk)); done(); } }) as never, // Jobs start on the instance that queues them; polling (the fallback) is left to the tests' own instances.
      memberSync: { pollMs: 600_000 } });
    identityEnv = env;
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
      ['GET', '/integrations/planningCenter/sync-members/latest'],
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
    assert.deepEqual(added.json().integration.credentials, { fromEmail: 'office@church.org', apiKeySet: true, authKind: 'apiKey' });
    const row = await app.kit.db.selectFrom('integration_configs').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.match(row.api_key_sealed!, /^v1\.test\./, 'sealed with the active key id');
    assert.ok(!row.api_key_sealed!.includes('wrong-secret'));
    for (const res of [await call(admin, 'GET', '/integrations'), await call(admin, 'GET', '/integrations/planningCenter'), added]) assert.ok(!res.body.includes('wrong-secret'), 'key never returned');
    // Copied onto another organization's row, the sealed key does not open.
    assert.throws(() => app.identity.secrets.open(row.api_key_sealed!, 'another-org:integration:planningCenter'));

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
    const res = await sync(admin, 'planningCenter');
    assert.deepEqual([res.status, res.errorReason], ['failed', 'integration_unauthorized']);
    assert.equal(res.message, 'Planning Center refused the API key. Check the API Key of the integration and save it again.');
    assert.equal(await memberCount(), 0);
    assert.ok(systems.stats.unauthorized >= 1);
    assert.ok(!logs.join('').includes('wrong-secret'), 'the key is never logged');
  });

  it('Planning Center: 250 people in 3 pages; a second sync changes nothing; 429 (Retry-After) and a 503 are waited out; never deletes', async () => {
    await call(admin, 'PUT', '/integrations/planningCenter', { apiKey: DEMO_PLANNING_CENTER_TOKEN, fromEmail: 'office@church.org' });
    const first = await sync(admin, 'planningCenter');
    assert.equal(first.status, 'succeeded', first.message);
    assert.deepEqual([first.syncedCount, first.pagesProcessed, first.added], [250, 3, 250]);
    assert.equal(first.message, 'Member sync completed! Synced 250 members from 3 pages.');
    assert.equal(await memberCount(), 250);
    const sample = await app.kit.db.selectFrom('members').selectAll().where('org_id', '=', orgId).where('external_id', '=', '100003').executeTakeFirstOrThrow();
    assert.deepEqual([sample.first_name, sample.source, sample.email, sample.phone], ['Naomi', 'planningCenter', 'naomi.adams.3@members.example.church', null]);
    const snapshot = await app.kit.db.selectFrom('members').select(['id', 'updated_at']).where('org_id', '=', orgId).orderBy('id').execute();

    // Staff changes survive; a 429 with Retry-After 1 and a 503 on the way are retried.
    await app.kit.db.updateTable('members').set({ status: 'inactive', role: 'VOLUNTEER' }).where('id', '=', sample.id).execute();
    systems.configure({ failRequests: [1, 3], failStatus: 503, rateLimitShare: 0 });
    const started = Date.now();
    const second = await sync(admin, 'planningCenter');
    assert.equal(second.status, 'succeeded', second.message);
    assert.deepEqual([second.syncedCount, second.added, second.updated, second.unchanged, second.serverErrorRetries], [250, 0, 0, 250, 2]);
    const again = await app.kit.db.selectFrom('members').select(['id', 'updated_at']).where('org_id', '=', orgId).orderBy('id').execute();
    assert.deepEqual(again.filter((r) => r.id !== sample.id), snapshot.filter((r) => r.id !== sample.id), 'a second sync changes nothing');
    const kept = await app.kit.db.selectFrom('members').selectAll().where('id', '=', sample.id).executeTakeFirstOrThrow();
    assert.deepEqual([kept.status, kept.role], ['inactive', 'VOLUNTEER']);

    systems.configure({ failRequests: [], rateLimitShare: 0.5, retryAfterSec: 1 });
    const limited = await sync(admin, 'planningCenter');
    assert.equal(limited.status, 'succeeded', limited.message);
    assert.ok(Number(limited.rateLimitedWaits) >= 1, 'met a 429');
    assert.ok(Date.now() - started >= Number(limited.rateLimitedWaits) * 1000, 'waited Retry-After each time');
    assert.equal(limited.syncedCount, 250);

    systems.configure({ rateLimitShare: 0, people: 100 });
    const fewer = await sync(admin, 'planningCenter');
    assert.equal(fewer.pagesProcessed, 1);
    assert.equal(await memberCount(), 250, 'people gone from the system stay members');
    assert.equal(await memberCount(await seedOrganization(app)), 0);
  });

  it('a system that stays down: a clear error after retries, the pages already synced are kept; the next sync resumes and completes', async () => {
    await app.kit.db.deleteFrom('members').where('org_id', '=', orgId).execute();
    systems.configure({ people: 250, failRequests: [2, 3, 4, 5, 6, 7], failStatus: 500 });
    const down = await sync(admin, 'planningCenter');
    assert.equal(down.status, 'failed');
    assert.equal(down.message, 'Planning Center is not answering (HTTP 500). 100 members were synced before it stopped; run the sync again to continue.');
    assert.equal(await memberCount(), 100);
    systems.configure({ failRequests: [] });
    const resumed = await sync(admin, 'planningCenter');
    assert.deepEqual([resumed.added, resumed.unchanged], [150, 100]);
    assert.equal(await memberCount(), 250);
  });

  it('Rock RMS: Authorization-Token and $top/$skip pages; an e-mail already a member is linked, not duplicated', async () => {
    const other = await seedOrganization(app, 'Rock Church');
    const rockAdmin = (await session(app, (await seedUser(app, { orgId: other, role: 'ADMIN', email: companyEmail('rock') })).email)).token;
    await call(rockAdmin, 'POST', '/members', { firstName: 'Ruth', lastName: 'Adams', email: 'ruth.adams.1@members.example.church' });
    await call(rockAdmin, 'PUT', '/integrations/rockRms', { apiKey: DEMO_ROCK_RMS_KEY, fromEmail: 'office@rock.church' });
    systems.configure({ people: 230 });
    const res = await sync(rockAdmin, 'rockRms');
    assert.equal(res.status, 'succeeded', res.message);
    assert.deepEqual([res.syncedCount, res.pagesProcessed, res.added, res.updated], [230, 3, 229, 1]);
    const ruth = await app.kit.db.selectFrom('members').selectAll().where('org_id', '=', other).where('email', '=', 'ruth.adams.1@members.example.church').execute();
    assert.equal(ruth.length, 1);
    assert.deepEqual([ruth[0]!.source, ruth[0]!.external_id], ['rockRms', '100001']);
  });

  it('in the background: a second request while one runs gets the same job; two instances never run it twice; another organization sees no job', async () => {
    const other = await seedOrganization(app, 'Twin Church');
    const twinAdmin = (await session(app, (await seedUser(app, { orgId: other, role: 'ADMIN', email: companyEmail('twin') })).email)).token;
    await call(twinAdmin, 'PUT', '/integrations/planningCenter', { apiKey: DEMO_PLANNING_CENTER_TOKEN, fromEmail: 'office@twin.church' });
    // Connected but never synced: an empty state (null), not an error the browser console would log.
    const neverSynced = await call(twinAdmin, 'GET', '/integrations/planningCenter/sync-members/latest');
    assert.deepEqual([neverSynced.statusCode, neverSynced.json()], [200, null]);
    const notConnected = await call(twinAdmin, 'GET', '/integrations/rockRms/sync-members/latest');
    assert.deepEqual([notConnected.statusCode, notConnected.json().reason], [404, 'integration_not_found']);
    const twin = await buildApp(loadIdentityConfig(identityEnv), { prettyLogs: false, memberSync: { pollMs: 50 } });
    await twin.ready();
    try {
      systems.configure({ people: 250, failRequests: [], rateLimitShare: 0.4, retryAfterSec: 1 });
      const served = systems.stats.served;
      const [a, b] = await Promise.all([
        twin.inject({ method: 'POST', url: `${API}/integrations/planningCenter/sync-members`, headers: bearer(twinAdmin) }),
        app.inject({ method: 'POST', url: `${API}/integrations/planningCenter/sync-members`, headers: bearer(twinAdmin) }),
      ]);
      assert.deepEqual([a.statusCode, b.statusCode], [202, 202]);
      assert.equal(a.json().job.id, b.json().job.id, 'one job for both requests');
      assert.ok([a.json().message, b.json().message].includes('A member sync is already running for this integration.'));
      assert.equal((await call(foreignAdmin, 'GET', '/integrations/planningCenter/sync-members/latest')).statusCode, 404);
      let job: Record<string, unknown>;
      do {
        await sleep(100);
        job = (await call(twinAdmin, 'GET', '/integrations/planningCenter/sync-members/latest')).json();
      } while (job.status !== 'succeeded' && job.status !== 'failed');
      assert.deepEqual([job.status, job.syncedCount, job.pagesProcessed, job.added], ['succeeded', 250, 3, 250]);
      assert.equal(systems.stats.served - served, 3, 'each page served once: no second runner');
      const rows = await app.kit.db.selectFrom('member_sync_jobs').select(['attempts']).where('org_id', '=', other).execute();
      assert.deepEqual(rows, [{ attempts: 1 }]);
    } finally {
      systems.configure({ rateLimitShare: 0 });
      await twin.close();
    }
  });

  it('survives its instance: a stopped instance gives the job back after its page and another finishes it; a dead one\'s job is taken over from its saved page when the lease runs out', async () => {
    const other = await seedOrganization(app, 'Restart Church');
    const restartAdmin = (await session(app, (await seedUser(app, { orgId: other, role: 'ADMIN', email: companyEmail('restart') })).email)).token;
    await call(restartAdmin, 'PUT', '/integrations/planningCenter', { apiKey: DEMO_PLANNING_CENTER_TOKEN, fromEmail: 'office@restart.church' });
    const count = () => memberCount(other);

    // Graceful: the first instance is stopped mid-sync (a deploy); the running instance finishes.
    const first = await buildApp(loadIdentityConfig(identityEnv), { prettyLogs: false, memberSync: { pollMs: 600_000 } });
    await first.ready();
    systems.configure({ people: 250, failRequests: [], rateLimitShare: 0, retryAfterSec: 2 });
    // page 2 answers 429 (Retry-After 2 s) once, so the stop lands while the first instance waits
    systems.configure({ failRequests: [2], failStatus: 429 });
    const queued = await first.inject({ method: 'POST', url: `${API}/integrations/planningCenter/sync-members`, headers: bearer(restartAdmin) });
    assert.equal(queued.statusCode, 202);
    const jobId = queued.json().job.id as string;
    const progressOf = () => app.kit.db.selectFrom('member_sync_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    while ((await progressOf()).pages_processed < 1) await sleep(50);
    await first.close();
    const handedBack = await progressOf();
    assert.equal(handedBack.status, 'running');
    assert.equal(handedBack.lease_owner, null, 'given back at once');
    assert.equal(handedBack.pages_processed, 1);
    const restarted = await buildApp(loadIdentityConfig(identityEnv), { prettyLogs: false, memberSync: { pollMs: 100 } });
    await restarted.ready();
    try {
      let done = await progressOf();
      for (const deadline = Date.now() + 30_000; done.status === 'running' && Date.now() < deadline; done = await progressOf()) await sleep(100);
      assert.deepEqual([done.status, done.pages_processed, done.synced_count, done.attempts], ['succeeded', 3, 250, 2]);
      assert.equal(await count(), 250);
    } finally {
      await restarted.close();
    }

    // Crash: a job left running by an instance that died after page 1 (its lease ran out).
    await app.kit.db.deleteFrom('members').where('org_id', '=', other).where('external_id', '>', '100100').execute();
    systems.configure({ failRequests: [] });
    const orphan = await app.kit.db
      .insertInto('member_sync_jobs')
      .values({ org_id: other, integration_type: 'planningCenter', status: 'running', requested_by: null, next_url: `${systems.planningCenterBase}/people/v2/people?per_page=100&offset=100&include=emails,phone_numbers`, pages_processed: 1, synced_count: 100, unchanged: 100, attempts: 1, lease_owner: 'dead-instance', lease_expires_at: new Date(Date.now() - 1000), error_reason: null, message: null, started_at: new Date(), finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const served = systems.stats.served;
    const survivor = await buildApp(loadIdentityConfig(identityEnv), { prettyLogs: false, memberSync: { pollMs: 100 } });
    await survivor.ready();
    let taken = await app.kit.db.selectFrom('member_sync_jobs').selectAll().where('id', '=', orphan.id).executeTakeFirstOrThrow();
    for (const deadline = Date.now() + 30_000; taken.status !== 'succeeded' && Date.now() < deadline; taken = await app.kit.db.selectFrom('member_sync_jobs').selectAll().where('id', '=', orphan.id).executeTakeFirstOrThrow()) await sleep(100);
    assert.deepEqual([taken.status, taken.pages_processed, taken.synced_count, taken.added], ['succeeded', 3, 250, 150]);
    await survivor.close();
    assert.equal(systems.stats.served - served, 2, 'resumed at page 2: page 1 not read again');
    assert.equal(await count(), 250);
  });
});
