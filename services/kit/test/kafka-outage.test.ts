// Kafka restarted mid-traffic (issue 12's fault figures): nothing lost, nothing applied twice,
// readyz reports the outage, and the relay and both consumers come back with no manual step. The
// writing service keeps writing through the whole outage; one consumer runs in its own process and
// its own database (as comms consumes identity's events), one inside the writing service.
// Uses infrastructure of its own, because it stops Kafka.
import assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll, jest } from '@jest/globals';
import { sql } from 'kysely';
import { startPrivateInfra } from '@lectern/local-stack/testing';
import type { Infra } from '@lectern/local-stack/testing';
import { freshSchemaName, patience } from '../src/testing/index.ts';
import { buildProbeApp, consumeProbes, effectCounts, unpublishedCount, writeProbe } from './fixtures/probe.app.ts';
import type { ProbeApp } from './fixtures/probe.app.ts';
import { waitFor } from './helpers.ts';

interface RemoteConsumer {
  child: ChildProcess;
  /** wall-clock ms of the first batch it committed after `since` */
  firstHandledAfter(since: number): number | undefined;
  /** how often its Kafka consumer had been replaced (ADR 0032), as of its last batch */
  replaced(): number;
}

async function startRemoteConsumer(env: Record<string, string>): Promise<RemoteConsumer> {
  const handledAt: number[] = [];
  let replaced = 0;
  const child = fork(new URL('./fixtures/probe-consumer.ts', import.meta.url).pathname, [], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.on('message', (m: { type: string; at?: number; replaced?: number }) => {
    if (m.type !== 'handled') return;
    handledAt.push(m.at!);
    replaced = m.replaced ?? replaced;
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`the consumer process exited (${code}) before it was ready`)));
  });
  return { child, firstHandledAfter: (since) => handledAt.find((at) => at >= since), replaced: () => replaced };
}

