import fs from 'node:fs';
import net from 'node:net';

/** True when nothing listens on host:port (we can bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The range Linux takes ephemeral ports from: listen(0), and the local port of every outgoing connection. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // not Linux: the IANA range many systems use
  }
  return [49152, 65535];
}

const LOWEST_TEST_PORT = 10_000;

function anyFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A port free right now (profile 'test'), chosen below the ephemeral range. A port only looked up
 * stays free for others to take until its process listens, seconds later; one from the ephemeral
 * range can meanwhile become the local port of any outgoing connection on the machine (a CI run
 * failed so: comms' port was taken between the look-up and its listen). Below the range only an
 * explicit bind takes it.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  if (ephemeralLow - LOWEST_TEST_PORT >= 1000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = LOWEST_TEST_PORT + Math.floor(Math.random() * (ephemeralLow - LOWEST_TEST_PORT));
      if (await isPortFree(port, host)) return port;
    }
  }
  return anyFreePort(host);
}

/** Distinct free ports (asking one at a time could hand back the same port twice). */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** True when something accepts TCP connections on host:port. */
export function canConnect(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
