// The sermon pipeline on real parts, as staff use it: an mp4 video of a spoken sermon (espeak-ng)
// uploaded through the PUT route of the sermons service (own process, real Postgres/Kafka/
// Temporal), run by the real pipeline worker process (workflows/src/worker.ts: ffmpeg,
// faster-whisper, extractive generator with WEB scripture text) until REVIEW arrives on the live
// WebSocket. Per step: each activity's wall time from the Temporal history (scheduled → completed,
// so queueing and retries count),
// as a ratio to the audio duration; total = workflow start → completion. Targets on this 2-core
// machine: total ≤ 0.15 × the audio, everything but recognition and generation < 5% of the total.
// Also the worker's and the recogniser's peak memory and the word error rate of the stored
// transcript. Prints; does not assert. (workflows/bench/pipeline.bench.ts times the same step
// code called directly, with probe and normalise apart.)
// BENCH_PIPELINE_MINUTES: comma-separated recording lengths (default "10,60").
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { sermonPipelineWorkflowId } from '@lectern/workflow-contract';
import { probeMedia } from '@lectern/media-probe';
import { makeSpokenRecording, sermonTextFile, wordErrorRate, type SpokenRecording } from '@lectern/workflows/testing';
import { temporalClient } from '../test/helper.ts';
import { startPipelineWorker } from '../test/pipeline.worker.ts';
import { loadAverage, targetLine } from '@lectern/local-stack/bench';
import { cpuSecondsOf, watchPeaks } from './pipeline.process-watch.ts';
import { startSermonsService, type SermonsServiceProcess } from './sermons-service.process.ts';

const TOTAL_RATIO_TARGET = 0.15;
const OTHER_SHARE_TARGET_PCT = 5;
const WER_TARGET_PCT = 10;
const WORDS_PER_MINUTE = 150; // espeak-ng en-us in the recording fixture
const STEPS = [
  ['normalizeAudio', 'normalise (download + probe + ffmpeg)'],
  ['transcribe', 'transcribe'],
  ['generateOutline', 'outline'],
  ['generateDevotionals', 'devotionals'],
  ['markReadyForReview', 'ready for review'],
] as const;
const RECOGNITION_AND_GENERATION = new Set(['transcribe', 'generateOutline', 'generateDevotionals']);

const minutesList = (process.env.BENCH_PIPELINE_MINUTES ?? '10,60').split(',').map((m) => Number(m.trim()));
if (minutesList.some((m) => !(m > 0))) throw new Error(`BENCH_PIPELINE_MINUTES must be minutes separated by commas (got "${process.env.BENCH_PIPELINE_MINUTES}")`);
const sermonSec = await spokenSeconds();

const service = await startSermonsService();
const temporal = await temporalClient(service.env);
try {
  for (const minutes of minutesList) {
    const repeat = Math.max(1, Math.ceil((minutes * 60) / sermonSec));
    const recording = await makeSpokenRecording({ repeat, name: `bench-worker-${minutes}min` });
    try {
      await runOne(service, minutes, repeat, recording);
    } finally {
      rmSync(recording.dir, { recursive: true, force: true });
    }
  }
} finally {
  await temporal.close();
  await service.close();
}

