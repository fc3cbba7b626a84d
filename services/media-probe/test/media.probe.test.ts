import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { NON_RETRYABLE_STEP_ERROR } from '@lectern/workflow-contract';
import { InvalidMediaError, MediaToolError, probeMedia } from '../src/index.ts';

describe('probeMedia (ffprobe)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'media-probe-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a real recording: duration, audio codec, no video', async () => {
    const file = join(dir, 'tone.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-ac', '1', '-ar', '16000', file]);
    const info = await probeMedia(file);
    assert.ok(Math.abs(info.durationSec - 2) < 0.2, `duration ${info.durationSec}`);
    assert.equal(info.audioCodec, 'mp3');
    assert.equal(info.hasVideo, false);
    assert.equal(info.channels, 1);
  });

  it('a file named .mp3 that is not audio is an InvalidMediaError Temporal does not retry; a missing file is a tool error', async () => {
    const fake = join(dir, 'fake.mp3');
    writeFileSync(fake, 'this is text, not audio\n'.repeat(50));
    const error = await probeMedia(fake).catch((caught: unknown) => caught);
    assert.ok(error instanceof InvalidMediaError, String(error));
    assert.equal(error.type, NON_RETRYABLE_STEP_ERROR);
    assert.equal(error.nonRetryable, true);
    await assert.rejects(probeMedia(join(dir, 'missing.mp3')), MediaToolError);
  });
});
