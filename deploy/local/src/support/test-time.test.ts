import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { patience, testTimeFactor } from './test-time.ts';

describe('the slow-machine factor', () => {
  it('is 1 when unset or empty, and scales waits by the given factor', () => {
    assert.equal(testTimeFactor({}), 1);
    assert.equal(testTimeFactor({ LECTERN_TEST_TIME_FACTOR: ' ' }), 1);
    assert.equal(patience(30_000, {}), 30_000);
    assert.equal(testTimeFactor({ LECTERN_TEST_TIME_FACTOR: '2.5' }), 2.5);
    assert.equal(patience(30_000, { LECTERN_TEST_TIME_FACTOR: '2.5' }), 75_000);
  });

  it('refuses what cannot be a factor, naming the variable', () => {
    for (const bad of ['0.5', '0', '-2', 'slow', '21', 'Infinity']) {
      assert.throws(() => testTimeFactor({ LECTERN_TEST_TIME_FACTOR: bad }), /LECTERN_TEST_TIME_FACTOR must be a number from 1 to 20/, bad);
    }
  });
});
