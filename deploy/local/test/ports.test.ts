// Test infrastructure ports are chosen below the ephemeral range (support/ports.ts): a port only
// looked up there cannot become the local port of an outgoing connection before its process listens.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { test } from '@jest/globals';
import { freePort } from '../src/support/ports.ts';

const [ephemeralLow] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);

test('a free port comes from below the ephemeral range, and can be listened on', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) assert.ok(port >= 10_000 && port < ephemeralLow!, `${port} not in [10000, ${ephemeralLow})`);
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a port something listens on is never handed out', async () => {
  const taken = await freePort();
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(taken, '127.0.0.1', resolve));
  try {
    const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
    assert.ok(!ports.includes(taken));
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
