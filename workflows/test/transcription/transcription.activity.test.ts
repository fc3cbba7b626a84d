import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { ensureAsr, patience, type AsrRuntime } from '@lectern/local-stack/testing';
import { InvalidMediaError } from '@lectern/media-probe';
import { createFasterWhisperTranscriber } from '../../src/transcription/faster-whisper.transcriber.ts';
import { normalizeInActivity, transcribeInActivity, type StepProgressDetails } from '../../src/transcription/transcription.activity.ts';
import { wordErrorRate } from '../../src/transcription/word-error-rate.ts';
import { makeSpokenRecording, type SpokenRecording } from '../media/spoken-recording.fixture.ts';

// The steps inside a Temporal activity context: heartbeats, reported percents, cancellation.

let asr: AsrRuntime;
let recording: SpokenRecording;
beforeAll(async () => {
  [asr, recording] = await Promise.all([ensureAsr(() => undefined), makeSpokenRecording({ name: 'activity' })]);
});
afterAll(() => fs.rmSync(recording.dir, { recursive: true, force: true }));

function inActivity<R>(env: MockActivityEnvironment, work: () => Promise<R>): Promise<R> {
  return env.run(work) as Promise<R>;
}

function activityEnv() {
  const env = new MockActivityEnvironment({ heartbeatTimeoutMs: 60_000 }, { logger: new DefaultLogger('ERROR') });
  const beats: StepProgressDetails[] = [];
  env.on('heartbeat', (details: StepProgressDetails) => beats.push(details));
  return { env, beats };
}

test('the video is normalised then transcribed in activities, with heartbeats and reported percents', async () => {
  const { env, beats } = activityEnv();
  const reported: number[] = [];
  const wav = path.join(recording.dir, 'activity.wav');
  const info = await inActivity(env, () =>
    normalizeInActivity(recording.mp4, wav, async (percent) => {
      reported.push(percent);
    }),
  );
  assert.ok(info.hasVideo && fs.existsSync(wav));
  assert.equal(reported.at(-1), 100);

  reported.length = 0;
  beats.length = 0;
  const transcriber = createFasterWhisperTranscriber(asr);
  const transcript = await inActivity(env, () =>
    transcribeInActivity(transcriber, wav, {
      durationSec: info.durationSec,
      report: async (percent, message) => {
        assert.match(message, /^Transcribing \d+%$/);
        reported.push(percent);
      },
    }),
  );
  assert.ok(wordErrorRate(recording.text, transcript.text) <= 0.1);
  assert.ok(beats.length >= 3, `${beats.length} heartbeats`);
  assert.deepEqual(beats.at(-1), { percent: 100, processedSec: transcript.durationSec });
  assert.ok(reported.every((p, i) => i === 0 || p > (reported[i - 1] ?? -1)), `reported once per percent: ${reported.join(',')}`);
  assert.equal(reported.at(-1), 100);
}, patience(300_000));

test('a file named .mp3 that is not audio fails the normalise activity as non-retryable bad media', async () => {
  const { env } = activityEnv();
  const fake = path.join(recording.dir, 'letter.mp3');
  fs.writeFileSync(fake, 'Dear church, this is not a recording.\n');
  await assert.rejects(inActivity(env, () => normalizeInActivity(fake, path.join(recording.dir, 'letter.wav'))), InvalidMediaError);
  assert.ok(!fs.existsSync(path.join(recording.dir, 'letter.wav')));
});

test('cancelling the activity (Stop) stops the recogniser', async () => {
  const { env, beats } = activityEnv();
  const transcriber = createFasterWhisperTranscriber(asr);
  env.on('heartbeat', () => env.cancel('CANCELLED'));
  const started = Date.now();
  await assert.rejects(inActivity(env, () => transcribeInActivity(transcriber, recording.wav)));
  assert.ok(beats.length >= 1);
  // Cancelled at the first heartbeat, which is sent as the step starts.
  assert.ok(Date.now() - started < patience(60_000), `stopped after ${Date.now() - started} ms`);
}, patience(120_000));

/**
 * The recording's first `seconds`: every 10 s chunk is decoded as a full 30 s Whisper window, so
 * the whole recording in 10 s chunks cost several times its own decoding (21 s quiet, 178 s at
 * load 11, once past its time-out at load ~25).
 */
async function opening(seconds: number): Promise<string> {
  const out = path.join(recording.dir, `opening-${seconds}s.wav`);
  await promisify(execFile)('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', recording.wav, '-t', String(seconds), out]);
  return out;
}

test('a checkpoint that cannot be written (its folder removed by a cancelled run) is skipped: the transcript still comes back, and no heartbeat names it', async () => {
  const { env, beats } = activityEnv();
  const transcriber = createFasterWhisperTranscriber({ ...asr, chunkSec: 10 });
  // 25 s in 10 s chunks: two checkpoints fall due before the last chunk.
  const wav = await opening(25);
  const gone = path.join(recording.dir, 'removed-work-folder', 'transcript.checkpoint.json');
  const lines: string[] = [];
  const transcript = await inActivity(env, () => transcribeInActivity(transcriber, wav, { checkpointFile: gone, log: (line) => lines.push(line) }));
  assert.ok(transcript.words.length > 0);
  assert.ok(lines.filter((line) => /checkpoint at .* not saved/.test(line)).length >= 2, lines.join('\n'));
  assert.equal(beats.filter((beat) => beat.checkpointSec).length, 0);
}, patience(300_000));

test('a listener that throws fails the transcription instead of the worker process', async () => {
  const transcriber = createFasterWhisperTranscriber({ ...asr, chunkSec: 10 });
  await assert.rejects(
    transcriber.transcribe(recording.wav, { onCheckpoint: () => { throw new Error('disk full'); } }),
    /the checkpoint listener failed: disk full/,
  );
}, patience(300_000));
