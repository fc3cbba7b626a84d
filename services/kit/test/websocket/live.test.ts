import assert from 'node:assert/strict';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket as WsClient } from 'ws';
import { authPlugin } from '../../src/auth/index.ts';
import { createSigningKey, serveJwks, signAccessToken, type JwksServer, type SigningKey } from '../../src/auth/testing.ts';
import { LIVE_SUBPROTOCOL, LiveHub, livePlugin, type ServerMessage } from '../../src/websocket/index.ts';
import { patience } from '../../src/testing/index.ts';
import { waitFor } from '../helpers.ts';

const issuer = 'http://localhost:8080/api/identity';
const audience = 'lectern-api';
// Which organization owns which sermon: what a service's authorize callback would look up.
const sermonOrg = new Map([['s1', 'org-a'], ['s2', 'org-b']]);

let key: SigningKey;
let jwks: JwksServer;

beforeAll(async () => {
  key = await createSigningKey('EdDSA');
  jwks = await serveJwks([key]);
});
afterAll(async () => {
  await jwks.close();
});

async function startApp(extra: { heartbeatIntervalMs?: number } = {}): Promise<{ app: FastifyInstance; hub: LiveHub; url: string }> {
  const app = Fastify();
  const hub = new LiveHub();
  await app.register(authPlugin, { jwksUrl: jwks.url, issuer, audience });
  await app.register(livePlugin, {
    prefix: '/api/sermons',
    hub,
    // Long enough that a loaded machine's test sends its first message in time; the silent
    // client's test waits it out.
    authTimeoutMs: patience(1000),
    ...extra,
    authorize: (principal, topic) => {
      const [kind, id] = topic.split(':');
      return kind === 'sermon' && principal.orgId !== null && sermonOrg.get(id ?? '') === principal.orgId;
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, hub, url: `${base.replace('http', 'ws')}/api/sermons/live` };
}

function tokenFor(org: string | null, expiresInSec = 900) {
  return signAccessToken(key, { sub: `user-${org}`, org, role: 'STAFF', email: 'x@example.org', staff: false }, { issuer, audience, expiresInSec });
}

/** A browser-style client (Node's global WebSocket) with an inbox. */
class Client {
  readonly socket: WebSocket;
  readonly inbox: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #waiters: Array<() => void> = [];

  constructor(url: string, protocols: string[]) {
    this.socket = new WebSocket(url, protocols);
    this.socket.addEventListener('message', (event) => {
      this.inbox.push(JSON.parse(String(event.data)) as ServerMessage);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })));
  }

  async opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return;
    await new Promise((resolve, reject) => {
      this.socket.addEventListener('open', resolve, { once: true });
      this.socket.addEventListener('error', reject, { once: true });
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  async next<T extends ServerMessage['type']>(type: T, timeoutMs = patience(2000)): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.inbox.findIndex((m) => m.type === type);
      if (index >= 0) return this.inbox.splice(index, 1)[0] as Extract<ServerMessage, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${type}" message within ${timeoutMs} ms; inbox: ${JSON.stringify(this.inbox)}`);
      await Promise.race([new Promise<void>((resolve) => this.#waiters.push(resolve)), sleep(left)]);
    }
  }
}

describe('live updates over WebSocket', () => {
  test('token in Sec-WebSocket-Protocol: subscribe, then receive what is published', async () => {
    const { app, hub, url } = await startApp();
    try {
      const client = new Client(url, [LIVE_SUBPROTOCOL, `bearer.${await tokenFor('org-a')}`]);
      await client.opened();
      assert.equal(client.socket.protocol, LIVE_SUBPROTOCOL, 'server selects the live protocol, never the token');
      assert.equal((await client.next('ready')).userId, 'user-org-a');
      client.send({ type: 'subscribe', topic: 'sermon:s1' });
      assert.deepEqual(await client.next('subscribed'), { type: 'subscribed', topic: 'sermon:s1' });
      assert.equal(hub.publish('sermon:s1', { event: 'progress', data: { step: 'transcribe', percent: 40 } }), 1);
      assert.deepEqual(await client.next('event'), { type: 'event', topic: 'sermon:s1', event: 'progress', data: { step: 'transcribe', percent: 40 } });
      assert.equal(hub.publish('sermon:other', { event: 'progress', data: {} }), 0);
      client.send({ type: 'unsubscribe', topic: 'sermon:s1' });
      await client.next('unsubscribed');
      assert.equal(hub.publish('sermon:s1', { event: 'progress', data: {} }), 0);
      client.socket.close();
      await client.closed;
    } finally {
      await app.close();
    }
  });

  test('token in a first auth message works too', async () => {
    const { app, hub, url } = await startApp();
    try {
      const client = new Client(url, [LIVE_SUBPROTOCOL]);
      await client.opened();
      client.send({ type: 'subscribe', topic: 'sermon:s1' });
      assert.equal((await client.next('error')).code, 'not_authenticated');
      client.send({ type: 'auth', token: await tokenFor('org-a') });
      client.send({ type: 'subscribe', topic: 'sermon:s1' });
      await client.next('ready');
      await client.next('subscribed');
      assert.equal(hub.subscriberCount('sermon:s1'), 1);
      client.send({ type: 'ping' });
      await client.next('pong');
      client.socket.close();
      await client.closed;
      await waitFor('closing to forget the subscriptions', () => hub.subscriberCount('sermon:s1') === 0, 2000, 10);
    } finally {
      await app.close();
    }
  });

  test('a subscription to another organization\'s sermon is refused and gets nothing', async () => {
    const { app, hub, url } = await startApp();
    try {
      const client = new Client(url, [LIVE_SUBPROTOCOL, `bearer.${await tokenFor('org-a')}`]);
      await client.opened();
      client.send({ type: 'subscribe', topic: 'sermon:s2' });
      const refused = await client.next('error');
      assert.equal(refused.code, 'forbidden');
      assert.equal(refused.topic, 'sermon:s2');
      assert.equal(hub.publish('sermon:s2', { event: 'progress', data: { secret: true } }), 0);
      client.send({ type: 'subscribe', topic: 'not a topic' });
      assert.equal((await client.next('error')).code, 'bad_topic');
      client.send({ type: 'ping' });
      await client.next('pong');
      assert.equal(client.inbox.filter((m) => m.type === 'event').length, 0);
      client.socket.close();
    } finally {
      await app.close();
    }
  });

  test('unauthenticated connections are closed with 4401', async () => {
    const { app, hub, url } = await startApp();
    try {
      const silent = new Client(url, [LIVE_SUBPROTOCOL]);
      assert.deepEqual(await silent.closed, { code: 4401, reason: 'authentication timeout' });
      const forged = new Client(url, [LIVE_SUBPROTOCOL, `bearer.${(await tokenFor('org-a')).slice(0, -3)}xyz`]);
      assert.equal((await forged.closed).code, 4401);
      const expired = new Client(url, [LIVE_SUBPROTOCOL]);
      await expired.opened();
      expired.send({ type: 'auth', token: await tokenFor('org-a', -60) });
      assert.equal((await expired.closed).code, 4401);
      const garbage = new Client(url, [LIVE_SUBPROTOCOL]);
      await garbage.opened();
      garbage.socket.send('not json');
      assert.equal((await garbage.closed).code, 4400);
      await waitFor('every connection to be gone', () => hub.connectionCount === 0, 2000, 10);
    } finally {
      await app.close();
    }
  });

  test('a connection that stops answering pings is dropped; a live one stays', async () => {
    // A busy machine delays the client's pong as much as the server's check: both scale together.
    const heartbeatIntervalMs = patience(100);
    const { app, hub, url } = await startApp({ heartbeatIntervalMs });
    try {
      const token = await tokenFor('org-a');
      // `ws` lets a client ignore pings, which is what a vanished peer looks like.
      const dead = new WsClient(url, [LIVE_SUBPROTOCOL, `bearer.${token}`], { autoPong: false });
      await once(dead, 'open');
      const healthy = new Client(url, [LIVE_SUBPROTOCOL, `bearer.${token}`]);
      await healthy.opened();
      await healthy.next('ready');
      assert.equal(hub.connectionCount, 2);
      const [code] = (await once(dead, 'close')) as [number];
      assert.equal(code, 1006, 'terminated without a close frame');
      await waitFor('the dead connection to be forgotten', () => hub.connectionCount === 1, patience(2000), 10);
      await sleep(3 * heartbeatIntervalMs);
      assert.equal(healthy.socket.readyState, WebSocket.OPEN, 'a client that answers pings stays');
      healthy.socket.close();
    } finally {
      await app.close();
    }
  });

  test('shutting the app down closes connections with 1001 (going away)', async () => {
    const { app, url } = await startApp();
    const client = new Client(url, [LIVE_SUBPROTOCOL, `bearer.${await tokenFor('org-a')}`]);
    await client.next('ready');
    const started = Date.now();
    await app.close();
    assert.deepEqual(await client.closed, { code: 1001, reason: 'server shutting down' });
    assert.ok(Date.now() - started < patience(2000), 'close does not hang on open sockets');
  });
});
