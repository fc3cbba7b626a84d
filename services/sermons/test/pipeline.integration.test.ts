// The whole sermon pipeline on real parts: the sermons service, Temporal, the real worker process
// (ffmpeg, faster-whisper, the extractive generator, WEB scripture text via diatheke), Postgres.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { describe, it, beforeAll, afterAll, jest } from '@jest/globals';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { patience } from '@lectern/service-kit/testing';
import { sermonPipelineWorkflowId } from '@lectern/workflow-contract';
import { makeSpokenRecording, wordErrorRate, type SpokenRecording } from '@lectern/workflows/testing';
import { buildTestApp, INTERNAL_TOKEN, listen, temporalClient } from './helper.ts';
import { startPipelineWorker, type PipelineWorker } from './pipeline.worker.ts';

/** What the test sermon names (John 3:16, Romans 8:28) or quotes without naming (2 Timothy 2:3). */
const IN_THE_SERMON = ['John 3:16', 'Romans 8:28', '2 Timothy 2:3'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

describe('sermon pipeline end to end (real worker, recogniser and generator)', () => {
  jest.setTimeout(patience(15 * 60_000));
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let temporal: Awaited<ReturnType<typeof temporalClient>>;
  let recording: SpokenRecording;
  let worker: PipelineWorker | undefined;
  const orgA = randomUUID();
  const orgB = randomUUID();
  let pastorA: string;
  let pastorB: string;
  let reviewedMp3: { id: string; details: J } | undefined;

  beforeAll(async () => {
    t = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:4,standard:50' });
    base = await listen(t.app);
    temporal = await temporalClient(t.env);
    recording = await makeSpokenRecording({ name: 'pipeline-it' });
    pastorA = await t.token(orgA, 'PASTOR');
    pastorB = await t.token(orgB, 'PASTOR');
    worker = await startPipelineWorker(t.env, base);
  });
  afterAll(async () => {
    await worker?.stop();
    await temporal?.close();
    await t?.app.close();
    if (recording) rmSync(recording.dir, { recursive: true, force: true });
  });

  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${base}/api/sermons${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });

  async function upload(file: string, name: string, contentType: string, title = 'Enduring Together') {
    const bytes = readFileSync(file);
    const created = await api('/sermons', pastorA, {
      method: 'POST',
      body: JSON.stringify({ title, speaker: 'Pastor Ann', recordedAt: '2026-11-15', file: { name, size: bytes.length, contentType } }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const body = (await created.json()) as J;
    const put = await fetch(body.upload.url.replace(t.config.PUBLIC_ORIGIN, base), { method: 'PUT', headers: body.upload.headers, body: bytes });
    assert.equal(put.status, 200, await put.clone().text());
    return { id: body.sermon.id as string, key: body.upload.key as string };
  }

  const details = async (id: string) => (await (await api(`/sermons/${id}`, pastorA)).json()) as J;

  /** Polls the sermon's details; `timeoutMs` is the figure on the CI machine, scaled by patience(). */
  async function waitForDetails(id: string, predicate: (d: J) => boolean, what: string, timeoutMs = 180_000): Promise<J> {
    const deadline = Date.now() + patience(timeoutMs);
    let last: J;
    while (Date.now() < deadline) {
      last = await details(id);
      if (predicate(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`timed out after ${patience(timeoutMs)} ms waiting for ${what}; last: ${JSON.stringify(last?.progress)} ${last?.sermon?.status}\nworker:\n${worker?.output()}`);
  }

  /** Waits until the running transcription's last heartbeat (as the server has it) names a checkpoint. */
  async function waitForCheckpoint(handle: ReturnType<typeof temporal.client.workflow.getHandle>): Promise<number> {
    const deadline = Date.now() + patience(120_000);
    while (Date.now() < deadline) {
      const pending = (await handle.describe()).raw.pendingActivities?.find((a) => a.activityType?.name === 'transcribe');
      const payload = pending?.heartbeatDetails?.payloads?.[0]?.data;
      const details = payload ? (JSON.parse(Buffer.from(payload).toString()) as { checkpointSec?: number }) : undefined;
      if (details?.checkpointSec) return details.checkpointSec;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no transcription checkpoint within ${patience(120_000)} ms\nworker:\n${worker?.output()}`);
  }

  const inReview = (id: string) => waitForDetails(id, (d) => d.sermon?.status === 'REVIEW' || d.sermon?.status === 'FAILED', 'REVIEW');

  function assertContent(result: J) {
    assert.equal(result.sermon.status, 'REVIEW', JSON.stringify(result.progress));
    assert.equal(result.progress.status, 'completed');
    for (const key of ['uploadPct', 'transcribePct', 'outlinePct', 'devotionPct']) assert.equal(result.progress[key], 100, key);
    const wer = wordErrorRate(recording.text, result.transcript.text);
    assert.ok(wer <= 0.1, `word error rate ${(wer * 100).toFixed(1)}% over 10%: ${result.transcript.text}`);
    assert.match(result.transcript.text, /God so loved the world/i);
    assert.equal(result.transcript.characterCount, result.transcript.text.length);

    const outline = result.outline;
    assert.ok(typeof outline.theme === 'string' && outline.theme.length > 0);
    assert.ok(outline.mainPoints.length >= 2);
    for (const point of outline.mainPoints) {
      assert.ok(point.title && point.summary && point.details, JSON.stringify(point));
      assert.ok(point.scripture, `main point without scripture: ${point.title}`);
    }
    // The spoken references, normalised, and the one verse the sermon quotes without naming it
    // ("suffer hardship as a good soldier of Christ Jesus", 2 Timothy 2:3); nothing else.
    assert.ok(outline.scriptures.includes('John 3:16'), JSON.stringify(outline.scriptures));
    assert.ok(outline.scriptures.includes('Romans 8:28'), JSON.stringify(outline.scriptures));
    for (const cited of outline.scriptures) assert.ok(IN_THE_SERMON.includes(cited), `cited ${cited}, which the sermon neither named nor quoted`);

    assert.deepEqual(result.devotionals.map((d: J) => d.dayNumber), [1, 2, 3, 4, 5]);
    for (const day of result.devotionals) {
      assert.ok(day.title && day.theme);
      for (const form of ['quick', 'full']) {
        assert.ok(day.openingPrayer[form] && day.closingPrayer[form], `prayers of day ${day.dayNumber}`);
        assert.ok(IN_THE_SERMON.some((ref) => day.scripturePassage[form].reference.startsWith(ref.split(':')[0])), day.scripturePassage[form].reference);
        assert.ok(day.reflection[form].observations.length > 0 && day.reflection[form].question);
      }
    }
    // The passage text is the World English Bible's, read from the SWORD module, never generated.
    const john = result.devotionals.find((d: J) => d.scripturePassage.quick.reference === 'John 3:16');
    assert.ok(john, 'a day on John 3:16');
    assert.match(john.scripturePassage.quick.text, /^For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life\.$/);
    return wer;
  }

  it('a spoken mp3 goes through ffmpeg, the recogniser and the generator to REVIEW', async () => {
    const { id } = await upload(recording.mp3, 'endurance.mp3', 'audio/mpeg');
    const result = await inReview(id);
    const wer = assertContent(result);
    reviewedMp3 = { id, details: result };
    console.log(`mp3: word error rate ${(wer * 100).toFixed(1)}% over ${recording.text.split(/\s+/).length} spoken words`);
    const words = (await (await api(`/sermons/${id}/transcript`, pastorA)).json()) as J;
    assert.ok(words.words.length > 100 && words.words.every((w: J) => w.end >= w.start), 'word timestamps kept');
    // The writing steps read the words' probabilities back (low-confidence words stay out of titles).
    const internal = (query: string) => fetch(`${base}/api/sermons/internal/sermons/${id}/content${query}`, { headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } }).then((r) => r.json() as Promise<J>);
    const withWords = await internal('?words=true');
    assert.equal(withWords.transcript.words.length, words.words.length);
    assert.ok(withWords.transcript.words.every((w: J) => typeof w.probability === 'number'), 'probabilities kept');
    assert.equal((await internal('')).transcript.words, undefined, 'text only unless asked');
    const { rows } = await sql<{ type: string }>`select type from outbox where key = ${id}`.execute(t.app.kit.db);
    assert.equal(rows.filter((r) => r.type === 'sermons.sermon.ready-for-review.v1').length, 1);
  });

  it('an mp4 video: the audio track is extracted and goes through to REVIEW', async () => {
    const { id } = await upload(recording.mp4, 'endurance.mp4', 'video/mp4');
    const wer = assertContent(await inReview(id));
    console.log(`mp4: word error rate ${(wer * 100).toFixed(1)}%`);
    const history = await temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id)).fetchHistory();
    const steps = history.events?.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []) ?? [];
    assert.deepEqual(steps, ['normalizeAudio', 'transcribe', 'generateOutline', 'generateDevotionals', 'markReadyForReview']);
  });

  it('another organization cannot see, change or subscribe to a processed sermon', async () => {
    assert.ok(reviewedMp3, 'the mp3 test left a processed sermon');
    const { id, details: done } = reviewedMp3;
    for (const [path, method, body] of [
      [`/sermons/${id}`, 'GET'], [`/sermons/${id}/transcript`, 'GET'], [`/sermons/${id}/publish`, 'POST'], [`/sermons/${id}/outline`, 'PUT', JSON.stringify({ outline: {} })],
      [`/devotionals/${done.devotionals[0].id}`, 'PUT', JSON.stringify({ title: 'hijacked' })], [`/sermons/${id}`, 'DELETE'],
    ] as const) {
      const response = await api(path, pastorB, { method, ...(body ? { body } : {}) });
      assert.equal(response.status, 404, `${method} ${path}`);
    }
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${pastorB}`]);
    const messages: J[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${id}` }));
    const deadline = Date.now() + patience(5000);
    while (!messages.some((m) => m.type === 'error' || m.type === 'subscribed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    ws.close();
    assert.ok(messages.some((m) => m.type === 'error' && m.code === 'forbidden'), `another church's subscription after ${patience(5000)} ms: ${JSON.stringify(messages)}`);
    const mine = await details(id);
    assert.equal(mine.devotionals[0].title, done.devotionals[0].title, 'unchanged');
    assert.equal(mine.sermon.status, 'REVIEW');
  });

  it('Stop mid-pipeline cancels the run and removes the media and the record', async () => {
    const { id, key } = await upload(recording.mp3, 'stop.mp3', 'audio/mpeg', 'Stopped');
    await waitForDetails(id, (d) => d.progress.transcribePct > 0, 'the pipeline to start');
    const stop = await api(`/sermons/${id}/stop`, pastorA, { method: 'POST' });
    assert.equal(stop.status, 200);
    assert.equal(((await stop.json()) as J).message, 'Processing stopped and sermon removed');
    const handle = temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id));
    await assert.rejects(handle.result());
    assert.equal((await handle.describe()).status.name, 'CANCELLED');
    assert.equal((await api(`/sermons/${id}`, pastorA)).status, 404);
    assert.equal(await (await t.app.rawBucket()).exists(key), false);
    assert.equal(existsSync(join(worker!.workDir, id)), false, 'the worker dropped its scratch files');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from devotionals where sermon_id = ${id}`.execute(t.app.kit.db);
    assert.equal(rows[0]?.n, 0);
  });

  it('a worker killed mid-transcription: the step resumes from its heartbeat checkpoint on a new worker and the run finishes once', async () => {
    // 30-second pieces, so the recogniser checkpoints several times within this recording.
    const pieces = { TRANSCRIPTION_CHUNK_SEC: '30' };
    await worker!.stop();
    worker = await startPipelineWorker(t.env, base, pieces);
    const long = await makeSpokenRecording({ name: 'pipeline-crash', repeat: 3 });
    try {
      const { id } = await upload(long.mp3, 'crash.mp3', 'audio/mpeg', 'Crash');
      const handle = temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id));
      const checkpointSec = await waitForCheckpoint(handle);
      const killedAt = Date.now();
      await worker!.stop('SIGKILL');
      // Restarted on the same machine: the checkpoint file is still in its scratch directory.
      worker = await startPipelineWorker(t.env, base, pieces, worker!.workDir);
      const restarted = worker;
      const workerReadyAt = Date.now();
      let resumedAt: number | undefined;
      const watchResume = setInterval(() => {
        if (resumedAt === undefined && restarted.output().includes('resuming transcription from')) resumedAt = Date.now();
      }, 100);
      const result = await inReview(id).finally(() => clearInterval(watchResume));
      const reviewAt = Date.now();
      assert.equal(result.sermon.status, 'REVIEW', JSON.stringify(result.progress));
      const resumedFromSec = Number(/resuming transcription from ([\d.]+) s/.exec(worker.output())?.[1]);
      assert.ok(resumedFromSec >= checkpointSec, `resumed from ${resumedFromSec} s, the heartbeat named ${checkpointSec} s:\n${worker.output()}`);
      const wer = wordErrorRate(long.text, result.transcript.text);
      assert.ok(wer <= 0.1, `word error rate after the resume ${(wer * 100).toFixed(1)}%`);
      const history = await handle.fetchHistory();
      const transcribeScheduled = history.events?.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'transcribe');
      const started = history.events?.find((e) => e.activityTaskStartedEventAttributes && String(e.activityTaskStartedEventAttributes.scheduledEventId) === String(transcribeScheduled?.eventId));
      assert.ok((started?.activityTaskStartedEventAttributes?.attempt ?? 1) >= 2, 'transcription ran a second attempt');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from devotionals where sermon_id = ${id}`.execute(t.app.kit.db);
      assert.equal(rows[0]?.n, 5, 'five devotionals, no duplicates');
      const events = await sql<{ n: number }>`select count(*)::int as n from outbox where key = ${id} and type = 'sermons.sermon.ready-for-review.v1'`.execute(t.app.kit.db);
      assert.equal(events.rows[0]?.n, 1, 'ready for review once');
      const sec = (from: number, to: number | undefined) => (to === undefined ? 'not seen' : `${((to - from) / 1000).toFixed(1)} s`);
      console.log(
        `fault worker-sigkill-mid-step: killed mid-transcription at the ${checkpointSec} s checkpoint of ${Math.round(Number(result.sermon.duration))} s of audio; lost 0 (REVIEW reached, word error rate ${(wer * 100).toFixed(1)}%), ` +
          `applied twice 0 (5 devotionals, ready-for-review event ${events.rows[0]?.n}, transcription attempts ${started?.activityTaskStartedEventAttributes?.attempt}); ` +
          `new worker serving ${sec(killedAt, workerReadyAt)} after the kill, the step resumed from ${resumedFromSec} s ${sec(killedAt, resumedAt)} after the kill, ` +
          `REVIEW ${sec(killedAt, reviewAt)} after the kill (${sec(workerReadyAt, reviewAt)} after the new worker started); load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
      );
    } finally {
      rmSync(long.dir, { recursive: true, force: true });
    }
  });

  it('a failing step → FAILED with its message → Retry from that step → REVIEW', async () => {
    await worker!.stop();
    // A recogniser without its model: a real failure of the transcription step.
    worker = await startPipelineWorker(t.env, base, { LECTERN_ASR_MODEL_DIR: join(worker!.workDir, 'no-model') });
    const { id } = await upload(recording.mp3, 'retry.mp3', 'audio/mpeg', 'Retry');
    const failed = await waitForDetails(id, (d) => d.sermon.status === 'FAILED', 'FAILED', 120_000);
    assert.equal(failed.progress.status, 'failed');
    assert.equal(failed.progress.currentStep, 'transcribe');
    assert.match(failed.progress.errorMessage, /no Whisper model/);
    // The run stays open (Running) while it waits for Retry: an operator sees why in the Temporal UI.
    const handle = temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id));
    const shown = await waitForRun(handle, (d) => d.searchAttributes.LecternSermonState?.[0] === 'FAILED');
    assert.equal(shown.status.name, 'RUNNING');
    assert.deepEqual(shown.searchAttributes.LecternOrganization, [orgA]);
    const memo = shown.memo as { sermonState: string; failedStep: string; errorMessage: string };
    assert.equal(memo.sermonState, 'FAILED');
    assert.equal(memo.failedStep, 'transcribe');
    assert.match(memo.errorMessage, /no Whisper model/);
    let listed: string[] = [];
    for (const until = Date.now() + patience(20_000); !listed.includes(sermonPipelineWorkflowId(id)) && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 300))) {
      listed = [];
      for await (const run of temporal.client.workflow.list({ query: `LecternOrganization = "${orgA}" AND LecternSermonState = "FAILED"` })) listed.push(run.workflowId);
    }
    assert.ok(listed.includes(sermonPipelineWorkflowId(id)), `the church's failed runs are listed: ${listed.join(', ')}`);
    await worker.stop();
    worker = await startPipelineWorker(t.env, base);
    const retry = await api(`/sermons/${id}/retry`, pastorA, { method: 'POST' });
    assert.equal(retry.status, 202, await retry.clone().text());
    assert.deepEqual(await retry.json(), { message: 'Transcription process restarted', restartedAt: 'transcribe' });
    assertContent(await inReview(id));
    assert.deepEqual((await waitForRun(handle, (d) => d.searchAttributes.LecternSermonState?.[0] === 'REVIEW')).searchAttributes.LecternSermonState, ['REVIEW']);
    const history = await temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id)).fetchHistory();
    const steps = history.events?.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []) ?? [];
    assert.deepEqual(steps, ['normalizeAudio', 'transcribe', 'markStepFailed', 'transcribe', 'generateOutline', 'generateDevotionals', 'markReadyForReview'], 'normalise is not run again');
  });
});

type RunDescription = Awaited<ReturnType<ReturnType<Awaited<ReturnType<typeof temporalClient>>['client']['workflow']['getHandle']>['describe']>>;

/** Visibility is eventually consistent: poll the run's description until it shows the state. */
async function waitForRun(handle: { describe(): Promise<RunDescription> }, check: (description: RunDescription) => boolean, timeoutMs = 20_000): Promise<RunDescription> {
  const until = Date.now() + patience(timeoutMs);
  for (;;) {
    const description = await handle.describe();
    if (check(description)) return description;
    if (Date.now() > until) throw new Error(`run never showed the state within ${patience(timeoutMs)} ms: ${JSON.stringify(description.searchAttributes)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
