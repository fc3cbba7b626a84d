/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from '@jest/globals';
import { clampCount, estimatedTime, parsedMessage, processingTitle, progressPercent, showsSpinner, statusBadge, videosToProcess } from '../src/migration/migration.rules.ts';

test('counts are clamped 1–260 (default 50) and the run takes the smaller of feed and chosen count', () => {
  assert.equal(clampCount(0), 1);
  assert.equal(clampCount(999), 260);
  assert.equal(clampCount(Number.NaN), 50);
  assert.equal(videosToProcess(12, 50), 12);
  assert.equal(videosToProcess(300, 260), 260);
});

test('the estimate is 5 minutes a video, rounded up, in hours and minutes', () => {
  assert.equal(estimatedTime(10), '50 minutes');
  assert.equal(estimatedTime(12), '1 hour');
  assert.equal(estimatedTime(260), '21 hours 40 minutes');
});

test('progress is processed/total rounded and clamped 0–100', () => {
  assert.equal(progressPercent(1, 3), 33);
  assert.equal(progressPercent(2, 3), 67);
  assert.equal(progressPercent(5, 3), 100);
  assert.equal(progressPercent(0, 0), 0);
});

test('messages, titles, badge and spinner follow the spec', () => {
  assert.equal(parsedMessage(1), 'Successfully parsed RSS feed with 1 video');
  assert.equal(parsedMessage(12), 'Successfully parsed RSS feed with 12 videos');
  assert.equal(processingTitle('processing', 'pending', 'idle'), 'Stopping Migration…');
  assert.equal(processingTitle('cancelled', 'success', 'idle'), 'Migration Stopped');
  assert.equal(processingTitle('cancelled', 'success', 'pending'), 'Clearing Pending Sermons…');
  assert.equal(processingTitle('cancelled', 'success', 'success'), 'Pending Sermons Cleared');
  assert.equal(processingTitle('completed', 'idle', 'idle'), 'Migration Completed');
  assert.equal(processingTitle('failed', 'idle', 'idle'), 'Migration Failed');
  assert.equal(processingTitle('processing', 'idle', 'idle'), 'Migration In Progress');
  assert.equal(statusBadge(null), 'IDLE');
  assert.equal(statusBadge('processing'), 'PROCESSING');
  assert.equal(showsSpinner('processing', 'idle', 'idle'), true);
  assert.equal(showsSpinner('processing', 'success', 'idle'), false);
  assert.equal(showsSpinner('cancelled', 'idle', 'pending'), true);
  assert.equal(showsSpinner('completed', 'idle', 'idle'), false);
});
