import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { loadFactor, patience, testTimeFactor } from './test-time.ts';

describe('the slow-machine factor', () => {
  it('follows the load when unset or empty: 1 up to 4 per core, then in proportion, at most 5', () => {
    assert.equal(loadFactor(0, 2), 1);
    assert.equal(loadFactor(8, 2), 1);
    assert.equal(loadFactor(12, 2), 1.5);
    assert.equal(loadFactor(25, 2), 3.1);
    assert.equal(loadFactor(80, 2), 5);
    assert.equal(loadFactor(25, 8), 1);
    const unset = testTimeFactor({});
    assert.ok(unset >= 1 && unset <= 5, String(unset));
    assert.equal(testTimeFactor({ LECTERN_TEST_TIME_FACTOR: ' ' }), unset, 'one measurement per process');
    assert.equal(patience(30_000, {}), Math.round(30_000 * unset));
  });

  it('is the variable when set: 1 restores the base figures', () => {
    assert.equal(testTimeFactor({ LECTERN_TEST_TIME_FACTOR: '1' }), 1);
    assert.equal(patience(30_000, { LECTERN_TEST_TIME_FACTOR: '1' }), 30_000);
    assert.equal(testTimeFactor({ LECTERN_TEST_TIME_FACTOR: '2.5' }), 2.5);
    assert.equal(patience(30_000, { LECTERN_TEST_TIME_FACTOR: '2.5' }), 75_000);
  });

  it('refuses what cannot be a factor, naming the variable', () => {
    for (const bad of ['0.5', '0', '-2', 'slow', '21', 'Infinity']) {
      assert.throws(() => testTimeFactor({ LECTERN_TEST_TIME_FACTOR: bad }), /LECTERN_TEST_TIME_FACTOR must be a number from 1 to 20/, bad);
    }
  });
});
