import fs from 'node:fs';
import path from 'node:path';
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/activity';
import { InvalidMediaError, probeMedia } from '@lectern/media-probe';
import { normalizeAudio } from '../../src/media/media.normalize.ts';
import { NON_RETRYABLE_STEP_ERROR } from '@lectern/workflow-contract';
import { makeSpokenRecording, type SpokenRecording } from './spoken-recording.fixture.ts';

let recording: SpokenRecording;
beforeAll(async () => {
  recording = await makeSpokenRecording({ name: 'media' });
});
afterAll(() => fs.rmSync(recording.dir, { recursive: true, force: true }));

test('the probe reads duration and tracks of an mp3 and of an mp4 video', async () => {
  const mp3 = await probeMedia(recording.mp3);
  const mp4 = await probeMedia(recording.mp4);
  assert.equal(mp3.hasVideo, false);
  assert.equal(mp3.audioCodec, 'mp3');
  assert.equal(mp4.hasVideo, true);
  assert.equal(mp4.audioCodec, 'aac');
  assert.ok(mp3.durationSec > 50 && mp3.durationSec < 120, `duration ${mp3.durationSec}`);
  assert.ok(Math.abs(mp3.durationSec - mp4.durationSec) < 1);
});

test('a file named .mp3 that is not audio is refused as non-retryable, whatever its name', async () => {
  const fake = path.join(recording.dir, 'sermon-fake.mp3');
  fs.writeFileSync(fake, 'This is a text file pretending to be a sermon.\n'.repeat(200));
  const image = path.join(recording.dir, 'cover.mp3');
  fs.writeFileSync(image, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  for (const file of [fake, image]) {
    await assert.rejects(probeMedia(file), (error: unknown) => {
      assert.ok(error instanceof InvalidMediaError, String(error));
      assert.ok(error instanceof ApplicationFailure);
      assert.equal(error.nonRetryable, true);
      assert.equal(error.type, NON_RETRYABLE_STEP_ERROR);
      assert.match(error.message, /not a playable audio or video recording/);
      return true;
    });
  }
});

test('normalise turns the mp3 and the mp4 video into 16 kHz mono audio with progress', async () => {
  for (const [input, format] of [[recording.mp3, 'wav'], [recording.mp4, 'flac']] as const) {
    const info = await probeMedia(input);
    const output = path.join(recording.dir, `${path.basename(input)}.normalised.${format}`);
    const percents: number[] = [];
    await normalizeAudio(input, output, { format, durationSec: info.durationSec, onProgress: (p) => p.percent !== null && percents.push(p.percent) });
    const out = await probeMedia(output);
    assert.equal(out.sampleRate, 16000);
    assert.equal(out.channels, 1);
    assert.equal(out.hasVideo, false);
    assert.equal(out.audioCodec, format === 'wav' ? 'pcm_s16le' : 'flac');
    assert.ok(Math.abs(out.durationSec - info.durationSec) < 0.5, `${out.durationSec} vs ${info.durationSec}`);
    assert.ok(percents.length > 0 && (percents.at(-1) ?? 0) > 90, `progress ${percents.join(',')}`);
    assert.ok(!fs.existsSync(`${output}.partial`));
  }
});

test('normalising something that is not audio fails as bad media and leaves no output', async () => {
  const fake = path.join(recording.dir, 'noise.mp3');
  fs.writeFileSync(fake, Buffer.alloc(64 * 1024, 7));
  const output = path.join(recording.dir, 'noise.wav');
  await assert.rejects(normalizeAudio(fake, output), InvalidMediaError);
  assert.ok(!fs.existsSync(output) && !fs.existsSync(`${output}.partial`));
});

test('cancelling normalise stops ffmpeg and leaves no output', async () => {
  const controller = new AbortController();
  const output = path.join(recording.dir, 'cancelled.wav');
  const running = normalizeAudio(recording.mp4, output, { signal: controller.signal, onProgress: () => controller.abort() });
  await assert.rejects(running, { name: 'AbortError' });
  assert.ok(!fs.existsSync(output) && !fs.existsSync(`${output}.partial`));
});
