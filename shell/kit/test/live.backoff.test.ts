/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { liveUrl, reconnectDelay } from '../src/live/live.backoff.ts';

test('reconnect waits 0.5 s doubling to 30 s, plus at most 25% jitter', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 6, 7, 20].map((n) => reconnectDelay(n, () => 0)),
    [500, 1000, 2000, 4000, 30000, 30000, 30000],
  );
  assert.equal(
    reconnectDelay(0, () => 0.999),
    625,
  );
});

test('the live address follows the page: wss on https, ws on http, same host', () => {
  assert.equal(
    liveUrl({ protocol: 'https:', host: 'app.example.org' }),
    'wss://app.example.org/api/sermons/live',
  );
  assert.equal(
    liveUrl({ protocol: 'http:', host: '127.0.0.1:8080' }),
    'ws://127.0.0.1:8080/api/sermons/live',
  );
  assert.equal(liveUrl({ protocol: 'http:', host: 'localhost:8080' }, 'migration'), 'ws://localhost:8080/api/migration/live');
});
