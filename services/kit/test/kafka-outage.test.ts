// Kafka restarted mid-stream: nothing lost, nothing applied twice; readyz reports the outage.
// Uses infrastructure of its own, because it stops Kafka.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll, jest } from '@jest/globals';
import { startPrivateInfra } from '@lectern/local-stack/testing';
import type { Infra } from '@lectern/local-stack/testing';
import { freshSchemaName } from '../src/testing/index.ts';
import { buildProbeApp, consumeProbes, effectCounts, writeProbe } from './fixtures/probe.app.ts';
import type { ProbeApp } from './fixtures/probe.app.ts';
import { waitFor } from './helpers.ts';

describe('Kafka outage', () => {
  jest.setTimeout(240_000);
  let infra: Infra;
  let app: ProbeApp;

  beforeAll(async () => {
    infra = await startPrivateInfra(['postgres', 'kafka']);
    const schema = freshSchemaName('outage');
    app = await buildProbeApp({ PORT: '0', LOG_LEVEL: 'error', ...infra.env(), DATABASE_SCHEMA: schema, KAFKA_TOPIC_PREFIX: `${schema}.`, OUTBOX_POLL_MS: '200' });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.stop();
  });

  it('delivers every event exactly once in effect across a Kafka restart, and readyz follows Kafka', async () => {
    consumeProbes(app, `outage-${randomUUID()}`);
    await app.ready();
    await app.kit.whenStarted();
    assert.equal((await app.inject({ url: '/api/diagnostics/readyz' })).statusCode, 200);

    let seq = 0;
    const writeFor = async (ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        seq += 1;
        await writeProbe(app, seq);
        await sleep(10);
      }
    };

    await writeFor(1500);
    await infra.stopComponent('kafka');
    const down = await app.inject({ url: '/api/diagnostics/readyz' });
    assert.equal(down.statusCode, 503);
    assert.equal(down.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.notEqual(down.json().checks.kafka, 'ok');
    assert.equal(down.json().checks.postgres, 'ok');
    // Writes keep succeeding while Kafka is away: the outbox holds the events.
    await writeFor(2000);
    const written = () => seq;
    await infra.startComponent('kafka');
    await writeFor(1500);

    await waitFor('readyz to recover', async () => (await app.inject({ url: '/api/diagnostics/readyz' })).statusCode === 200, 60_000, 500);
    await waitFor(`all ${written()} effects`, async () => (await effectCounts(app.kit.db)).distinct === written(), 120_000, 250);
    await sleep(2000); // let any redelivery arrive before counting duplicates
    const counts = await effectCounts(app.kit.db);
    assert.deepEqual(counts, { effects: written(), distinct: written(), maxPerSeq: 1 });
    const pending = await app.kit.db.selectFrom('outbox').where('published_at', 'is', null).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(pending.n), 0);
  });
});
