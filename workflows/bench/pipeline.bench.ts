// Normalise + transcribe wall time for a 10-minute espeak-ng sermon (an mp4 video), as a ratio to
// the audio duration, with the recogniser's peak memory. Prints; does not assert.
// BENCH_PIPELINE_REPEAT sets the length (the 70-second sermon text repeated; default 9 ≈ 10.5 min).
import fs from 'node:fs';
import path from 'node:path';
import { ensureAsr } from '@lectern/local-stack/testing';
import { normalizeAudio } from '../src/media/media.normalize.ts';
import { probeMedia } from '../src/media/media.probe.ts';
import { createFasterWhisperTranscriber } from '../src/transcription/faster-whisper.transcriber.ts';
import { wordErrorRate } from '../src/transcription/word-error-rate.ts';
import { makeSpokenRecording } from '../test/media/spoken-recording.fixture.ts';

const repeat = Number(process.env.BENCH_PIPELINE_REPEAT ?? 9);
const asr = await ensureAsr((line) => console.log(line));
const recording = await makeSpokenRecording({ repeat, name: 'bench' });
try {
  const seconds = (since: number) => (performance.now() - since) / 1000;
  let since = performance.now();
  const info = await probeMedia(recording.mp4);
  const probeSec = seconds(since);
  const wav = path.join(recording.dir, 'normalised.wav');
  since = performance.now();
  await normalizeAudio(recording.mp4, wav, { durationSec: info.durationSec });
  const normaliseSec = seconds(since);
  let stats = { loadSec: 0, elapsedSec: 0, peakRssMb: 0 };
  const transcriber = createFasterWhisperTranscriber({ ...asr, onStats: (s) => (stats = s) });
  since = performance.now();
  const transcript = await transcriber.transcribe(wav, { durationSec: info.durationSec });
  const transcribeSec = seconds(since);
  const total = probeSec + normaliseSec + transcribeSec;
  const ratio = (s: number) => (s / info.durationSec).toFixed(4);
  console.log(`audio ${(info.durationSec / 60).toFixed(1)} min (mp4 video, espeak-ng en-us 150 wpm), load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
  console.log(`probe      ${probeSec.toFixed(2)} s  ratio ${ratio(probeSec)}`);
  console.log(`normalise  ${normaliseSec.toFixed(2)} s  ratio ${ratio(normaliseSec)}`);
  console.log(`transcribe ${transcribeSec.toFixed(2)} s  ratio ${ratio(transcribeSec)} (model load ${stats.loadSec} s, recogniser peak RSS ${stats.peakRssMb} MB)`);
  console.log(`total      ${total.toFixed(2)} s  ratio ${ratio(total)}; everything but recognition ${(((probeSec + normaliseSec) / total) * 100).toFixed(1)}% of the total`);
  console.log(`WER ${(wordErrorRate(recording.text, transcript.text) * 100).toFixed(1)}% over ${transcript.words.length} words`);
} finally {
  fs.rmSync(recording.dir, { recursive: true, force: true });
}