/** How long espeak-ng speaks the fixture sermon once (the recordings repeat it). */
async function spokenSeconds(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sermon-length-'));
  try {
    const wav = join(dir, 'once.wav');
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(WORDS_PER_MINUTE), '-f', sermonTextFile, '-w', wav]);
    return (await probeMedia(wav)).durationSec;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runOne(service: SermonsServiceProcess, minutes: number, repeat: number, recording: SpokenRecording): Promise<void> {
  // A fresh worker per recording, so its peak memory is this run's.
  const worker = await startPipelineWorker(service.env, service.base, { SERMONS_INTERNAL_TOKEN: service.internalToken });
  const watch = watchPeaks(worker.child.pid as number);
  try {
    const loadAtStart = loadAverage();
    const pastor = await service.token(randomUUID(), 'PASTOR');
    const bytes = readFileSync(recording.mp4);
    const created = await fetch(`${service.base}/api/sermons/sermons`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pastor}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Bench sermon (${minutes} min)`, speaker: 'Bench', recordedAt: '2026-11-15', file: { name: 'sermon.mp4', size: bytes.length, contentType: 'video/mp4' } }),
    });
    if (created.status !== 201) throw new Error(`creating the sermon answered ${created.status}: ${await created.text()}`);
    const body = (await created.json()) as { sermon: { id: string }; upload: { url: string; headers: Record<string, string> } };
    const sermonId = body.sermon.id;
    const finished = await liveStatus(service, pastor, sermonId);

    const cpuBefore = cpuSecondsOf(worker.child.pid as number);
    const uploadStarted = performance.now();
    const put = await fetch(body.upload.url.replace(service.publicOrigin, service.base), { method: 'PUT', headers: body.upload.headers, body: bytes });
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
    const uploaded = performance.now();
    const status = await finished.status;
    const reviewAt = performance.now();
    finished.close();
    if (status.status !== 'REVIEW') throw new Error(`the pipeline ended ${status.status}: ${status.errorMessage}\nworker output:\n${worker.output()}`);

    const timeline = await historyTimeline(sermonPipelineWorkflowId(sermonId));
    const details = (await (await fetch(`${service.base}/api/sermons/sermons/${sermonId}`, { headers: { authorization: `Bearer ${pastor}` } })).json()) as {
      sermon: { duration: number | null };
      transcript: { text: string } | null;
      outline: { mainPoints: unknown[]; scriptures: unknown[] } | null;
      devotionals: unknown[];
    };
    watch.stop();
    const workerCpu = cpuSecondsOf(worker.child.pid as number) - cpuBefore;
    const durationSec = details.sermon.duration ?? recording.text.split(/\s+/).length / (WORDS_PER_MINUTE / 60);
    const total = timeline.workflowSec;
    const ratio = (sec: number) => (sec / durationSec).toFixed(4);
    const recognitionAndGeneration = timeline.steps.filter((s) => RECOGNITION_AND_GENERATION.has(s.activity)).reduce((sum, s) => sum + s.sec, 0);
    const other = total - recognitionAndGeneration;
    const wer = wordErrorRate(recording.text, details.transcript?.text ?? '') * 100;
    const mb = (bytes: number | undefined) => ((bytes ?? 0) / 1e6).toFixed(0);
    const peaks = [...watch.peaks].sort((a, b) => b[1] - a[1]).map(([name, peak]) => `${name} ${mb(peak)} MB`).join(', ');

    console.log(`\npipeline through the real worker, ${(durationSec / 60).toFixed(1)}-minute recording (asked for ${minutes}; mp4 video ${(bytes.length / 1e6).toFixed(1)} MB, espeak-ng en-us ${WORDS_PER_MINUTE} wpm, the fixture sermon ×${repeat})`);
    console.log(`load at start: ${loadAtStart}`);
    console.log(`  upload (PUT, spool, probe, store, start run) ${((uploaded - uploadStarted) / 1000).toFixed(2)} s — not part of the pipeline figures`);
    for (const [activity, label] of STEPS) {
      const step = timeline.steps.find((s) => s.activity === activity);
      if (!step) {
        console.log(`  ${label.padEnd(38)} not in the history`);
        continue;
      }
      console.log(`  ${label.padEnd(38)} ${step.sec.toFixed(2).padStart(8)} s   ${ratio(step.sec)} × audio   ${((step.sec / total) * 100).toFixed(1).padStart(5)}% of total${step.attempts > 1 ? `   (${step.attempts} attempts)` : ''}`);
    }
    console.log(`  ${'scheduling between steps'.padEnd(38)} ${timeline.gapsSec.toFixed(2).padStart(8)} s   ${ratio(timeline.gapsSec)} × audio   ${((timeline.gapsSec / total) * 100).toFixed(1).padStart(5)}% of total`);
    console.log(`  ${'total (workflow start → completion)'.padEnd(38)} ${total.toFixed(2).padStart(8)} s   ${ratio(total)} × audio`);
    console.log(`  CPU of the worker and its children (ffmpeg, recogniser, diatheke) ${workerCpu.toFixed(1)} s = ${ratio(workerCpu)} × audio: with both cores to itself the run could not take less than ${ratio(workerCpu / availableParallelism())} × audio`);
    console.log(`  upload answered → REVIEW on the browser's WebSocket ${((reviewAt - uploaded) / 1000).toFixed(2)} s`);
    console.log(`  peak memory (VmHWM): ${peaks}`);
    console.log(`  stored: transcript ${details.transcript?.text.length ?? 0} characters, outline ${details.outline?.mainPoints.length ?? 0} main points citing ${details.outline?.scriptures.length ?? 0} scriptures, ${details.devotionals.length} devotional days`);
    console.log(targetLine(`  total as a share of the audio (${minutes} min, real worker)`, total / durationSec, '× audio', TOTAL_RATIO_TARGET, { atMost: true, digits: 4 }));
    console.log(targetLine(`  everything but recognition and generation (${other.toFixed(2)} s)`, (other / total) * 100, '% of total', OTHER_SHARE_TARGET_PCT, { digits: 2 }));
    console.log(targetLine(`  word error rate of the stored transcript (${recording.text.split(/\s+/).length} words spoken)`, wer, '%', WER_TARGET_PCT, { atMost: true, digits: 2 }));
  } finally {
    watch.stop();
    await worker.stop();
    rmSync(worker.workDir, { recursive: true, force: true });
  }
}

