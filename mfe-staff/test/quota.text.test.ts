/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { quotaLine, quotaReachedMessage } from '../src/sermons/quota.text.ts';

test('the limit message names the reset date, or the next cycle without one', () => {
  assert.equal(
    quotaReachedMessage('2026-12-01T00:00:00.000Z'),
    'Upload limit reached for this cycle. Resets on December 1, 2026.',
  );
  assert.equal(quotaReachedMessage(null), 'Upload limit reached for this cycle. Resets on the next cycle.');
});

test('the quota line shows used of quota_limit with the reset date', () => {
  assert.equal(
    quotaLine({ used: 3, quota_limit: 12, remaining: 9, resets_at: '2027-01-01T00:00:00.000Z' }),
    '3 of 12 uploads used this cycle · Resets on January 1, 2027',
  );
  assert.equal(
    quotaLine({ used: 0, quota_limit: 4, remaining: 4, resets_at: null }),
    '0 of 4 uploads used this cycle',
  );
});
