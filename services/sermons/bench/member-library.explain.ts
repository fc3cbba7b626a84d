// Profiles the member dashboard's two answers on the bench's data set (1,000 published sermons
// among drafts and other churches, 5,000 progress rows): the statements each use case sends (the
// repository's own SQL, captured from Kysely's log), EXPLAIN (ANALYZE, BUFFERS) of each, and the
// answers' sizes and sequential latency over HTTP. Run: node bench/member-library.explain.ts
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildTestApp, listen } from '../test/helper.ts';
import { seedMemberLibrary } from './member-library.seed.ts';
import { MemberRepository } from '../src/member/member.repository.ts';
import type { MemberDb } from '../src/member/member.tables.ts';
import { RECENTLY_VIEWED_LIMIT } from '../src/member/member.service.ts';

const t = await buildTestApp({ LOG_LEVEL: 'error' });
const base = await listen(t.app);
const { org, members } = await seedMemberLibrary(t.app.kit.db, { sermons: 1000, members: 100, progressRows: 5000 });
const reader = { orgId: org, userId: members[0] as string };
const token = await t.token(org, 'MEMBER', reader.userId);

for (const path of ['/api/sermons/member/dashboard', '/api/sermons/member/sermons?pageSize=12']) {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, bytes, status: response.status };
  };
  for (let i = 0; i < 50; i += 1) await get();
  const times: number[] = [];
  let last = { bytes: 0, status: 0 };
  // The service runs in this process: its CPU per request is this process's CPU over the loop.
  const cpu = process.cpuUsage();
  for (let i = 0; i < 300; i += 1) {
    const one = await get();
    times.push(one.ms);
    last = one;
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  console.log(`${path}: ${last.status}, ${last.bytes} bytes; sequential p50 ${times[150]?.toFixed(2)} ms, p99 ${times[297]?.toFixed(2)} ms; Node CPU (service + client) ${((used.user + used.system) / 1000 / 300).toFixed(2)} ms per request`);
}

// The repository on a Kysely of its own that records every statement it sends.
const pool = new pg.Pool({ connectionString: t.env.DATABASE_URL, options: `-c search_path=${t.env.DATABASE_SCHEMA}`, max: 2 });
let captured: CompiledQuery[] = [];
const db = new Kysely<MemberDb>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
const repository = new MemberRepository(db);
const useCases: [string, () => Promise<unknown>][] = [
  ['library page 1 (GET /member/sermons)', () => repository.library(reader, { limit: 12, offset: 0 })],
  ['dashboard stats (GET /member/dashboard)', () => repository.stats(reader)],
  ['dashboard recently viewed (GET /member/dashboard)', () => repository.recentlyViewed(reader, RECENTLY_VIEWED_LIMIT)],
  ['library by series', () => repository.library(reader, { series: 'Faith Forward', limit: 12, offset: 0 })],
];
for (const [name, run] of useCases) {
  captured = [];
  await run();
  const statements = captured;
  console.log(`\n### ${name}: ${statements.length} statement(s)`);
  for (const statement of statements) {
    // The plan of the fastest of 20 runs: on a shared machine single timings are mostly noise.
    let best: { ms: number; lines: string[] } = { ms: Number.POSITIVE_INFINITY, lines: [] };
    for (let i = 0; i < 20; i += 1) {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.parameters as unknown[]);
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const ms = lines.reduce((sum, line) => sum + Number(/(?:Planning|Execution) Time: ([\d.]+) ms/.exec(line)?.[1] ?? 0), 0);
      if (ms < best.ms) best = { ms, lines };
    }
    console.log(`${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}…\n  planning + execution (fastest of 20): ${best.ms.toFixed(3)} ms\n  ${best.lines.join('\n  ')}`);
  }
}
await db.destroy();
await t.app.close();
