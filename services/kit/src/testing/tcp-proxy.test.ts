// The fault tests' TCP proxy against a local echo server: it carries bytes both ways, hooks see
// and change them per connection, a cut resets the client, and silence leaves open connections
// hanging while new ones are carried.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import { tcpProxy } from './tcp-proxy.ts';

let echo: net.Server;
let target: string;

beforeAll(async () => {
  echo = net.createServer((socket) => socket.pipe(socket));
  echo.listen(0, '127.0.0.1');
  await once(echo, 'listening');
  target = `postgres://who:secret@127.0.0.1:${(echo.address() as net.AddressInfo).port}/db?sslmode=disable`;
});
afterAll(async () => {
  echo.close();
});

/** Connects to the proxy and resolves with what came back within `ms` after sending `text`. */
async function exchange(port: number, text: string, ms = 300): Promise<{ answer: string; closed: boolean }> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  socket.write(text);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.destroy();
  return { answer, closed };
}

describe('tcpProxy', () => {
  test('carries bytes both ways and keeps the target URL but for host and port', async () => {
    const proxy = await tcpProxy(target);
    try {
      const url = new URL(proxy.url);
      assert.equal(url.port, String(proxy.port));
      assert.equal(`${url.username}:${url.password}${url.pathname}${url.search}`, 'who:secret/db?sslmode=disable');
      assert.deepEqual(await exchange(proxy.port, 'hello'), { answer: 'hello', closed: false });
    } finally {
      await proxy.close();
    }
  });

  test('hooks change, drop or cut per connection', async () => {
    const proxy = await tcpProxy(target, (link) => ({
      toServer: (chunk) => (chunk.toString() === 'drop' ? undefined : Buffer.from(chunk.toString().toUpperCase())),
      toClient(chunk) {
        if (chunk.toString() === 'CUT') return void link.cut();
        return chunk;
      },
    }));
    try {
      assert.deepEqual(await exchange(proxy.port, 'shout'), { answer: 'SHOUT', closed: false });
      assert.deepEqual(await exchange(proxy.port, 'drop'), { answer: '', closed: false });
      assert.deepEqual(await exchange(proxy.port, 'cut'), { answer: '', closed: true });
    } finally {
      await proxy.close();
    }
  });

  test('silence: an open connection carries nothing and is not closed; a new one is carried', async () => {
    const proxy = await tcpProxy(target);
    try {
      const open = net.connect(proxy.port, '127.0.0.1');
      await once(open, 'connect');
      let answer = '';
      let closed = false;
      open.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      open.on('close', () => (closed = true));
      open.write('before');
      await new Promise((resolve) => setTimeout(resolve, 200));
      proxy.silence();
      open.write('after');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(answer, 'before');
      assert.equal(closed, false);
      open.destroy();
      assert.deepEqual(await exchange(proxy.port, 'fresh'), { answer: 'fresh', closed: false });
    } finally {
      await proxy.close();
    }
  });
});
