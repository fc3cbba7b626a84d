// Which instance served what, with two instances of a service behind the edge (`startStack({
// instances: 2 })`), read from the instances' own logs: each request is logged with its request id
// (which every answer carries as `x-request-id`, and which a caller may choose), and each live
// connection with the user it authenticated ('live connection ready'). The edge hands requests and
// WebSocket upgrades to the instances of a service in turn, so a probe through it also moves the
// turn on.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { patience } from '@lectern/local-stack/testing';
import type { Stack } from './stack.helpers.ts';

type Service = 'identity' | 'sermons';

function logsOf(stack: Stack, service: Service): string[] {
  const files = stack.instanceLogs[service] ?? [];
  assert.equal(files.length, 2, `${service} runs as two instances (startStack({ instances: 2 }))`);
  return files.map((file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  });
}

/** The log lines of instance `index` of `service` that carry every one of `needles` (the journey's evidence). */
export function logLinesWith(stack: Stack, service: Service, index: number, ...needles: string[]): string[] {
  return logsOf(stack, service)[index]!.split('\n').filter((line) => needles.every((needle) => line.includes(needle)));
}

/** 0 or 1: the instance (in `stack.instances[service]` order) that logged the request `requestId`. */
export async function instanceThatServed(stack: Stack, service: Service, requestId: string, timeoutMs = patience(10_000)): Promise<number> {
  const needle = `"requestId":"${requestId}"`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = logsOf(stack, service).flatMap((log, index) => (log.includes(needle) ? [index] : []));
    if (found.length === 1) return found[0]!;
    assert.ok(found.length < 2, `request ${requestId} is in the logs of both ${service} instances`);
    if (Date.now() > deadline) throw new Error(`no ${service} instance logged request ${requestId}`);
    await sleep(100);
  }
}

/** How many live connections of `userId` each instance has accepted so far. */
export function liveConnectionsOf(stack: Stack, service: Service, userId: string): number[] {
  return logsOf(stack, service).map((log) => log.split('\n').filter((line) => line.includes('"msg":"live connection ready"') && line.includes(`"userId":"${userId}"`)).length);
}

/** The instance that accepted `userId`'s next live connection after `before` (a liveConnectionsOf reading). */
export async function instanceOfNextLiveConnection(stack: Stack, service: Service, userId: string, before: number[], timeoutMs = patience(10_000)): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = liveConnectionsOf(stack, service, userId);
    const grown = now.flatMap((count, index) => (count > (before[index] ?? 0) ? [index] : []));
    if (grown.length === 1) return grown[0]!;
    assert.ok(grown.length < 2, `${userId} connected to both instances at once: ${JSON.stringify({ before, now })}`);
    if (Date.now() > deadline) throw new Error(`no ${service} instance logged a live connection of ${userId}`);
    await sleep(100);
  }
}

/** One request through the edge that only the instance it reaches logs; returns that instance. */
export async function probe(stack: Stack, service: 'sermons'): Promise<number> {
  const requestId = `probe-${randomBytes(6).toString('hex')}`;
  // Unauthenticated: refused (and logged) by whichever instance the edge picks, with no side effect.
  const answer = await fetch(`${stack.origin}/api/${service}/quota`, { headers: { 'x-request-id': requestId } });
  assert.equal(answer.status, 401);
  return instanceThatServed(stack, service, requestId);
}

/**
 * Moves the edge's turn so that its next request to `service` goes to instance `target`: probes
 * until one lands on the other instance. Holds while nothing else reaches the service meanwhile
 * (the journey checks where its next request landed).
 */
export async function steerNextRequestTo(stack: Stack, service: 'sermons', target: number): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    if ((await probe(stack, service)) !== target) return;
  }
  throw new Error(`the edge kept sending ${service} requests to instance ${target}`);
}
