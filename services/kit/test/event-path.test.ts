// The outbox → relay → Kafka → consumer path against real Postgres and Kafka.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { sql } from 'kysely';
import { isolatedServiceEnv } from '../src/testing/index.ts';
import { onOutboxCommit } from '../src/data/outbox.signal.ts';
import { OutboxRelay } from '../src/events/outbox.relay.ts';
import { buildProbeApp, consumeProbes, effectCounts, unpublishedCount, writeProbe } from './fixtures/probe.app.ts';
import type { ProbeApp } from './fixtures/probe.app.ts';
import { waitFor } from './helpers.ts';

describe('event path', () => {
  let env: Record<string, string>;
  let app: ProbeApp;

  beforeAll(async () => {
    env = await isolatedServiceEnv('kit');
    // This app writes and consumes; relays are started by each test so it controls them.
    app = await buildProbeApp(env, { relay: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('migrates the kit tables and the service tables into the service schema', async () => {
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = ${env.DATABASE_SCHEMA} order by table_name`.execute(app.kit.db);
    const names = tables.rows.map((r) => r.table_name);
    for (const t of ['outbox', 'processed_events', 'probes', 'probe_effects', 'kit_migration', 'kysely_migration']) assert.ok(names.includes(t), `missing ${t} in ${names.join(',')}`);
  });

  it('does not write the event when the state change rolls back', async () => {
    await assert.rejects(
      app.kit.db.transaction().execute(async (trx) => {
        await trx.insertInto('probes').values({ seq: -1 }).execute();
        await trx.insertInto('probes').values({ seq: -1 }).execute(); // duplicate key: the transaction fails
      }),
    );
    const before = await app.kit.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await assert.rejects(
      app.kit.db.transaction().execute(async (trx) => {
        const { appendEvent } = await import('../src/events/outbox.repository.ts');
        const { createEvent } = await import('@lectern/events');
        await appendEvent(trx, createEvent('diagnostics.probe.emitted.v1', { orgId: null, subject: 'x', data: { seq: 0, sentAtMs: 0 } }));
        throw new Error('use case failed after writing');
      }),
      /use case failed/,
    );
    const afterRollback = await app.kit.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    assert.equal(afterRollback.n, before.n);
  });

  it('applies each event exactly once even when a relay dies between publishing and marking', async () => {
    const total = 40;
    for (let seq = 1; seq <= total; seq += 1) await writeProbe(app, seq);

    // 1. A relay process publishes the batch to Kafka, then dies before marking it.
    const child = spawn(process.execPath, [new URL('./fixtures/crashing-relay.ts', import.meta.url).pathname], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let childOut = '';
    child.stdout.on('data', (d: Buffer) => (childOut += d));
    child.stderr.on('data', (d: Buffer) => (childOut += d));
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 17, `crashing relay should die in the crash window; output: ${childOut}`);
    assert.match(childOut, new RegExp(`sent ${total}`));
    assert.equal(await unpublishedCount(app), total, 'the dead relay marked nothing');

    // 2. A new relay finds the rows unmarked and publishes them again.
    const relay = new OutboxRelay({ db: app.kit.db, connectionString: env.DATABASE_URL!, schema: app.kit.schema, kafka: app.kit.kafka, topicPrefix: app.kit.topicPrefix, pollMs: 200 });
    await relay.start();
    try {
      await waitFor('the new relay to mark every row', async () => (await unpublishedCount(app)) === 0);
      assert.equal(relay.stats.published, total);

      // 3. The consumer sees every event twice and applies it once.
      const consumer = consumeProbes(app, `kit-test-${randomUUID()}`);
      await consumer.start();
      // Offsets are committed about once a second, so a rebalance while the group forms can replay
      // a few messages more: more duplicates, never more effects.
      await waitFor('the consumer to apply every event and skip every second copy', async () => consumer.stats.duplicates >= total && (await effectCounts(app.kit.db)).distinct === total, 60_000);
      const counts = await effectCounts(app.kit.db);
      assert.deepEqual(counts, { effects: total, distinct: total, maxPerSeq: 1 });
      assert.equal(consumer.stats.handled, total);
      assert.ok(consumer.stats.duplicates >= total, `every second copy is skipped (${consumer.stats.duplicates} duplicates)`);
      await consumer.stop();
    } finally {
      await relay.stop();
    }
  });

  it('wakes a relay in the same process right after the commit, with no trigger and no poll', async () => {
    const triggers = await sql<{ n: string }>`select count(*) as n from pg_trigger where tgrelid = 'outbox'::regclass and not tgisinternal`.execute(app.kit.db);
    assert.equal(Number(triggers.rows[0]!.n), 0, 'the outbox carries no NOTIFY trigger any more');
    // A poll every ten minutes: only the in-process wake-up after the commit can publish in time.
    const relay = new OutboxRelay({ db: app.kit.db, connectionString: env.DATABASE_URL!, schema: app.kit.schema, kafka: app.kit.kafka, topicPrefix: app.kit.topicPrefix, pollMs: 600_000 });
    let wakes = 0;
    const unsubscribe = onOutboxCommit(app.kit.schema, () => (wakes += 1));
    await relay.start();
    try {
      await relay.flush();
      const published = relay.stats.published;
      for (let seq = 2001; seq <= 2010; seq += 1) await writeProbe(app, seq);
      await waitFor('the relay to publish the new rows', () => relay.stats.published >= published + 10, 10_000, 20);
      // A transaction that rolled back leaves nothing to publish and does not break the wake-up.
      await assert.rejects(
        app.kit.db.transaction().execute(async (trx) => {
          const { appendEvent } = await import('../src/events/outbox.repository.ts');
          const { createEvent } = await import('@lectern/events');
          await appendEvent(trx, createEvent('diagnostics.probe.emitted.v1', { orgId: null, subject: 'x', data: { seq: 0, sentAtMs: 0 } }));
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      await writeProbe(app, 2011);
      await waitFor('the relay to publish after the rollback', () => relay.stats.published >= published + 11, 10_000, 20);
      assert.equal(wakes, 11, 'one in-process wake-up per committed writing transaction, none for the rollback');
    } finally {
      unsubscribe();
      await relay.stop();
    }
  });

  it('wakes a relay in another process with one NOTIFY sent after the commit', async () => {
    const relay = new OutboxRelay({ db: app.kit.db, connectionString: env.DATABASE_URL!, schema: app.kit.schema, kafka: app.kit.kafka, topicPrefix: app.kit.topicPrefix, pollMs: 600_000 });
    await relay.start();
    try {
      await relay.flush();
      const published = relay.stats.published;
      // The writer is another process: this process's in-process signal cannot reach the relay.
      const child = spawn(process.execPath, [new URL('./fixtures/probe-writer.ts', import.meta.url).pathname], {
        env: { ...process.env, ...env, PROBE_FROM: '3001', PROBE_TO: '3020' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let childOut = '';
      child.stdout.on('data', (d: Buffer) => (childOut += d));
      child.stderr.on('data', (d: Buffer) => (childOut += d));
      const [code] = (await once(child, 'exit')) as [number];
      assert.equal(code, 0, `probe writer failed: ${childOut}`);
      await waitFor('the relay to publish the rows written elsewhere', () => relay.stats.published >= published + 20, 10_000, 20);
    } finally {
      await relay.stop();
    }
  });

  it('keeps the request id of the HTTP request on the events it writes', async () => {
    const { runWithRequestContext } = await import('../src/http/request-context.ts');
    await runWithRequestContext({ requestId: 'req-from-edge', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, () => writeProbe(app, 1000));
    const row = await app.kit.db.selectFrom('outbox').select('envelope').where('type', '=', 'diagnostics.probe.emitted.v1').orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    const envelope = row.envelope as { requestId: string; traceparent: string; subject: string };
    assert.equal(envelope.requestId, 'req-from-edge');
    assert.equal(envelope.traceparent, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
  });
});
