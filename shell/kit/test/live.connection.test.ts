/// <reference types="node" />
// The live connection against a real WebSocket server speaking the kit's protocol v1 (Node's own
// WebSocket client, the `ws` server the services use).
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { WebSocketServer } from 'ws';
import type { WebSocket as ServerSocket } from 'ws';
import { followTopic } from '../src/live/live.connection.ts';
import type { LiveEvent } from '../src/live/live.connection.ts';

interface Peer {
  socket: ServerSocket;
  received: Record<string, unknown>[];
}

/** A protocol v1 server: auth → ready, subscribe → subscribed; records what each connection sent. */
async function liveServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const peers: Peer[] = [];
  const waiters: (() => void)[] = [];
  server.on('connection', (socket) => {
    const peer: Peer = { socket, received: [] };
    peers.push(peer);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; token?: string; topic?: string };
      peer.received.push(message);
      if (message.type === 'auth') socket.send(JSON.stringify({ type: 'ready', userId: 'u', expiresAt: 0 }));
      if (message.type === 'subscribe')
        socket.send(JSON.stringify({ type: 'subscribed', topic: message.topic }));
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  /** Resolves once `check` holds (re-checked after every message the server receives). */
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 3000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await Promise.race([
        new Promise<void>((wake) => waiters.push(wake)),
        new Promise((r) => setTimeout(r, 50)),
      ]);
    }
  };
  return {
    url: `ws://127.0.0.1:${port}/api/sermons/live`,
    peers,
    until,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const types = (peer: Peer | undefined) => (peer?.received ?? []).map((m) => m.type);

test('authenticates with a first auth message, subscribes, and delivers events of its topic only', async () => {
  const server = await liveServer();
  const events: LiveEvent[] = [];
  const stop = followTopic({
    url: server.url,
    topic: 'sermon:1',
    getToken: () => 'token-1',
    onEvent: (e) => events.push(e),
    delay: () => 20,
  });
  try {
    await server.until(() => types(server.peers[0]).includes('subscribe'), 'the subscription');
    assert.deepEqual(server.peers[0]!.received, [
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', topic: 'sermon:1' },
    ]);
    server.peers[0]!.socket.send(
      JSON.stringify({ type: 'event', topic: 'sermon:2', event: 'progress', data: { other: true } }),
    );
    server.peers[0]!.socket.send(
      JSON.stringify({ type: 'event', topic: 'sermon:1', event: 'progress', data: { transcribePct: 40 } }),
    );
    const deadline = Date.now() + 2000;
    while (events.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(events, [{ topic: 'sermon:1', event: 'progress', data: { transcribePct: 40 } }]);
  } finally {
    stop();
    await server.close();
  }
});

test('a lost connection reconnects with the current token, subscribes again and asks the page to refetch', async () => {
  const server = await liveServer();
  let token = 'token-1';
  let resyncs = 0;
  const stop = followTopic({
    url: server.url,
    topic: 'sermon:1',
    getToken: () => token,
    onEvent: () => {},
    onResync: () => resyncs++,
    delay: () => 20,
  });
  try {
    await server.until(() => types(server.peers[0]).includes('subscribe'), 'the first subscription');
    assert.equal(resyncs, 0, 'no refetch after the first connection');
    token = 'token-2';
    server.peers[0]!.socket.terminate();
    await server.until(() => types(server.peers[1]).includes('subscribe'), 'the second subscription');
    assert.deepEqual(server.peers[1]!.received[0], { type: 'auth', token: 'token-2' });
    const deadline = Date.now() + 2000;
    while (resyncs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(resyncs, 1);
  } finally {
    stop();
    await server.close();
  }
});

test('a refreshed token is sent on the open connection without resubscribing or refetching', async () => {
  const server = await liveServer();
  let resyncs = 0;
  let push: ((token: string) => void) | null = null;
  let unwatched = false;
  const stop = followTopic({
    url: server.url,
    topic: 'sermon:1',
    getToken: () => 'token-1',
    watchToken: (onToken) => {
      push = onToken;
      return () => (unwatched = true);
    },
    onEvent: () => {},
    onResync: () => resyncs++,
    delay: () => 20,
  });
  try {
    await server.until(() => types(server.peers[0]).includes('subscribe'), 'the subscription');
    push!('token-2');
    await server.until(() => server.peers[0]!.received.length === 3, 'the re-authentication');
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(types(server.peers[0]), ['auth', 'subscribe', 'auth']);
    assert.deepEqual(server.peers[0]!.received[2], { type: 'auth', token: 'token-2' });
    assert.equal(server.peers.length, 1, 'same connection');
    assert.equal(resyncs, 0);
  } finally {
    stop();
    await server.close();
  }
  assert.equal(unwatched, true, 'stopping stops watching the session');
});

test('a bad-message close (4400) is not retried; stopping closes normally and never reconnects', async () => {
  const server = await liveServer();
  const stop = followTopic({
    url: server.url,
    topic: 'sermon:1',
    getToken: () => 't',
    onEvent: () => {},
    delay: () => 20,
  });
  try {
    await server.until(() => types(server.peers[0]).includes('subscribe'), 'the subscription');
    server.peers[0]!.socket.close(4400, 'bad message');
    await new Promise((r) => setTimeout(r, 250));
    assert.equal(server.peers.length, 1, 'no reconnect after 4400');
  } finally {
    stop();
    await server.close();
  }
});
