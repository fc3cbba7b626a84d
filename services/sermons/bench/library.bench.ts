// Library GET of an organization with 1,000 sermons at a fixed arrival rate (open loop: requests
// are sent on schedule whether or not earlier ones have answered), over HTTP against the sermons
// service in its own process on real Postgres. Target: p99 under 25 ms at 300 requests/s.
// Prints; does not assert.
// Run: node bench/library.bench.ts   (RATE=300 BENCH_SECONDS=10 SERMONS=1000)
import { Agent, request } from 'node:http';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { startSermonsService } from './sermons-service.process.ts';

const RATE = Number(process.env.RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERMONS = Number(process.env.SERMONS ?? 1000);
const TARGET_P99_MS = 25;

const service = await startSermonsService();
try {
  const org = await service.seedLibrary(SERMONS);
  const token = await service.token(org, 'STAFF');
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(`${service.base}/api/sermons/sermons`);
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

  // What one answer holds (uncompressed), so the figure says what was served.
  const sample = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (sample.status !== 200) throw new Error(`GET /api/sermons/sermons answered ${sample.status}: ${await sample.text()}`);
  const listed = ((await sample.json()) as { sermons: unknown[] }).sermons.length;

  // Warm-up: JIT, pool connections, key set, library cache.
  for (let i = 0; i < 50; i += 1) await get();
  const first = await get();

  const loadAtStart = loadAverage();
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
  const failures = done.filter((r) => r.status !== 200).length;
  console.log(`library GET, ${SERMONS} sermons in the organization (+5,000 of other organizations), ${listed} sermons in one answer, ${(first.bytes / 1024).toFixed(0)} KiB compressed`);
  console.log(`offered ${RATE} req/s for ${SECONDS} s: ${total} requests, achieved ${(total / elapsed).toFixed(0)} req/s, ${failures} failures; load at start: ${loadAtStart}`);
  console.log(`latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p90 ${percentile(latencies, 90).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${percentile(latencies, 100).toFixed(1)}`);
  console.log(targetLine(`library p99 at ${RATE} req/s`, failures > 0 ? Number.POSITIVE_INFINITY : percentile(latencies, 99), 'ms', TARGET_P99_MS));
  if (failures > 0) console.log(`${failures} requests failed: the p99 counts as not met`);
  agent.destroy();
} finally {
  await service.close();
}
