// Event-path benchmark: N events/s, each written through the outbox in its own transaction with
// a state change, relayed to Kafka and applied by the idempotent consumer. Reports commit →
// consumer-committed latency (p50/p95/p99), throughput, events lost and duplicates applied.
//
//   node services/kit/bench/event-path.bench.ts            (DATABASE_URL / KAFKA_BROKERS, or own infra)
//   BENCH_SECONDS=10 BENCH_RATE=1000 node services/kit/bench/event-path.bench.ts
//   BENCH_WRITERS=16 BENCH_CONSUMER=inline|process BENCH_CONSUMER_CONCURRENCY=12
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshSchemaName } from '../src/testing/index.ts';
import { buildProbeApp, consumeProbes, effectCounts, writeProbe } from '../test/fixtures/probe.app.ts';
import { percentile } from '@lectern/local-stack/bench';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const rate = Number(process.env.BENCH_RATE ?? 1000);
const writers = Number(process.env.BENCH_WRITERS ?? 16);
// Batches the consumer handles at once (one transaction and pool connection each); the topic has
// DEFAULT_PARTITIONS partitions, so up to that many.
const consumerConcurrency = Number(process.env.BENCH_CONSUMER_CONCURRENCY ?? 12);
// `inline` (default, comparable with earlier figures): writers, relay and consumer share this
// process and its event loop; `process`: the consumer is another service in its own process, as
// in the deployment.
const consumerMode = process.env.BENCH_CONSUMER === 'process' ? 'process' : 'inline';
const targetP95Ms = 100;

async function infraEnv(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const { DATABASE_URL, KAFKA_BROKERS } = process.env;
  if (DATABASE_URL && KAFKA_BROKERS) return { env: { DATABASE_URL, KAFKA_BROKERS }, stop: async () => {} };
  const { startPrivateInfra } = await import('@lectern/local-stack/testing');
  process.stdout.write('starting Postgres and Kafka (harness)…\n');
  const infra = await startPrivateInfra(['postgres', 'kafka']);
  return { env: infra.env(), stop: () => infra.stop() };
}


const infra = await infraEnv();
const schema = freshSchemaName('bench');
const total = Math.round(seconds * rate);
const committedAt = new Float64Array(total + 1);
const sentAt = new Float64Array(total + 1);
const handledAt = new Float64Array(total + 1);
const app = await buildProbeApp({
  PORT: '0',
  LOG_LEVEL: 'error',
  ...infra.env,
  DATABASE_SCHEMA: schema,
  KAFKA_TOPIC_PREFIX: `${schema}.`,
  DATABASE_POOL_MAX: String(writers + (consumerMode === 'inline' ? consumerConcurrency : 0) + 4),
  OUTBOX_POLL_MS: '500',
}, {
  // Kafka acknowledged these rows: splits the latency into commit → sent and sent → handled.
  relayFaults: {
    afterSend: (rows) => {
      const now = performance.now();
      for (const row of rows) {
        const seq = (row.envelope as { data: { seq: number } }).data.seq;
        if (seq <= total && sentAt[seq] === 0) sentAt[seq] = now;
      }
    },
  },
});

let handledCount = 0;
function handled(seqs: number[], now: number): void {
  for (const seq of seqs) {
    if (handledAt[seq] === 0) handledCount += 1;
    handledAt[seq] = now;
  }
}
const groupId = `bench-${randomUUID()}`;
const inlineConsumer = consumerMode === 'inline' ? consumeProbes(app, groupId, (seqs) => handled(seqs, performance.now()), { partitionsConsumedConcurrently: consumerConcurrency }) : undefined;
await app.ready();
await app.kit.whenStarted();
let consumerProcess: ChildProcess | undefined;
if (consumerMode === 'process') {
  const child = fork(new URL('../test/fixtures/probe-consumer.ts', import.meta.url).pathname, [], {
    env: {
      ...process.env,
      ...infra.env,
      DATABASE_SCHEMA: schema,
      KAFKA_TOPIC_PREFIX: `${schema}.`,
      DATABASE_POOL_MAX: String(consumerConcurrency + 2),
      PROBE_GROUP_ID: groupId,
      PROBE_CONCURRENCY: String(consumerConcurrency),
    },
  });
  consumerProcess = child;
  // Wall-clock times from the child, turned into this process's performance.now() scale.
  child.on('message', (m: { type: string; seqs?: number[]; at?: number }) => {
    if (m.type === 'handled') handled(m.seqs!, m.at! - performance.timeOrigin);
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`consumer process exited (${code}) before it was ready`)));
  });
}
// Warm the path (topic metadata, group join) before measuring.
await writeProbe(app, 0);
for (let i = 0; i < 200 && handledAt[0] === 0; i += 1) await sleep(50);

