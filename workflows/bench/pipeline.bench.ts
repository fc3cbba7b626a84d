// The whole sermon pipeline on a 10-minute and a 60-minute spoken recording (espeak-ng, as an mp4
// video): wall time of each step (probe, normalise, transcribe, outline, devotionals) and in
// total, each as a ratio to the audio duration; the recogniser's peak memory; the word error rate
// against the spoken text. Targets on this 2-core machine with the local defaults: total ≤ 0.15 ×
// the audio, everything but recognition and generation < 5% of the total. Prints; does not assert.
//
// The steps are the pipeline's own code called directly (media, transcription, content with the
// configured providers: faster-whisper and the extractive generator with WEB scripture text via
// diatheke) — not through a Temporal worker and the sermons service, so the figures leave out
// storage reads, progress reports and activity scheduling.
//
// BENCH_PIPELINE_MINUTES: comma-separated recording lengths in minutes (default "10,60"; the
// 60-minute run keeps both cores busy for several minutes).
import fs from 'node:fs';
import path from 'node:path';
import { ensureAsr } from '@lectern/local-stack/testing';
import { createContentProviders, distinctReferences, findScriptureReferences } from '../src/content/index.ts';
import { normalizeAudio } from '../src/media/media.normalize.ts';
import { probeMedia } from '../src/media/media.probe.ts';
import { createFasterWhisperTranscriber } from '../src/transcription/faster-whisper.transcriber.ts';
import { readTranscriptionConfig } from '../src/transcription/transcription.config.ts';
import { wordErrorRate } from '../src/transcription/word-error-rate.ts';
import { makeSpokenRecording, sermonTextFile } from '../test/media/spoken-recording.fixture.ts';
import { loadAverage, targetLine } from './bench.report.ts';

const TOTAL_RATIO_TARGET = 0.15;
const OTHER_SHARE_TARGET_PCT = 5;
const WER_TARGET_PCT = 10;
// espeak-ng en-us at 150 words a minute speaks the fixture sermon in about this many seconds.
const WORDS_PER_MINUTE = 150;

const minutesList = (process.env.BENCH_PIPELINE_MINUTES ?? '10,60').split(',').map((m) => Number(m.trim()));
if (minutesList.some((m) => !(m > 0))) throw new Error(`BENCH_PIPELINE_MINUTES must be minutes separated by commas (got "${process.env.BENCH_PIPELINE_MINUTES}")`);

const asr = await ensureAsr((line) => console.log(line));
const transcription = localTranscription();
const sermonWords = fs.readFileSync(sermonTextFile, 'utf8').trim().split(/\s+/).length;
const sermonSec = (sermonWords / WORDS_PER_MINUTE) * 60;

for (const minutes of minutesList) {
  const repeat = Math.max(1, Math.round((minutes * 60) / sermonSec));
  const recording = await makeSpokenRecording({ repeat, name: `bench-${minutes}min` });
  try {
    await runPipeline(minutes, recording);
  } finally {
    fs.rmSync(recording.dir, { recursive: true, force: true });
  }
}

/** The worker's transcription settings (TRANSCRIPTION_CHUNK_SEC, TRANSCRIPTION_LANGUAGE) for the local recogniser. */
function localTranscription() {
  const config = readTranscriptionConfig({ ...process.env, TRANSCRIBER: 'local', LECTERN_ASR_PYTHON: asr.python, LECTERN_ASR_MODEL_DIR: asr.modelDir });
  if (config.kind !== 'local') throw new Error('the pipeline bench measures the local recogniser');
  return config;
}

async function runPipeline(minutes: number, recording: Awaited<ReturnType<typeof makeSpokenRecording>>): Promise<void> {
  const loadAtStart = loadAverage();
  const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; sec: number }> => {
    const since = performance.now();
    const value = await work();
    return { value, sec: (performance.now() - since) / 1000 };
  };

  const probe = await timed(() => probeMedia(recording.mp4));
  const durationSec = probe.value.durationSec;
  const wav = path.join(recording.dir, 'normalised.wav');
  const normalise = await timed(() => normalizeAudio(recording.mp4, wav, { durationSec }));
  let stats = { loadSec: 0, elapsedSec: 0, peakRssMb: 0 };
  const transcriber = createFasterWhisperTranscriber({ ...transcription, onStats: (s) => (stats = s) });
  const transcribe = await timed(() => transcriber.transcribe(wav, { durationSec }));
  const transcript = transcribe.value.text;

  // One provider set for both steps, as one worker process holds it.
  const content = createContentProviders(process.env);
  const title = `Bench sermon (${minutes} min)`;
  const references = await timed(async () => distinctReferences(findScriptureReferences(transcript)));
  const outline = await timed(() => content.outline.generateOutline({ transcript, title }));
  const devotionals = await timed(() => content.devotionals.generateDevotionals({ transcript, title, outline: outline.value }));
  // The same step with nothing cached from the outline (a worker that did not run the outline).
  const coldDevotionals = await timed(() => createContentProviders(process.env).devotionals.generateDevotionals({ transcript, title, outline: outline.value }));

  const steps = [
    ['probe', probe.sec],
    ['normalise', normalise.sec],
    ['transcribe', transcribe.sec],
    ['outline', outline.sec],
    ['devotionals', devotionals.sec],
  ] as const;
  const total = steps.reduce((sum, [, sec]) => sum + sec, 0);
  const other = probe.sec + normalise.sec;
  const ratio = (sec: number) => (sec / durationSec).toFixed(4);
  const wer = wordErrorRate(recording.text, transcript) * 100;

  console.log(`\npipeline, ${(durationSec / 60).toFixed(1)}-minute recording (asked for ${minutes}; mp4 video, espeak-ng en-us ${WORDS_PER_MINUTE} wpm, the fixture sermon ×${Math.round((minutes * 60) / sermonSec)}), direct step calls (no Temporal worker / sermons service)`);
  console.log(`load at start: ${loadAtStart}`);
  for (const [name, sec] of steps) console.log(`  ${name.padEnd(12)} ${sec.toFixed(2).padStart(8)} s   ${ratio(sec)} × audio   ${((sec / total) * 100).toFixed(1).padStart(5)}% of total`);
  console.log(`  ${'total'.padEnd(12)} ${total.toFixed(2).padStart(8)} s   ${ratio(total)} × audio`);
  console.log(`  transcribe: model load ${stats.loadSec} s, recogniser (Python) peak RSS ${stats.peakRssMb} MB, chunks of ${transcription.chunkSec} s; ${transcribe.value.words.length} words with timestamps`);
  console.log(`  content: ${references.value.length} distinct scripture references (detection alone ${references.sec.toFixed(2)} s; the outline step detects them itself), outline ${outline.value.mainPoints.length} main points citing ${outline.value.scriptures.length} scriptures, ${devotionals.value.length} devotional days; devotionals with no cached analysis ${coldDevotionals.sec.toFixed(2)} s (${content.description})`);
  console.log(`  bench process peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (generation runs here)`);
  console.log(targetLine(`  total as a share of the audio (${minutes} min)`, total / durationSec, '× audio', TOTAL_RATIO_TARGET, { atMost: true, digits: 4 }));
  console.log(targetLine(`  everything but recognition and generation (probe + normalise, ${other.toFixed(2)} s)`, (other / total) * 100, '% of total', OTHER_SHARE_TARGET_PCT, { digits: 2 }));
  console.log(targetLine(`  word error rate against the spoken text (${recording.text.split(/\s+/).length} words)`, wer, '%', WER_TARGET_PCT, { atMost: true, digits: 2 }));
}
