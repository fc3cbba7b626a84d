// Member sync and the members list at congregation scale, over HTTP against real Postgres:
// 10,000 people from the Planning Center stand-in (100 pages of 100, 1% of requests answered 429
// with Retry-After: 1), then GET /members with a search at 10,000 rows. Figures: sync wall time
// and peak memory of the process (service + stand-in), list latency p50/p95/p99 (target p99 < 50 ms).
// Run: node bench/member-sync.bench.ts   (PEOPLE, LIST_REQUESTS to change the sizes)
import type { AddressInfo } from 'node:net';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { startChurchSystems, DEMO_PLANNING_CENTER_TOKEN } from '@lectern/local-stack/church-systems';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { buildApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';

const PEOPLE = Number(process.env.PEOPLE ?? 10_000);
const LIST_REQUESTS = Number(process.env.LIST_REQUESTS ?? 400);
const SYNC_TARGET_SEC = 60;
/** Growth of the process's resident memory during the sync (pages are streamed, never all held). */
const RSS_GROWTH_TARGET_MB = 100;
const LIST_P99_TARGET_MS = 50;

const systems = await startChurchSystems({ people: PEOPLE, rateLimitShare: 0.01, retryAfterSec: 1 });
const env = await isolatedServiceEnv('identity', { LOG_LEVEL: 'warn', PLANNING_CENTER_API_BASE: systems.planningCenterBase });
const app = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/identity`;

try {
  const org = await app.kit.db.insertInto('organizations').values({ name: 'Bench Church', subdomain: `bench-${Date.now()}`, domain: null, plan_id: null, plan_label: null, created_by: null }).returning('id').executeTakeFirstOrThrow();
  const admin = await app.kit.db.insertInto('users').values({ email: `bench-${Date.now()}@lectern.app`, org_id: org.id, role: 'ADMIN', first_name: 'B', last_name: 'A', phone: null, password_hash: null, email_verified_at: new Date() }).returning(['id', 'email']).executeTakeFirstOrThrow();
  // A company-domain ADMIN's token, minted as identity would at sign-in (the bench measures the sync, not sign-in).
  const { token } = await app.identity.tokens.sign({ sub: admin.id, org: org.id, role: 'ADMIN', email: admin.email, staff: false, cd: true });
  const headers = { authorization: `Bearer ${token}` };
  /** Queues the sync and follows the job until it ends. */
  const syncToEnd = async () => {
    const queued = await fetch(`${base}/integrations/planningCenter/sync-members`, { method: 'POST', headers });
    if (queued.status !== 202) throw new Error(`queueing the sync failed: ${queued.status} ${await queued.text()}`);
    for (;;) {
      const job = (await (await fetch(`${base}/integrations/planningCenter/sync-members/latest`, { headers })).json()) as { status: string; message: string | null; syncedCount: number; pagesProcessed: number; rateLimitedWaits: number; added: number; updated: number; unchanged: number };
      if (job.status === 'succeeded' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const saved = await fetch(`${base}/integrations/planningCenter`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ apiKey: DEMO_PLANNING_CENTER_TOKEN, fromEmail: 'office@bench.church' }) });
  if (!saved.ok) throw new Error(`saving the integration failed: ${saved.status} ${await saved.text()}`);

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const body = await syncToEnd();
  const syncSec = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (body.status !== 'succeeded') throw new Error(`sync failed: ${body.message}`);

  console.log(`  (a background job: queued by POST …/sync-members, progress read from …/sync-members/latest every 50 ms)`);
  console.log(`identity member sync from the Planning Center stand-in: ${PEOPLE} people, pages of 100, 1% of requests 429 (Retry-After 1 s)  (${loadAverage()})`);
  console.log(`  synced ${body.syncedCount} members from ${body.pagesProcessed} pages; 429s met and waited out: ${body.rateLimitedWaits} (stand-in counted ${systems.stats.rateLimited}); ${(body.syncedCount / syncSec).toFixed(0)} members/s`);
  console.log(`  ${targetLine('sync wall time', syncSec, 's', SYNC_TARGET_SEC, { digits: 2 })}`);
  console.log(`  ${targetLine('RSS growth during the sync (service + stand-in in one process)', (peakRss - rssBefore) / 1_048_576, 'MB', RSS_GROWTH_TARGET_MB)}; RSS before ${(rssBefore / 1_048_576).toFixed(0)} MB, peak ${(peakRss / 1_048_576).toFixed(0)} MB`);

  const again = performance.now();
  const second = await syncToEnd();
  console.log(`  second sync (changes nothing): ${((performance.now() - again) / 1000).toFixed(2)} s, added ${second.added}, updated ${second.updated}, unchanged ${second.unchanged}`);

  // The list with search at 10,000 rows: names, e-mail fragments, misses, and filters.
  const searches = ['ruth', 'adams', 'naomi.garcia', '.1234@', 'lydia moore', 'zzz-no-match', 'e', 'members.example', 'tabitha', '99'];
  const latencies: number[] = [];
  for (let i = 0; i < LIST_REQUESTS; i++) {
    const q = new URLSearchParams({ search: searches[i % searches.length]!, limit: '100' });
    if (i % 3 === 1) q.set('status', 'active');
    if (i % 5 === 2) q.set('role', 'MEMBER');
    const t0 = performance.now();
    const list = await fetch(`${base}/members?${q}`, { headers });
    await list.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (!list.ok) throw new Error(`list failed: ${list.status}`);
  }
  latencies.sort((a, b) => a - b);
  console.log(`GET /members with search at ${PEOPLE} rows over HTTP, ${LIST_REQUESTS} requests one after another (pages of 100 with the total)`);
  console.log(`  p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`);
  console.log(`  ${targetLine('list p99', percentile(latencies, 99), 'ms', LIST_P99_TARGET_MS)}`);
} finally {
  await app.close();
  await systems.close();
}