process.stdout.write(`writing ${total} events at ${rate}/s for ${seconds} s with ${writers} writers; consumer ${consumerMode === 'process' ? 'in its own process' : 'in this process'}, ${consumerConcurrency} batches at once…\n`);
const loadAtStart = loadavg();
const cpuAtStart = process.cpuUsage();
const start = performance.now();
let next = 1;
let writeErrors = 0;
async function writer(): Promise<void> {
  for (;;) {
    const seq = next;
    if (seq > total) return;
    next += 1;
    // Pace: event `seq` is due at start + seq / rate.
    const due = start + (seq * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    try {
      await writeProbe(app, seq);
      committedAt[seq] = performance.now();
    } catch {
      writeErrors += 1;
    }
  }
}
await Promise.all(Array.from({ length: writers }, writer));
const writeSeconds = (performance.now() - start) / 1000;
const written = total - writeErrors;

const drainDeadline = Date.now() + 60_000;
while (handledCount < written + 1 && Date.now() < drainDeadline) await sleep(100);
const endToEndSeconds = (Math.max(...handledAt) - start) / 1000;
const cpu = process.cpuUsage(cpuAtStart);
const loadAtEnd = loadavg();
await sleep(1000); // any redelivery would show up as a duplicate now
const counts = await effectCounts(app.kit.db);
let consumerStats = inlineConsumer?.stats;
if (consumerProcess) {
  const child = consumerProcess;
  const stopped = new Promise<typeof consumerStats>((resolve) => {
    child.on('message', (m: { type: string; stats?: typeof consumerStats }) => m.type === 'stopped' && resolve(m.stats));
    setTimeout(() => resolve(undefined), 30_000).unref();
  });
  child.send({ type: 'stop' });
  consumerStats = await stopped;
}

const latencies: number[] = [];
for (let seq = 1; seq <= total; seq += 1) if (committedAt[seq]! > 0 && handledAt[seq]! > 0) latencies.push(Math.max(0, handledAt[seq]! - committedAt[seq]!));
latencies.sort((a, b) => a - b);
const toSent: number[] = [];
const sentToHandled: number[] = [];
for (let seq = 1; seq <= total; seq += 1) {
  if (committedAt[seq]! > 0 && sentAt[seq]! > 0) toSent.push(Math.max(0, sentAt[seq]! - committedAt[seq]!));
  if (sentAt[seq]! > 0 && handledAt[seq]! > 0) sentToHandled.push(Math.max(0, handledAt[seq]! - sentAt[seq]!));
}
toSent.sort((a, b) => a - b);
sentToHandled.sort((a, b) => a - b);
const p50 = percentile(latencies, 50);
const p95 = percentile(latencies, 95);
const p99 = percentile(latencies, 99);
const lost = written + 1 - counts.distinct; // +1: the warm-up event
const duplicatesApplied = counts.effects - counts.distinct;

const fmt = (n: number) => n.toFixed(1);
process.stdout.write(
  [
    '',
    'event path: outbox → relay → Kafka → idempotent consumer',
    `  target rate        ${rate} events/s for ${seconds} s (${total} events, each its own transaction + state change)`,
    `  writes committed   ${written} in ${fmt(writeSeconds)} s = ${fmt(written / writeSeconds)} events/s (write errors: ${writeErrors})`,
    `  consumed           ${counts.distinct - 1} applied; end-to-end ${fmt((counts.distinct - 1) / endToEndSeconds)} events/s`,
    `  latency commit → consumer committed: p50 ${fmt(p50)} ms, p95 ${fmt(p95)} ms, p99 ${fmt(p99)} ms, max ${fmt(latencies.at(-1) ?? Number.NaN)} ms`,
    `    commit → Kafka acknowledged (relay): p50 ${fmt(percentile(toSent, 50))} ms, p95 ${fmt(percentile(toSent, 95))} ms`,
    `    Kafka acknowledged → consumer committed: p50 ${fmt(percentile(sentToHandled, 50))} ms, p95 ${fmt(percentile(sentToHandled, 95))} ms`,
    `  p95 / target (${targetP95Ms} ms) = ${(p95 / targetP95Ms).toFixed(2)}${p95 < targetP95Ms ? ' (within target)' : ' (OVER target)'}`,
    `  events lost        ${lost}`,
    `  duplicates applied ${duplicatesApplied}`,
    `  bench process CPU ${fmt((cpu.user + cpu.system) / Math.max(1, total))} µs/event (writers and relay${consumerMode === 'inline' ? ' and consumer' : ''})`,
    `  load average      ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at end (2 cores)`,
    `  relay: published ${app.kit.relay?.stats.published ?? 0}, failed batches ${app.kit.relay?.stats.failedBatches ?? 0}; consumer duplicates skipped ${consumerStats?.duplicates ?? 'unknown'}`,
    '',
  ].join('\n'),
);

await app.close();
await infra.stop();
