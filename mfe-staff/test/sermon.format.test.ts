/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  formatBytes,
  formatDate,
  formatPrintDate,
  transcriptFileName,
  welcomeName,
} from '../src/sermons/sermon.format.ts';

test('sizes are shown in B, KB, MB, GB, base 1024 with one decimal', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(1024), '1.0 KB');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(5 * 1024 * 1024 + 300 * 1024), '5.3 MB');
  assert.equal(formatBytes(2 * 1024 ** 3), '2.0 GB');
  assert.equal(formatBytes(3 * 1024 ** 4), '3072.0 GB');
});

test('dates read MMM d, yyyy; a date-only value keeps its calendar day; nothing reads No date', () => {
  assert.equal(formatDate('2026-03-01'), 'Mar 1, 2026');
  assert.equal(formatDate(new Date(2025, 11, 24, 23, 59)), 'Dec 24, 2025');
  assert.equal(formatDate(null), 'No date');
  assert.equal(formatDate('not a date'), 'No date');
});

test('the print date reads MMMM d, yyyy h:mm a', () => {
  assert.equal(formatPrintDate(new Date(2026, 0, 5, 0, 7)), 'January 5, 2026 12:07 AM');
  assert.equal(formatPrintDate(new Date(2026, 6, 14, 15, 30)), 'July 14, 2026 3:30 PM');
  assert.equal(formatPrintDate(new Date(2026, 6, 14, 12, 0)), 'July 14, 2026 12:00 PM');
});

test('the transcript file name: non-alphanumerics to underscores, lower case, _transcript.txt', () => {
  assert.equal(
    transcriptFileName("Grace & Truth: John's Gospel"),
    'grace___truth__john_s_gospel_transcript.txt',
  );
  assert.equal(transcriptFileName('Psalm 23'), 'psalm_23_transcript.txt');
});

test('the welcome line uses the first word of the full name, else Admin', () => {
  assert.equal(welcomeName('Mary Ann Smith'), 'Mary');
  assert.equal(welcomeName('  '), 'Admin');
  assert.equal(welcomeName(null), 'Admin');
});
