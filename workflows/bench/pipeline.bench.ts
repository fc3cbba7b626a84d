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
import { createContentProviders, distinctReferences, identifyScripture } from '../src/content/index.ts';
import { normalizeAudio } from '../src/media/media.normalize.ts';
import { probeMedia } from '@lectern/media-probe';
import { createFasterWhisperTranscriber, describeDecoding, type RecogniserStats } from '../src/transcription/faster-whisper.transcriber.ts';
import { readTranscriptionConfig } from '../src/transcription/transcription.config.ts';
import { wordErrorRate } from '../src/transcription/word-error-rate.ts';
import { makeSpokenRecording, sermonTextFile } from '../test/media/spoken-recording.fixture.ts';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { cpuSecondsWithChildren, loadAverage, targetLine } from '@lectern/local-stack/bench';

const TOTAL_RATIO_TARGET = 0.15;
const OTHER_SHARE_TARGET_PCT = 5;
const WER_TARGET_PCT = 10;
const WORDS_PER_MINUTE = 150; // espeak-ng en-us in the recording fixture

const minutesList = (process.env.BENCH_PIPELINE_MINUTES ?? '10,60').split(',').map((m) => Number(m.trim()));
if (minutesList.some((m) => !(m > 0))) throw new Error(`BENCH_PIPELINE_MINUTES must be minutes separated by commas (got "${process.env.BENCH_PIPELINE_MINUTES}")`);

const asr = await ensureAsr((line) => console.log(line));
const transcription = localTranscription();
const sermonSec = await spokenSeconds();

for (const minutes of minutesList) {
  const repeat = Math.max(1, Math.ceil((minutes * 60) / sermonSec));
  const recording = await makeSpokenRecording({ repeat, name: `bench-${minutes}min` });
  try {
    await runPipeline(minutes, repeat, recording);
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

/** How long espeak-ng speaks the fixture sermon once (the recordings repeat it). */
async function spokenSeconds(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sermon-length-'));
  try {
    const wav = path.join(dir, 'once.wav');
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(WORDS_PER_MINUTE), '-f', sermonTextFile, '-w', wav]);
    return (await probeMedia(wav)).durationSec;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runPipeline(minutes: number, repeat: number, recording: Awaited<ReturnType<typeof makeSpokenRecording>>): Promise<void> {
  const loadAtStart = loadAverage();
  const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; sec: number; cpuSec: number }> => {
    const since = performance.now();
    const cpuSince = cpuSecondsWithChildren();
    const value = await work();
    return { value, sec: (performance.now() - since) / 1000, cpuSec: cpuSecondsWithChildren() - cpuSince };
  };

  const probe = await timed(() => probeMedia(recording.mp4));
  const durationSec = probe.value.durationSec;
  const wav = path.join(recording.dir, 'normalised.wav');
  const normalise = await timed(() => normalizeAudio(recording.mp4, wav, { durationSec }));
  let stats: RecogniserStats | undefined;
  const transcriber = createFasterWhisperTranscriber({ ...transcription, onStats: (s) => (stats = s) });
  const transcribe = await timed(() => transcriber.transcribe(wav, { durationSec }));
  const transcript = transcribe.value.text;

  // One provider set for both steps, as one worker process holds it.
  const content = createContentProviders(process.env);
  // The worker builds the quotation index while it connects, before any sermon arrives.
  await content.warmUp();
  const title = `Bench sermon (${minutes} min)`;
  const references = await timed(async () => distinctReferences(await identifyScripture(transcript)));
  const outline = await timed(() => content.outline.generateOutline({ transcript, title }));
  const devotionals = await timed(() => content.devotionals.generateDevotionals({ transcript, title, outline: outline.value }));
  // The same step with nothing cached from the outline (a worker that did not run the outline).
  const coldDevotionals = await timed(() => createContentProviders(process.env).devotionals.generateDevotionals({ transcript, title, outline: outline.value }));

  const steps = [
    ['probe', probe],
    ['normalise', normalise],
    ['transcribe', transcribe],
    ['outline', outline],
    ['devotionals', devotionals],
  ] as const;
  const total = steps.reduce((sum, [, step]) => sum + step.sec, 0);
  const totalCpu = steps.reduce((sum, [, step]) => sum + step.cpuSec, 0);
  const other = probe.sec + normalise.sec;
  const ratio = (sec: number) => (sec / durationSec).toFixed(4);
  const wer = wordErrorRate(recording.text, transcript) * 100;

  console.log(`\npipeline, ${(durationSec / 60).toFixed(1)}-minute recording (asked for ${minutes}; mp4 video, espeak-ng en-us ${WORDS_PER_MINUTE} wpm, the fixture sermon ×${repeat}), direct step calls (no Temporal worker / sermons service)`);
  console.log(`load at start: ${loadAtStart}`);
  console.log(`  ${'step'.padEnd(12)} ${'wall'.padStart(10)}   ${'× audio'.padStart(7)}   ${'share'.padStart(6)}   CPU (this process + its ffmpeg/recogniser/diatheke children)`);
  for (const [name, step] of steps) console.log(`  ${name.padEnd(12)} ${step.sec.toFixed(2).padStart(8)} s   ${ratio(step.sec)}   ${((step.sec / total) * 100).toFixed(1).padStart(5)}%   ${step.cpuSec.toFixed(1)} s`);
  console.log(`  ${'total'.padEnd(12)} ${total.toFixed(2).padStart(8)} s   ${ratio(total)}           ${totalCpu.toFixed(1)} s`);
  console.log(`  CPU time ${ratio(totalCpu)} × audio: with both cores to itself the pipeline could not take less than ${ratio(totalCpu / os.availableParallelism())} × audio; the wall time above is longer when other work shares the cores (see the load)`);
  console.log(`  transcribe: model load ${stats?.loadSec} s, recogniser (Python) peak RSS ${stats?.peakRssMb} MB, chunks of ${transcription.chunkSec} s, decoding ${stats ? describeDecoding(stats.decoding) : 'unknown'}; ${transcribe.value.words.length} words with timestamps`);
  console.log(`  content: ${references.value.length} distinct scripture references (detection alone ${references.sec.toFixed(2)} s; the outline step detects them itself), outline ${outline.value.mainPoints.length} main points citing ${outline.value.scriptures.length} scriptures, ${devotionals.value.length} devotional days; devotionals with no cached analysis ${coldDevotionals.sec.toFixed(2)} s (${content.description})`);
  console.log(`  bench process peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (generation runs here)`);
  console.log(targetLine(`  total as a share of the audio (${minutes} min)`, total / durationSec, '× audio', TOTAL_RATIO_TARGET, { atMost: true, digits: 4 }));
  console.log(targetLine(`  everything but recognition and generation (probe + normalise, ${other.toFixed(2)} s)`, (other / total) * 100, '% of total', OTHER_SHARE_TARGET_PCT, { digits: 2 }));
  console.log(targetLine(`  word error rate against the spoken text (${recording.text.split(/\s+/).length} words)`, wer, '%', WER_TARGET_PCT, { atMost: true, digits: 2 }));
}
