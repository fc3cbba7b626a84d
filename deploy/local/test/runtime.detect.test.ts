// 'auto' picks containers only when an engine answers, and deciding never hangs.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { candidateSockets, detectContainerRuntime } from '../src/container/detect.ts';
import { resolveRuntime } from '../src/index.ts';

function tempSocket(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-sock-')), 'engine.sock');
}

test('an engine answering /_ping on DOCKER_HOST is detected', async () => {
  const socket = tempSocket();
  const engine = http.createServer((req, res) => res.writeHead(req.url === '/_ping' ? 200 : 404).end('OK'));
  await new Promise<void>((resolve) => engine.listen(socket, resolve));
  try {
    assert.equal(await detectContainerRuntime(1000, { DOCKER_HOST: `unix://${socket}` }), socket);
  } finally {
    engine.close();
    fs.rmSync(path.dirname(socket), { recursive: true, force: true });
  }
});

test('a socket that accepts but never answers is given up on quickly', async () => {
  const socket = tempSocket();
  const silent = net.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(socket, resolve));
  try {
    const started = Date.now();
    const found = await detectContainerRuntime(300, { DOCKER_HOST: `unix://${socket}` });
    const tookMs = Date.now() - started;
    // Other engines on the usual sockets may legitimately answer; the silent one must not.
    assert.notEqual(found, socket);
    assert.ok(tookMs < 300 * (candidateSockets({ DOCKER_HOST: `unix://${socket}` }).length + 1), `took ${tookMs} ms`);
  } finally {
    silent.close();
    fs.rmSync(path.dirname(socket), { recursive: true, force: true });
  }
});

test("'auto' resolves fast, and to 'process' when no engine socket exists", async () => {
  const started = Date.now();
  const runtime = await resolveRuntime('auto');
  assert.ok(Date.now() - started < 5000);
  if (candidateSockets().length === 0 && !process.env.DOCKER_HOST) assert.equal(runtime, 'process');
  assert.equal(await resolveRuntime('process'), 'process');
  assert.equal(await resolveRuntime('container'), 'container');
});