describe('Kafka outage', () => {
  jest.setTimeout(patience(420_000));
  let infra: Infra;
  let app: ProbeApp;
  let remote: RemoteConsumer | undefined;
  let remoteSchema: string;
  const sentAt: number[] = [];

  beforeAll(async () => {
    infra = await startPrivateInfra(['postgres', 'kafka']);
    const schema = freshSchemaName('outage');
    remoteSchema = `${schema}_remote`;
    app = await buildProbeApp(
      { PORT: '0', LOG_LEVEL: 'error', ...infra.env(), DATABASE_SCHEMA: schema, KAFKA_TOPIC_PREFIX: `${schema}.`, OUTBOX_POLL_MS: '200' },
      { relayFaults: { afterSend: () => void sentAt.push(Date.now()) } },
    );
    remote = await startRemoteConsumer({ ...infra.env(), DATABASE_SCHEMA: remoteSchema, KAFKA_TOPIC_PREFIX: `${schema}.`, PROBE_GROUP_ID: `remote-${randomUUID()}`, PROBE_CONCURRENCY: '3' });
  });
  afterAll(async () => {
    remote?.child.kill('SIGKILL');
    await app?.close();
    await infra?.stop();
  });

  it('delivers every event exactly once in effect across a Kafka restart, and readyz follows Kafka', async () => {
    const localHandledAt: number[] = [];
    const localConsumer = consumeProbes(app, `outage-${randomUUID()}`, () => void localHandledAt.push(Date.now()));
    await app.ready();
    await app.kit.whenStarted();
    assert.equal((await app.inject({ url: '/api/diagnostics/readyz' })).statusCode, 200);

    // One writer, every 10 ms, from before the stop until after the recovery: mid-traffic.
    let seq = 0;
    let writeFailures = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        try {
          await writeProbe(app, seq + 1);
          seq += 1;
        } catch {
          writeFailures += 1;
        }
        await sleep(10);
      }
    })();

    await sleep(1500);
    const stoppedAt = Date.now();
    await infra.stopComponent('kafka');
    const stopDoneAt = Date.now();
    const down = await app.inject({ url: '/api/diagnostics/readyz' });
    assert.equal(down.statusCode, 503);
    assert.equal(down.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.notEqual(down.json().checks.kafka, 'ok');
    assert.equal(down.json().checks.postgres, 'ok');
    // Writes keep succeeding while Kafka is away: the outbox holds the events.
    await sleep(2000);
    const writtenWhileDown = seq;
    const restartAt = Date.now();
    await infra.startComponent('kafka');
    const brokerUpAt = Date.now();

    await waitFor('readyz to recover', async () => (await app.inject({ url: '/api/diagnostics/readyz' })).statusCode === 200, 60_000, 200);
    const readyAt = Date.now();
    await sleep(1500);
    writing = false;
    await writer;
    const written = seq;
    assert.equal(writeFailures, 0, 'no write failed while Kafka was away');
    assert.ok(writtenWhileDown > 0 && written > writtenWhileDown);

    const remoteCounts = async () => {
      const { rows } = await sql<{ effects: string; distinct_seqs: string; max_per_seq: string | null }>`
        select count(*) as effects, count(distinct seq) as distinct_seqs, max(n) as max_per_seq
        from (select seq, count(*) over (partition by seq) as n from ${sql.table(`${remoteSchema}.probe_effects`)}) per_seq`.execute(app.kit.db);
      const row = rows[0]!;
      return { effects: Number(row.effects), distinct: Number(row.distinct_seqs), maxPerSeq: Number(row.max_per_seq ?? 0) };
    };
    const unpublished = () => unpublishedCount(app);
    // A wait that times out says which part stopped: the relay (events left in the outbox) or a
    // consumer (published but not applied), and when each last made progress.
    const progress = async () => {
      const last = (times: number[]) => (times.length ? `${((times.at(-1)! - brokerUpAt) / 1000).toFixed(1)} s after the broker was back` : 'never');
      return (
        `writing service applied ${(await effectCounts(app.kit.db)).distinct}, consumer process ${(await remoteCounts()).distinct}, of ${written}; ` +
        `${await unpublished()} still in the outbox; relay last published ${last(sentAt)}, in-service consumer last applied ${last(localHandledAt)} (Kafka consumers replaced: ${localConsumer.stats.replaced} in the service, ${remote!.replaced()} in the consumer process); load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`
      );
    };
    const waitOrExplain = async (what: string, done: () => Promise<boolean>) => {
      try {
        await waitFor(what, done, 120_000, 250);
      } catch (error) {
        throw new Error(`${(error as Error).message}: ${await progress()}`, { cause: error });
      }
    };
    await waitOrExplain(`all ${written} effects in the writing service`, async () => (await effectCounts(app.kit.db)).distinct === written);
    await waitOrExplain(`all ${written} effects in the consumer process`, async () => (await remoteCounts()).distinct === written);
    const allDeliveredAt = Date.now();
    await sleep(2000); // let any redelivery arrive before counting duplicates
    const local = await effectCounts(app.kit.db);
    const other = await remoteCounts();
    const pending = await unpublished();

    const seconds = (from: number, to: number | undefined) => (to === undefined ? 'never' : `${((to - from) / 1000).toFixed(1)} s`);
    const lost = written - local.distinct + (written - other.distinct);
    const twice = local.effects - local.distinct + (other.effects - other.distinct);
    console.log(
      `fault kafka-restart: events written ${written} (${writtenWhileDown} before the broker came back), 0 write failures; ` +
        `lost ${lost}, applied twice ${twice} (two consumers: in the writing service and in a process of its own); ` +
        `broker stopped in ${seconds(stoppedAt, stopDoneAt)}, away ${seconds(stoppedAt, brokerUpAt)}, started again in ${seconds(restartAt, brokerUpAt)}; after the broker was back: readyz 200 in ${seconds(brokerUpAt, readyAt)}, ` +
        `relay published again in ${seconds(brokerUpAt, sentAt.find((at) => at >= brokerUpAt))}, in-service consumer applied again in ${seconds(brokerUpAt, localHandledAt.find((at) => at >= brokerUpAt))}, ` +
        `consumer process applied again in ${seconds(brokerUpAt, remote!.firstHandledAfter(brokerUpAt))}, every event applied in both in ${seconds(brokerUpAt, allDeliveredAt)}, Kafka consumers replaced ${localConsumer.stats.replaced} + ${remote!.replaced()}; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    assert.deepEqual(local, { effects: written, distinct: written, maxPerSeq: 1 });
    assert.deepEqual(other, { effects: written, distinct: written, maxPerSeq: 1 });
    assert.equal(pending, 0);
  });
});
