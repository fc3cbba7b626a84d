// The member dashboard's API at a fixed arrival rate (open loop) over HTTP against the sermons
// service in its own process on real Postgres: a church with 1,000 published sermons and 5,000
// progress rows of its members. Each page view asks for two answers, the dashboard (stats and
// recently viewed) and the first library page; requests alternate between the two, each for a
// random member. Target: p99 under 50 ms at 300 requests/s. Prints; does not assert.
// Run: node bench/member-library.bench.ts   (RATE=300 BENCH_SECONDS=10 SERMONS=1000 MEMBERS=100 PROGRESS_ROWS=5000)
import { Agent, request } from 'node:http';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { startSermonsService } from './sermons-service.process.ts';

const RATE = Number(process.env.RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERMONS = Number(process.env.SERMONS ?? 1000);
const MEMBERS = Number(process.env.MEMBERS ?? 100);
const PROGRESS_ROWS = Number(process.env.PROGRESS_ROWS ?? 5000);
const TARGET_P99_MS = 50;

const service = await startSermonsService();
try {
  const { org, members } = await service.seedMemberLibrary(SERMONS, MEMBERS, PROGRESS_ROWS);
  const tokens = await Promise.all(members.map((userId) => service.token(org, 'MEMBER', userId)));
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const paths = ['/api/sermons/member/dashboard', '/api/sermons/member/sermons?pageSize=12'];
  const get = (i: number) => new Promise<{ ms: number; status: number; path: string }>((resolve, reject) => {
    const path = paths[i % 2] as string;
    const token = tokens[Math.floor(Math.random() * tokens.length)] as string;
    const start = performance.now();
    const req = request(new URL(`${service.base}${path}`), { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, path }));
    });
    req.on('error', reject);
    req.end();
  });

  const sample = (await (await fetch(`${service.base}${paths[1]}`, { headers: { authorization: `Bearer ${tokens[0]}` } })).json()) as { total: number; sermons: unknown[] };
  if (sample.total !== SERMONS) throw new Error(`the library lists ${sample.total} sermons, expected ${SERMONS}`);

  for (let i = 0; i < 100; i += 1) await get(i);

  const loadAtStart = loadAverage();
  const total = RATE * SECONDS;
  const results: Promise<{ ms: number; status: number; path: string }>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    results.push(get(i));
  }
  const done = await Promise.all(results);
  const elapsed = (performance.now() - started) / 1000;
  const failures = done.filter((r) => r.status !== 200).length;
  const sorted = (rows: typeof done) => rows.map((r) => r.ms).sort((a, b) => a - b);
  const all = sorted(done);
  console.log(`member dashboard API: ${SERMONS} published sermons (+200 drafts, +5,000 of other churches), ${MEMBERS} members with ${PROGRESS_ROWS} progress rows`);
  console.log(`offered ${RATE} req/s for ${SECONDS} s: ${total} requests, achieved ${(total / elapsed).toFixed(0)} req/s, ${failures} failures; load at start: ${loadAtStart}`);
  for (const path of paths) {
    const one = sorted(done.filter((r) => r.path === path));
    console.log(`  ${path}: p50 ${percentile(one, 50).toFixed(1)}  p99 ${percentile(one, 99).toFixed(1)}  max ${percentile(one, 100).toFixed(1)} ms`);
  }
  console.log(`latency ms (both): p50 ${percentile(all, 50).toFixed(1)}  p90 ${percentile(all, 90).toFixed(1)}  p99 ${percentile(all, 99).toFixed(1)}  max ${percentile(all, 100).toFixed(1)}`);
  console.log(targetLine(`member dashboard API p99 at ${RATE} req/s`, failures > 0 ? Number.POSITIVE_INFINITY : percentile(all, 99), 'ms', TARGET_P99_MS));
  agent.destroy();
} finally {
  await service.close();
}
