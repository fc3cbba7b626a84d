// The relay's own Postgres connection goes silent (a network partition, a half-open socket: nothing
// is closed, nothing answers). Without a statement time-out the claim waits for ever and no event
// leaves the outbox again; with it the statement fails, the connection is dropped and the next pass
// publishes through a fresh one.
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv } from '../src/testing/index.ts';
import { OutboxRelay } from '../src/events/outbox.relay.ts';
import { buildProbeApp, unpublishedCount, writeProbe } from './fixtures/probe.app.ts';
import type { ProbeApp } from './fixtures/probe.app.ts';
import { waitFor } from './helpers.ts';

/** A TCP proxy to Postgres that can fall silent on the connections it holds, as a partition does. */
async function silenceableProxy(target: URL): Promise<{ port: number; silence(): void; close(): Promise<void> }> {
  const pairs: [net.Socket, net.Socket][] = [];
  const silenced: net.Socket[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silence() {
      // Open connections stop carrying bytes either way; new ones are proxied as before.
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        silenced.push(client, upstream);
      }
    },
    async close() {
      for (const socket of [...silenced, ...pairs.flat()]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
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
    const database = new URL(env.DATABASE_URL!);
    const proxy = await silenceableProxy(database);
    const throughProxy = new URL(database);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    const relay = new OutboxRelay({
      db: app.kit.db,
      connectionString: throughProxy.toString(),
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
