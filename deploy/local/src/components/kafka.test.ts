import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { clusterId } from './kafka.ts';

test('a generated Kafka cluster id is 22 base64url characters and never starts with a dash', () => {
  // A leading '-' made kafka-storage read the id as an option; one in 64 random ids starts so.
  for (let i = 0; i < 2000; i += 1) {
    const id = clusterId();
    assert.match(id, /^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  }
});
