// The launcher's Kafka client (src/components/kafka.ts) carries the kit's idle-queue correction
// (ADR 0031): an answered request leaves an idle connection without a timer.
import assert from 'node:assert/strict';
import { test } from '@jest/globals';
// @ts-expect-error kafkajs publishes no types for its internal modules
import RequestQueue from 'kafkajs/src/network/requestQueue/index.js';
import '../src/components/kafka.ts';

interface Queue {
  throttleCheckTimeoutId: unknown;
  push(request: { entry: { correlationId: number; apiName: string; apiVersion: number; resolve: () => void; reject: () => void }; expectResponse: boolean; sendRequest: () => void }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
  destroy(): void;
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

test('the launcher\'s client: an answered request leaves an idle connection without a timer (kafkajs 2.2.4 re-armed a 1 ms one for ever)', () => {
  const Queue = RequestQueue as new (options: object) => Queue;
  const queue = new Queue({ maxInFlightRequests: null, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'launcher-idle-queue-test', broker: 'broker:9092', logger: silent });
  const sent: number[] = [];
  queue.push({ entry: { correlationId: 1, apiName: 'Metadata', apiVersion: 1, resolve() {}, reject() {} }, expectResponse: true, sendRequest: () => void sent.push(1) });
  assert.deepEqual(sent, [1]);
  queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
  assert.equal(queue.throttleCheckTimeoutId, null, 'no pending request, yet a check was scheduled');
  queue.destroy();
});
