// kafkajs' request queue with the kit's idle-queue correction (src/events/kafkajs.idle-queue.ts):
// an idle connection arms no timer; a request queued behind a broker's throttle is still sent.
import assert from 'node:assert/strict';
import { test } from '@jest/globals';
// @ts-expect-error kafkajs publishes no types for its internal modules
import RequestQueue from 'kafkajs/src/network/requestQueue/index.js';
// the kit's Kafka wiring, which every service's client comes from, applies the correction
import '../src/events/kafka.ts';
import { patience } from '../src/testing/index.ts';

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: unknown;
  push(request: { entry: { correlationId: number; apiName: string; apiVersion: number; resolve: () => void; reject: () => void }; expectResponse: boolean; sendRequest: () => void }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function requestQueue(): Queue {
  const Queue = RequestQueue as new (options: object) => Queue;
  return new Queue({ maxInFlightRequests: null, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'idle-queue-test', broker: 'broker:9092', logger: silent });
}

function request(correlationId: number, sent: number[]) {
  return { entry: { correlationId, apiName: 'Metadata', apiVersion: 1, resolve() {}, reject() {} }, expectResponse: true, sendRequest: () => void sent.push(correlationId) };
}

test('an answered request leaves an idle connection without a timer (kafkajs 2.2.4 re-armed a 1 ms one for ever)', () => {
  const queue = requestQueue();
  const sent: number[] = [];
  queue.push(request(1, sent));
  assert.deepEqual(sent, [1]);
  queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
  assert.equal(queue.throttleCheckTimeoutId, null, 'no pending request, yet a check was scheduled');
  queue.destroy();
});

test('a request queued behind a broker throttle is sent once the throttle ends', async () => {
  const queue = requestQueue();
  const sent: number[] = [];
  queue.maybeThrottle(200);
  queue.push(request(2, sent));
  assert.deepEqual(sent, [], 'held while throttled');
  assert.notEqual(queue.throttleCheckTimeoutId, null, 'a check is scheduled for the end of the throttle');
  const deadline = Date.now() + patience(10_000);
  while (sent.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(sent, [2]);
  queue.destroy();
});
