// Event-path benchmark: N events/s, each written through the outbox in its own transaction with
// a state change, relayed to Kafka and applied by the idempotent consumer. Reports commit →
// consumer-committed latency (p50/p95/p99), throughput, events lost and duplicates applied.
//
//   node services/kit/bench/event-path.bench.ts            (DATABASE_URL / KAFKA_BROKERS, or own infra)
//   BENCH_SECONDS=10 BENCH_RATE=1000 node services/kit/bench/event-path.bench.ts
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshSchemaName } from '../src/testing/index.ts';
import { buildProbeApp, consumeProbes, effectCounts, writeProbe } from '../test/fixtures/probe.app.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const rate = Number(process.env.BENCH_RATE ?? 1000);
const writers = Number(process.env.BENCH_WRITERS ?? 16);
const targetP95Ms = 100;

async function infraEnv(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const { DATABASE_URL, KAFKA_BROKERS } = process.env;
  if (DATABASE_URL && KAFKA_BROKERS) return { env: { DATABASE_URL, KAFKA_BROKERS }, stop: async () => {} };
  const { startPrivateInfra } = await import('@lectern/local-stack/testing');
  process.stdout.write('starting Postgres and Kafka (harness)…\n');
  const infra = await startPrivateInfra(['postgres', 'kafka']);
  return { env: infra.env(), stop: () => infra.stop() };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const infra = await infraEnv();
const schema = freshSchemaName('bench');
const app = await buildProbeApp({
  PORT: '0',
  LOG_LEVEL: 'error',
  ...infra.env,
  DATABASE_SCHEMA: schema,
  KAFKA_TOPIC_PREFIX: `${schema}.`,
  DATABASE_POOL_MAX: String(writers + 6),
  OUTBOX_POLL_MS: '500',
});

const total = Math.round(seconds * rate);
const committedAt = new Float64Array(total + 1);
const handledAt = new Float64Array(total + 1);
let handledCount = 0;
consumeProbes(app, `bench-${randomUUID()}`, (seqs) => {
  const now = performance.now();
  for (const seq of seqs) {
    if (handledAt[seq] === 0) handledCount += 1;
    handledAt[seq] = now;
  }
});
await app.ready();
await app.kit.whenStarted();
// Warm the path (topic metadata, group join) before measuring.
await writeProbe(app, 0);
for (let i = 0; i < 200 && handledAt[0] === 0; i += 1) await sleep(50);

process.stdout.write(`writing ${total} events at ${rate}/s for ${seconds} s with ${writers} writers…\n`);
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
await sleep(1000); // any redelivery would show up as a duplicate now
const counts = await effectCounts(app.kit.db);

const latencies: number[] = [];
for (let seq = 1; seq <= total; seq += 1) if (committedAt[seq]! > 0 && handledAt[seq]! > 0) latencies.push(Math.max(0, handledAt[seq]! - committedAt[seq]!));
latencies.sort((a, b) => a - b);
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
    `  p95 / target (${targetP95Ms} ms) = ${(p95 / targetP95Ms).toFixed(2)}${p95 < targetP95Ms ? ' (within target)' : ' (OVER target)'}`,
    `  events lost        ${lost}`,
    `  duplicates applied ${duplicatesApplied}`,
    `  relay: published ${app.kit.relay?.stats.published ?? 0}, failed batches ${app.kit.relay?.stats.failedBatches ?? 0}; consumer duplicates skipped ${app.kit.consumers[0]?.stats.duplicates ?? 0}`,
    '',
  ].join('\n'),
);

await app.close();
await infra.stop();
