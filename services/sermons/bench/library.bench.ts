// Library GET of an organization with 1,000 sermons at a fixed arrival rate (open loop: requests
// are sent on schedule whether or not earlier ones have answered), over HTTP against real
// Postgres. Target: p99 under 25 ms at 300 requests/s.
// Run: node bench/library.bench.ts   (RATE=300 BENCH_SECONDS=10 SERMONS=1000)
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { sql } from 'kysely';
import { buildTestApp, listen } from '../test/helper.ts';

const RATE = Number(process.env.RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERMONS = Number(process.env.SERMONS ?? 1000);

const t = await buildTestApp({ LOG_LEVEL: 'warn' });
const base = await listen(t.app);
try {
  const org = await seed();
  const token = await t.token(org, 'STAFF');
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(`${base}/api/sermons/sermons`);
  const get = () => new Promise<{ ms: number; status: number; bytes: number }>((resolve, reject) => {
    const start = performance.now();
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, bytes }));
    });
    req.on('error', reject);
    req.end();
  });

  // Warm-up: JIT, pool connections, key set.
  for (let i = 0; i < 50; i += 1) await get();
  const first = await get();
  if (first.status !== 200) throw new Error(`GET answered ${first.status}`);

  const total = RATE * SECONDS;
  const results: Promise<{ ms: number; status: number; bytes: number }>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    results.push(get());
  }
  const done = await Promise.all(results);
  const elapsed = (performance.now() - started) / 1000;
  const latencies = done.map((r) => r.ms).sort((a, b) => a - b);
  const pct = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN).toFixed(1);
  const failures = done.filter((r) => r.status !== 200).length;
  console.log(`library GET, ${SERMONS} sermons in the organization, response ${(first.bytes / 1024).toFixed(0)} KiB`);
  console.log(`offered ${RATE} req/s for ${SECONDS} s: ${total} requests, achieved ${(total / elapsed).toFixed(0)} req/s, ${failures} failures`);
  console.log(`latency ms: p50 ${pct(50)}  p90 ${pct(90)}  p99 ${pct(99)}  max ${pct(100)}  (target p99 < 25 ms: ${Number(pct(99)) < 25 ? 'met' : 'NOT met'})`);
  agent.destroy();
} finally {
  await t.app.close();
}

async function seed(): Promise<string> {
  const org = randomUUID();
  await sql`insert into sermons (org_id, title, speaker, recorded_on, created_by, created_at, status, temporary_media_path, duration)
    select ${org}::uuid, 'Sermon number ' || g, 'Pastor ' || (g % 7), date '2026-01-01' + (g % 300), ${randomUUID()}::uuid, now() - (g || ' minutes')::interval,
      (array['PROCESSING','REVIEW','PUBLISHED','FAILED'])[1 + g % 4], gen_random_uuid() || '.mp3', 1800 + g
    from generate_series(1, ${SERMONS}) g`.execute(t.app.kit.db);
  await sql`insert into sermon_progress (sermon_id, upload_pct, transcribe_pct, current_step)
    select id, 100, 50, 'transcribe' from sermons where org_id = ${org}::uuid`.execute(t.app.kit.db);
  // Other organizations' rows in the same table, so the query has to use the index.
  await sql`insert into sermons (org_id, title, created_by) select gen_random_uuid(), 'other', gen_random_uuid() from generate_series(1, 5000)`.execute(t.app.kit.db);
  await sql`analyze sermons`.execute(t.app.kit.db);
  return org;
}
