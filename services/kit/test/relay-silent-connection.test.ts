// The relay's own Postgres connection goes silent (a network partition, a half-open socket: nothing
// is closed, nothing answers). Without a statement time-out the claim waits for ever and no event
// leaves the outbox again; with it the statement fails, the connection is dropped and the next pass
// publishes through a fresh one.
import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv, tcpProxy } from '../src/testing/index.ts';
import { OutboxRelay } from '../src/events/outbox.relay.ts';
import { buildProbeApp, unpublishedCount, writeProbe } from './fixtures/probe.app.ts';
import type { ProbeApp } from './fixtures/probe.app.ts';
import { waitFor } from './helpers.ts';

describe('outbox relay on a connection that falls silent', () => {
  let env: Record<string, string>;
  let app: ProbeApp;

  beforeAll(async () => {
    env = await isolatedServiceEnv('kit');
    app = await buildProbeApp(env, { relay: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('times the silent statement out, drops the connection and publishes through a new one', async () => {
    // A partition: once silenced, the open connections carry nothing and nothing is closed.
    const proxy = await tcpProxy(env.DATABASE_URL!);
    const relay = new OutboxRelay({
      db: app.kit.db,
      connectionString: proxy.url,
      schema: app.kit.schema,
      kafka: app.kit.kafka,
      topicPrefix: app.kit.topicPrefix,
      pollMs: 200,
      queryTimeoutMs: 1000,
    });
    await relay.start();
    try {
      await writeProbe(app, 1);
      await waitFor('the first event to be published', async () => (await unpublishedCount(app)) === 0);
      const published = relay.stats.published;

      proxy.silence();
      await writeProbe(app, 2);
      await waitFor('the event written after the connection fell silent to be published', async () => (await unpublishedCount(app)) === 0, 30_000);
      assert.equal(relay.stats.published, published + 1);
      assert.ok(relay.stats.failedBatches >= 1, 'the silent claim failed once before a new connection took over');
    } finally {
      // Also returns with the LISTEN connection still silent (pg's end() alone waits for ever).
      await relay.stop();
      await proxy.close();
    }
  }, 120_000);
});
