import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { retryDelayMs } from './mail.dispatcher.ts';

describe('retry back-off', () => {
  it('doubles from the base per attempt and stops at the cap', () => {
    const mid = () => 0.5;
    assert.deepEqual([1, 2, 3, 4, 5, 6].map((a) => retryDelayMs(a, 1000, 10_000, mid)), [1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('spreads retries by ±10 %', () => {
    assert.equal(retryDelayMs(1, 1000, 10_000, () => 0), 900);
    assert.equal(retryDelayMs(1, 1000, 10_000, () => 1), 1100);
  });
});