/** Resolves with the sermon's first REVIEW/FAILED status pushed on the live WebSocket. */
async function liveStatus(service: SermonsServiceProcess, token: string, sermonId: string) {
  const ws = new WebSocket(`${service.base.replace(/^http/, 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${token}`]);
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  const status = new Promise<{ status: string; errorMessage: string | null }>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`live WebSocket closed (${code}) before the pipeline finished`)));
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; event?: string; data?: { status: string; errorMessage: string | null }; message?: string };
      if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${sermonId}` }));
      else if (message.type === 'subscribed') subscribed();
      else if (message.type === 'error') reject(new Error(`live: ${message.message}`));
      else if (message.event === 'status' && message.data && (message.data.status === 'REVIEW' || message.data.status === 'FAILED')) resolve(message.data);
    });
  });
  status.catch(() => undefined);
  await Promise.race([ready, status]);
  return { status, close: () => ws.removeAllListeners('close').close() };
}

type Timestamp = { seconds?: number | { toNumber(): number } | null; nanos?: number | null } | null | undefined;
function toMs(t: Timestamp): number {
  const seconds = t?.seconds ?? 0;
  return (typeof seconds === 'number' ? seconds : seconds.toNumber()) * 1000 + (t?.nanos ?? 0) / 1e6;
}

/** Each activity's scheduled → completed time, workflow start → completion, and the time between steps. */
async function historyTimeline(workflowId: string) {
  const handle = temporal.client.workflow.getHandle(workflowId);
  // REVIEW is pushed from inside the last activity; the run completes just after.
  await handle.result();
  const history = await handle.fetchHistory();
  const events = history.events ?? [];
  const scheduled = new Map<string, { activity: string; at: number }>();
  const started = new Map<string, { at: number; attempt: number }>();
  const steps: { activity: string; sec: number; attempts: number; scheduledAt: number; completedAt: number }[] = [];
  let workflowStart = Number.NaN;
  let workflowEnd = Number.NaN;
  for (const event of events) {
    const at = toMs(event.eventTime as Timestamp);
    const id = String(event.eventId);
    if (event.workflowExecutionStartedEventAttributes) workflowStart = at;
    if (event.workflowExecutionCompletedEventAttributes) workflowEnd = at;
    if (event.activityTaskScheduledEventAttributes) scheduled.set(id, { activity: event.activityTaskScheduledEventAttributes.activityType?.name ?? '?', at });
    if (event.activityTaskStartedEventAttributes) {
      started.set(String(event.activityTaskStartedEventAttributes.scheduledEventId), { at, attempt: event.activityTaskStartedEventAttributes.attempt ?? 1 });
    }
    const completed = event.activityTaskCompletedEventAttributes;
    if (completed) {
      const key = String(completed.scheduledEventId);
      const s = scheduled.get(key);
      const st = started.get(key);
      // Temporal writes a retried activity's started event once, with its final attempt number.
      if (s && st) steps.push({ activity: s.activity, sec: (at - s.at) / 1000, attempts: st.attempt, scheduledAt: s.at, completedAt: at });
    }
  }
  const workflowSec = (workflowEnd - workflowStart) / 1000;
  const gapsSec = workflowSec - steps.reduce((sum, s) => sum + s.sec, 0);
  return { workflowSec, steps, gapsSec };
}
