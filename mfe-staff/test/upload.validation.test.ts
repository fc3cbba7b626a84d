/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  MAX_UPLOAD_BYTES,
  MESSAGES,
  canStart,
  isValidSignedUrl,
  validateDroppedFiles,
  validateUploadForm,
} from '../src/sermons/upload.validation.ts';

const file = (name: string, size = 1000) => ({ name, size });

test('every audio and video extension of the spec is accepted, case-insensitively', () => {
  for (const ext of ['mp3', 'wav', 'flac', 'm4a', 'aac', 'mp4', 'mov', 'avi', 'mkv', 'webm', 'MP3', 'Mov']) {
    assert.deepEqual(validateDroppedFiles([file(`sermon.${ext}`)]), { file: file(`sermon.${ext}`) });
  }
});

test('other types, several files, too large and empty files are refused with the drop messages', () => {
  assert.deepEqual(validateDroppedFiles([file('notes.pdf')]), { error: MESSAGES.fileType });
  assert.equal(
    MESSAGES.fileType,
    'File type must be one of .mp4, .mov, .avi, .mkv, .webm, .mp3, .wav, .flac, .m4a, .aac',
  );
  assert.deepEqual(validateDroppedFiles([file('noext')]), { error: MESSAGES.fileType });
  assert.deepEqual(validateDroppedFiles([file('a.mp3'), file('b.mp3')]), { error: 'Too many files' });
  assert.deepEqual(validateDroppedFiles([file('big.mp4', MAX_UPLOAD_BYTES + 1)]), {
    error: 'File is larger than 2147483648 bytes',
  });
  assert.deepEqual(validateDroppedFiles([file('limit.mp4', MAX_UPLOAD_BYTES)]), {
    file: file('limit.mp4', MAX_UPLOAD_BYTES),
  });
  assert.deepEqual(validateDroppedFiles([file('empty.mp3', 0)]), { error: 'File is smaller than 1 bytes' });
});

const storageOrigin = 'https://storage.example.org';
const goodUrl = `${storageOrigin}/storage/v1/object/sign/sermons-raw/abc.mp3?token=xyz`;

test('a signed URL needs the storage origin, a token, the sermons-raw signed path and a media extension', () => {
  assert.equal(isValidSignedUrl(goodUrl, storageOrigin), true);
  assert.equal(isValidSignedUrl(goodUrl.replace('?token=xyz', ''), storageOrigin), false);
  assert.equal(
    isValidSignedUrl(goodUrl.replace('storage.example.org', 'evil.example.org'), storageOrigin),
    false,
  );
  assert.equal(isValidSignedUrl(goodUrl.replace('sermons-raw', 'avatars'), storageOrigin), false);
  assert.equal(isValidSignedUrl(goodUrl.replace('.mp3', '.exe'), storageOrigin), false);
  assert.equal(isValidSignedUrl('not a url', storageOrigin), false);
});

test('the form needs title, speaker, date and exactly one source, with the spec messages', () => {
  const base = { title: 'T', speaker: 'S', recordedAt: '2026-01-01', file: null, signedUrl: '' };
  const on = { urlUploadEnabled: true, storageOrigin };
  assert.deepEqual(validateUploadForm({ ...base, title: ' ', speaker: '', recordedAt: '' }, on), {
    title: 'Title is required.',
    speaker: 'Speaker is required.',
    recordedAt: 'Recording date is required.',
    source: MESSAGES.neither,
  });
  assert.equal(MESSAGES.neither, 'Choose a file or paste a signed URL to continue.');
  assert.deepEqual(validateUploadForm({ ...base, file: file('a.mp3'), signedUrl: goodUrl }, on), {
    source: 'Please use either file upload or signed URL, not both.',
  });
  assert.deepEqual(validateUploadForm({ ...base, signedUrl: 'https://x.org/a.mp3' }, on), {
    source:
      'The signed URL must be a valid sermons-raw signed URL ending in a supported audio/video extension.',
  });
  assert.deepEqual(validateUploadForm({ ...base, signedUrl: goodUrl }, on), {});
  // With the flag off the URL field does not exist: a stray value does not count as a source.
  assert.deepEqual(validateUploadForm({ ...base, signedUrl: goodUrl }, { ...on, urlUploadEnabled: false }), {
    source: MESSAGES.neither,
  });
});

test('Start is disabled without a source, while submitting and when nothing remains of the quota', () => {
  assert.equal(canStart({ file: null, signedUrl: '' }, { submitting: false, remaining: 3 }), false);
  assert.equal(canStart({ file: file('a.mp3'), signedUrl: '' }, { submitting: false, remaining: 3 }), true);
  assert.equal(canStart({ file: file('a.mp3'), signedUrl: '' }, { submitting: true, remaining: 3 }), false);
  assert.equal(canStart({ file: file('a.mp3'), signedUrl: '' }, { submitting: false, remaining: 0 }), false);
  assert.equal(
    canStart({ file: file('a.mp3'), signedUrl: '' }, { submitting: false, remaining: -1 }),
    false,
    'over the limit (a plan lowered mid-cycle)',
  );
  assert.equal(
    canStart({ file: file('a.mp3'), signedUrl: '' }, { submitting: false, remaining: null }),
    true,
  );
});
