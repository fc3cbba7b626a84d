import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { sermonPipelineWorkflowId } from '@lectern/workflow-contract';
import { patience } from '@lectern/service-kit/testing';
import { buildTestApp, INTERNAL_TOKEN, listen, makeSpokenMp3, makeTone, temporalClient } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

const FILE_TYPE = 'File type must be one of .mp4, .mov, .avi, .mkv, .webm, .mp3, .wav, .flac, .m4a, .aac';

describe('sermons: upload, pipeline start, rules, isolation', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let temporal: Awaited<ReturnType<typeof temporalClient>>;
  let mp3: Buffer;
  const orgA = randomUUID();
  const orgB = randomUUID();
  let pastorA: string;
  let staffA: string;
  let pastorB: string;

  beforeAll(async () => {
    t = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:4,standard:50,tiny:1' });
    base = await listen(t.app);
    temporal = await temporalClient(t.env);
    mp3 = readFileSync(makeSpokenMp3(mkdtempSync(join(tmpdir(), 'sermon-audio-'))));
    pastorA = await t.token(orgA, 'PASTOR');
    staffA = await t.token(orgA, 'STAFF');
    pastorB = await t.token(orgB, 'PASTOR');
  });
  afterAll(async () => {
    await temporal?.close();
    await t?.app.close();
  });

  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${base}/api/sermons${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });
  const internal = (path: string, init: RequestInit = {}) =>
    fetch(`${base}/api/sermons/internal${path}`, { ...init, headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, ...(init.body ? { 'content-type': 'application/json' } : {}) } });

  async function createSermon(token: string, file: { name: string; size: number; contentType: string }, title = 'Grace') {
    return api('/sermons', token, { method: 'POST', body: JSON.stringify({ title, speaker: 'Pastor Ann', recordedAt: '2026-11-15', file }) });
  }

  async function upload(token: string, bytes: Buffer, name = 'grace.mp3', contentType = 'audio/mpeg') {
    const created = await createSermon(token, { name, size: bytes.length, contentType });
    assert.equal(created.status, 201, await created.clone().text());
    const body = (await created.json() as J) as { sermon: { id: string }; upload: { url: string; headers: Record<string, string>; key: string } };
    const url = body.upload.url.replace(t.config.PUBLIC_ORIGIN, base);
    const put = await fetch(url, { method: 'PUT', headers: body.upload.headers, body: bytes });
    return { id: body.sermon.id, key: body.upload.key, put, body: (await put.json() as J) as Record<string, unknown> };
  }

  it('uploads a real spoken mp3: probed, stored in sermons-raw, progress → transcribe, workflow started', async () => {
    const { id, key, put, body } = await upload(pastorA, mp3);
    assert.equal(put.status, 200, JSON.stringify(body));
    assert.equal(body.message, 'Sermon submitted successfully! Redirecting to sermon page...');
    const details = await (await api(`/sermons/${id}`, pastorA)).json() as J;
    assert.equal(details.sermon.status, 'PROCESSING');
    assert.equal(details.sermon.temporaryMediaPath, key);
    assert.match(key, /^[0-9a-f-]{36}\.mp3$/);
    assert.ok(details.sermon.duration > 1, `duration ${details.sermon.duration}`);
    assert.equal(details.progress.uploadPct, 100);
    assert.equal(details.progress.currentStep, 'transcribe');
    const bucket = await t.app.rawBucket();
    assert.equal((await bucket.stat(key)).size, mp3.length);
    const described = await temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id)).describe();
    assert.equal(described.taskQueue, t.config.SERMON_PIPELINE_TASK_QUEUE);
    assert.equal(described.type, 'sermonPipelineWorkflow');
    assert.equal(described.status.name, 'RUNNING');
    const quota = await (await api('/quota', pastorA)).json() as J;
    assert.equal(quota.used, 1);
  });

  it('saves upload_pct at each 5% of a streamed PUT and pushes it live', async () => {
    const long = readFileSync(makeTone(mkdtempSync(join(tmpdir(), 'sermon-tone-'))));
    const created = await createSermon(pastorA, { name: 'long.mp3', size: long.length, contentType: 'audio/mpeg' }, 'Long');
    const body = await created.json() as J;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${pastorA}`]);
    const seen: number[] = [];
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.event === 'progress') seen.push(m.data.uploadPct);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${body.sermon.id}` }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Sent in 64 KiB pieces with pauses, as a real network would deliver it.
    const pieces = async function* () {
      for (let offset = 0; offset < long.length; offset += 65536) {
        yield long.subarray(offset, offset + 65536);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const put = await fetch(body.upload.url.replace(t.config.PUBLIC_ORIGIN, base), { method: 'PUT', headers: { ...body.upload.headers, 'content-length': String(long.length) }, body: ReadableStream.from(pieces()), duplex: 'half' } as RequestInit);
    assert.equal(put.status, 200, await put.clone().text());
    await waitFor(() => seen.includes(100));
    ws.close();
    const partial = seen.filter((p) => p < 100);
    assert.ok(partial.length >= 5, `progress steps ${seen.join(',')}`);
    assert.ok(partial.every((p) => p % 5 === 0 && p > 0), `steps of 5%: ${seen.join(',')}`);
    assert.deepEqual(partial, [...partial].sort((a, b) => a - b));
  });

  it('an upload not finished within the time-out is refused and removed', async () => {
    const slow = await buildTestApp({}, { uploadTimeoutMs: 300 });
    const slowBase = await listen(slow.app);
    try {
      const token = await slow.token(randomUUID(), 'ADMIN');
      const created = await (await fetch(`${slowBase}/api/sermons/sermons`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'a', speaker: 'b', recordedAt: '2026-01-01', file: { name: 'a.mp3', size: mp3.length, contentType: 'audio/mpeg' } }) })).json() as J;
      const trickle = async function* () {
        yield mp3.subarray(0, 100);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        yield mp3.subarray(100);
      };
      const put = await fetch(created.upload.url.replace(slow.config.PUBLIC_ORIGIN, slowBase), { method: 'PUT', headers: { ...created.upload.headers, 'content-length': String(mp3.length) }, body: ReadableStream.from(trickle()), duplex: 'half' } as RequestInit).catch((error: unknown) => error);
      if (put instanceof Response) {
        assert.equal(put.status, 400);
        assert.equal((await put.json() as J).detail, 'Upload timeout');
      }
      const rows = await slow.app.kit.db.selectFrom('sermons').select('id').where('id', '=', created.sermon.id).execute();
      assert.equal(rows.length, 0);
    } finally {
      await slow.app.close();
    }
  });

  it('refuses a .mp3 that is not audio with the spec message and leaves nothing behind', async () => {
    const fake = Buffer.from('this is plain text pretending to be a sermon recording\n'.repeat(200));
    const before = await (await api('/quota', pastorA)).json() as J;
    const { id, key, put, body } = await upload(pastorA, fake, 'fake.mp3');
    assert.equal(put.status, 415);
    assert.equal(body.detail, FILE_TYPE);
    assert.equal((await api(`/sermons/${id}`, pastorA)).status, 404);
    const rows = await t.app.kit.db.selectFrom('sermons').select('id').where('id', '=', id).execute();
    assert.equal(rows.length, 0);
    const progress = await t.app.kit.db.selectFrom('sermon_progress').select('sermon_id').where('sermon_id', '=', id).execute();
    assert.equal(progress.length, 0);
    assert.equal(await (await t.app.rawBucket()).exists(key), false);
    const afterQuota = await (await api('/quota', pastorA)).json() as J;
    assert.equal(afterQuota.used, before.used);
  });

  it('validates the form with the spec messages', async () => {
    const post = (body: unknown) => api('/sermons', pastorA, { method: 'POST', body: JSON.stringify(body) });
    const base = { title: 'T', speaker: 'S', recordedAt: '2026-11-01' };
    assert.equal((await (await post({ ...base })).json() as J).detail, 'Choose a file or paste a signed URL to continue.');
    assert.equal((await (await post({ ...base, file: { name: 'a.mp3', size: 10, contentType: 'audio/mpeg' }, sourceUrl: 'https://x/y.mp3' })).json() as J).detail, 'Please use either file upload or signed URL, not both.');
    assert.equal((await (await post({ ...base, file: { name: 'a.pdf', size: 10, contentType: 'application/pdf' } })).json() as J).detail, FILE_TYPE);
    const big = await post({ ...base, file: { name: 'a.mp4', size: 2 * 1024 ** 3 + 1, contentType: 'video/mp4' } });
    assert.equal(big.status, 413);
    assert.equal((await big.json() as J).detail, 'File is larger than 2147483648 bytes');
    const missing = await (await post({ file: { name: 'a.mp3', size: 10, contentType: 'audio/mpeg' } })).json() as J;
    assert.equal(missing.detail, 'Title is required.');
    assert.deepEqual(Object.keys(missing.fieldErrors), ['title', 'speaker', 'recordedAt']);
    const noOrg = await api('/sermons', await t.token(null, 'ADMIN'));
    assert.equal(noOrg.status, 403);
    assert.equal((await noOrg.json() as J).detail, 'No organization associated with user');
    assert.equal((await api('/sermons', await t.token(orgA, 'MEMBER'))).status, 403);
  });

  it('refuses an upload over the quota with the reset date', async () => {
    const org = randomUUID();
    await t.app.sermons.quota.setPlan(t.app.kit.db, org, 'tiny');
    const token = await t.token(org, 'ADMIN');
    const file = { name: 'a.mp3', size: 100, contentType: 'audio/mpeg' };
    assert.equal((await createSermon(token, file)).status, 201);
    const refused = await createSermon(token, file);
    assert.equal(refused.status, 403);
    const now = new Date();
    const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    assert.equal((await refused.json() as J).detail, `Upload limit reached for this cycle. Resets on ${reset}.`);
    assert.deepEqual(await (await api('/quota', token)).json(), { used: 1, quota_limit: 1, remaining: 0, resets_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(), plan: 'tiny' });
  });

  it('cancel during upload removes the sermon and says so', async () => {
    const created = await (await createSermon(pastorA, { name: 'c.wav', size: 5000, contentType: 'audio/wav' })).json() as J;
    const cancel = await api(`/sermons/${created.sermon.id}/cancel-upload`, pastorA, { method: 'POST' });
    assert.equal(cancel.status, 200);
    assert.equal((await cancel.json() as J).message, 'Upload canceled and cleaned up');
    assert.equal((await api(`/sermons/${created.sermon.id}`, pastorA)).status, 404);
  });

  it('pipeline reports reach progress and live subscribers; devotionals never duplicate; publish only from REVIEW; STAFF cannot edit devotionals', async () => {
    const created = await (await createSermon(pastorA, { name: 'p.mp3', size: 100, contentType: 'audio/mpeg' }, 'Live')).json() as J;
    const id = created.sermon.id as string;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${pastorA}`]);
    const messages: { type: string; event?: string; data?: { transcribePct?: number; currentStep?: string } }[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${id}` }));
    await waitFor(() => messages.some((m) => m.type === 'subscribed'));

    assert.equal((await internal(`/sermons/${id}/progress`, { method: 'POST', body: JSON.stringify({ step: 'transcribe', percent: 40, message: 'Transcribing audio with AI...' }) })).status, 204);
    await waitFor(() => messages.some((m) => m.event === 'progress' && m.data?.transcribePct === 40));
    ws.close();

    const day = (n: number) => ({ dayNumber: n, title: `Day ${n}`, theme: 'Love', openingPrayer: { quick: 'Lord', full: 'Lord, teach us' }, scripturePassage: { quick: { reference: 'John 3:16', text: 'For God so loved', context: '' }, full: { reference: 'John 3:16', text: 'For God so loved the world', context: '' } }, reflection: { quick: { observations: [' a ', ''], interpretation: 'i', application: 'a', keyTakeaway: 'k', question: 'q' }, full: {} }, closingPrayer: { quick: 'Amen', full: 'Amen' }, additionalScripture: [] });
    const days = { devotionals: [1, 2, 3, 4, 5].map(day) };
    assert.equal((await internal(`/sermons/${id}/devotionals`, { method: 'PUT', body: JSON.stringify(days) })).status, 204);
    assert.equal((await internal(`/sermons/${id}/devotionals`, { method: 'PUT', body: JSON.stringify(days) })).status, 204);
    assert.equal((await internal(`/sermons/${id}/transcript`, { method: 'PUT', body: JSON.stringify({ text: 'For God so loved the world', words: [{ word: 'For', start: 0, end: 0.2 }] }) })).status, 204);

    assert.equal((await (await api(`/sermons/${id}/publish`, pastorA, { method: 'POST' })).json() as J).detail, 'Only a sermon ready for review can be published.');
    assert.equal((await internal(`/sermons/${id}/ready`, { method: 'POST' })).status, 204);
    const details = await (await api(`/sermons/${id}`, pastorA)).json() as J;
    assert.equal(details.sermon.status, 'REVIEW');
    assert.equal(details.progress.status, 'completed');
    assert.equal(details.transcript.characterCount, 26);
    assert.deepEqual(details.devotionals.map((d: { dayNumber: number }) => d.dayNumber), [1, 2, 3, 4, 5]);
    assert.deepEqual(details.devotionals[0].reflection.quick.observations, ['a']);

    const devotionalId = details.devotionals[0].id as string;
    const staffEdit = await api(`/devotionals/${devotionalId}`, staffA, { method: 'PUT', body: JSON.stringify({ title: 'x' }) });
    assert.equal(staffEdit.status, 403);
    assert.equal((await staffEdit.json() as J).detail, 'Only an admin or pastor can edit devotionals.');
    const pastorEdit = await api(`/devotionals/${devotionalId}`, pastorA, { method: 'PUT', body: JSON.stringify({ title: 'Day one', additionalScripture: 'nope' }) });
    assert.equal(pastorEdit.status, 200);
    const edited = (await pastorEdit.json() as J).devotional;
    assert.equal(edited.title, 'Day one');
    assert.equal(edited.additionalScripture, null);
    assert.deepEqual(edited.openingPrayer, { quick: '', full: '' });

    const outline = { theme: 'Love', mainPoints: [], keyPoints: [' a', ''], scriptures: ['John 3:16'], applications: [] };
    assert.deepEqual((await (await api(`/sermons/${id}/outline`, pastorA, { method: 'PUT', body: JSON.stringify({ outline }) })).json() as J).outline, outline);

    const published = await api(`/sermons/${id}/publish`, pastorA, { method: 'POST' });
    assert.equal(published.status, 200);
    assert.equal((await published.json() as J).sermon.status, 'PUBLISHED');
    assert.equal((await api(`/sermons/${id}/publish`, pastorA, { method: 'POST' })).status, 409);
    const dashboard = await (await api('/dashboard', pastorA)).json() as J;
    assert.ok(dashboard.published >= 1 && dashboard.total >= dashboard.published);

    const { rows } = await sql<{ type: string }>`select type from outbox where key = ${id} order by created_at`.execute(t.app.kit.db);
    const types = new Set(rows.map((r) => r.type));
    for (const type of ['sermons.sermon.created.v1', 'sermons.sermon.progressed.v1', 'sermons.sermon.ready-for-review.v1', 'sermons.sermon.published.v1']) assert.ok(types.has(type), `missing ${type}`);
  });

  it('another organization cannot see, change or subscribe to a sermon', async () => {
    const created = await (await createSermon(pastorA, { name: 'o.mp3', size: 100, contentType: 'audio/mpeg' }, 'Mine')).json() as J;
    const id = created.sermon.id as string;
    for (const [path, method, body] of [
      [`/sermons/${id}`, 'GET'], [`/sermons/${id}/publish`, 'POST'], [`/sermons/${id}`, 'DELETE'], [`/sermons/${id}/stop`, 'POST'],
      [`/sermons/${id}/retry`, 'POST'], [`/sermons/${id}/outline`, 'PUT', JSON.stringify({ outline: {} })],
    ] as const) {
      const res = await api(path, pastorB, { method, ...(body ? { body } : {}) });
      assert.equal(res.status, 404, `${method} ${path}`);
    }
    const list = await (await api('/sermons', pastorB)).json() as J;
    assert.equal(list.sermons.some((s: { id: string }) => s.id === id), false);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${pastorB}`]);
    const messages: { type: string; code?: string }[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${id}` }));
    await waitFor(() => messages.some((m) => m.type === 'error' || m.type === 'subscribed'));
    assert.ok(messages.some((m) => m.type === 'error' && m.code === 'forbidden'), JSON.stringify(messages));
    ws.close();
    assert.equal((await api(`/sermons/${id}`, pastorA)).status, 200);
  });

  it('stop cancels the workflow and removes the sermon and its media', async () => {
    const { id, key, put } = await upload(pastorA, mp3, 'stop.mp3');
    assert.equal(put.status, 200);
    const stop = await api(`/sermons/${id}/stop`, pastorA, { method: 'POST' });
    assert.equal(stop.status, 200);
    assert.equal((await stop.json() as J).message, 'Processing stopped and sermon removed');
    assert.equal((await api(`/sermons/${id}`, pastorA)).status, 404);
    assert.equal(await (await t.app.rawBucket()).exists(key), false);
    const history = await temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id)).fetchHistory();
    assert.ok(history.events?.some((e) => e.workflowExecutionCancelRequestedEventAttributes), 'cancel requested in the workflow history');
  });

  it('retry without media path says so; internal routes need the service token', async () => {
    const created = await (await createSermon(pastorA, { name: 'r.mp3', size: 100, contentType: 'audio/mpeg' }, 'Retry')).json() as J;
    const retry = await api(`/sermons/${created.sermon.id}/retry`, pastorA, { method: 'POST' });
    assert.equal(retry.status, 400);
    assert.equal((await retry.json() as J).detail, 'Missing media path for retry. Please re-upload the sermon file.');
    assert.equal((await fetch(`${base}/api/sermons/internal/sermons/${created.sermon.id}`)).status, 401);
    assert.equal((await fetch(`${base}/api/sermons/internal/sermons/${created.sermon.id}`, { headers: { authorization: `Bearer ${pastorA}` } })).status, 401);
    assert.equal((await internal(`/sermons/${created.sermon.id}`)).status, 200);
  });

  it('takes the transcript of a three-hour sermon (words with timestamps, over 1 MiB)', async () => {
    const created = await (await createSermon(pastorA, { name: 'long.mp3', size: 100, contentType: 'audio/mpeg' }, 'Long')).json() as J;
    const words = Array.from({ length: 27_000 }, (_, i) => ({ word: `word${i % 500}`, start: i * 0.4, end: i * 0.4 + 0.3 }));
    const text = words.map((w) => w.word).join(' ');
    const body = JSON.stringify({ text, words, duration: 10_800 });
    assert.ok(body.length > 1024 * 1024, `body ${body.length} bytes`);
    const put = await internal(`/sermons/${created.sermon.id}/transcript`, { method: 'PUT', body });
    assert.equal(put.status, 204, await put.text());
    const stored = await (await api(`/sermons/${created.sermon.id}/transcript`, pastorA)).json() as J;
    assert.equal(stored.words.length, 27_000);
    assert.equal(stored.characterCount, text.length);
  });

  it('a failed step → FAILED with error message; retry restarts the pipeline from the failed step', async () => {
    const { id, put } = await upload(pastorA, mp3, 'fail.mp3');
    assert.equal(put.status, 200);
    const handle = temporal.client.workflow.getHandle(sermonPipelineWorkflowId(id));
    await handle.terminate('test: the run ended after a failure');
    assert.equal((await internal(`/sermons/${id}/progress`, { method: 'POST', body: JSON.stringify({ step: 'outline', percent: 10 }) })).status, 204);
    assert.equal((await internal(`/sermons/${id}/failed`, { method: 'POST', body: JSON.stringify({ step: 'outline', message: 'model crashed' }) })).status, 204);
    const failed = await (await api(`/sermons/${id}`, pastorA)).json() as J;
    assert.equal(failed.sermon.status, 'FAILED');
    assert.equal(failed.progress.status, 'failed');
    assert.equal(failed.progress.errorMessage, 'model crashed');
    const retry = await api(`/sermons/${id}/retry`, pastorA, { method: 'POST' });
    assert.equal(retry.status, 202, await retry.clone().text());
    assert.deepEqual(await retry.json(), { message: 'Transcription process restarted', restartedAt: 'outline' });
    const described = await handle.describe();
    assert.equal(described.status.name, 'RUNNING');
    const input = (await handle.fetchHistory()).events?.[0]?.workflowExecutionStartedEventAttributes?.input;
    assert.ok(input, 'new run has input');
    await handle.terminate('test done');
  });

  it('signed-URL path: refused while the flag is off; validated; a stored recording starts the pipeline', async () => {
    const body = { title: 'U', speaker: 'S', recordedAt: '2026-11-01' };
    const off = await api('/sermons', pastorA, { method: 'POST', body: JSON.stringify({ ...body, sourceUrl: 'https://x.example/a.mp3?token=1' }) });
    assert.equal(off.status, 403);
    assert.equal((await off.json() as J).detail, 'Signed URL upload is not enabled.');

    // Identity's GET /flags answers for the caller's organization; here a minimal one with the flag on.
    const flags = createServer((req, res) => {
      res.writeHead(req.url === '/api/identity/flags' && req.headers.authorization ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ flags: { sermon_url_upload_enabled: true } }));
    });
    await new Promise<void>((resolve) => flags.listen(0, '127.0.0.1', resolve));
    const on = await buildTestApp({ IDENTITY_URL: `http://127.0.0.1:${(flags.address() as AddressInfo).port}` });
    try {
      const token = await on.token(randomUUID(), 'PASTOR');
      const post = (sourceUrl: string) => on.app.inject({ method: 'POST', url: '/api/sermons/sermons', headers: { authorization: `Bearer ${token}` }, payload: { ...body, sourceUrl } });
      const prefix = `${on.config.PUBLIC_ORIGIN}/api/sermons/storage/sermons-raw`;
      const bad = 'The signed URL must be a valid sermons-raw signed URL ending in a supported audio/video extension.';
      for (const url of [`${prefix}/${randomUUID()}.mp3`, `https://elsewhere.example/api/sermons/storage/sermons-raw/${randomUUID()}.mp3?token=x`, `${prefix}/${randomUUID()}.txt?token=x`, `${on.config.PUBLIC_ORIGIN}/api/sermons/storage/other/${randomUUID()}.mp3?token=x`, `${prefix}/${randomUUID()}.mp3?token=x`]) {
        const res = await post(url);
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.json().detail, bad, url);
      }
      const bucket = await on.app.rawBucket();
      const key = `${randomUUID()}.mp3`;
      await bucket.put(key, Readable.from([mp3]), { contentType: 'audio/mpeg' });
      assert.equal((await post(`${prefix}/${key}?token=signed`)).statusCode, 400, 'a URL that only looks signed is refused');
      const signed = (await bucket.createDownloadUrl(key, { expiresIn: 600 })).url;
      const otherKey = `${randomUUID()}.mp3`;
      assert.equal((await post(signed.replace(key, otherKey))).statusCode, 400, 'a signature is bound to its key');
      // The storage routes the fs driver's URLs point to are mounted: the signed URL serves the bytes.
      const served = await on.app.inject({ method: 'GET', url: new URL(signed).pathname + new URL(signed).search });
      assert.equal(served.statusCode, 200);
      assert.equal(served.rawPayload.length, mp3.length);
      assert.equal((await on.app.inject({ method: 'GET', url: new URL(signed).pathname + '?token=forged' })).statusCode, 403);
      const created = await post(signed);
      assert.equal(created.statusCode, 201, created.body);
      const sermon = created.json().sermon;
      assert.equal(sermon.temporaryMediaPath, key);
      assert.equal(created.json().progress.uploadPct, 100);
      assert.equal(created.json().progress.currentStep, 'transcribe');
      const described = await temporal.client.workflow.getHandle(sermonPipelineWorkflowId(sermon.id)).describe();
      assert.equal(described.status.name, 'RUNNING');
      await temporal.client.workflow.getHandle(sermonPipelineWorkflowId(sermon.id)).terminate('test done');
      assert.equal((await post(signed)).statusCode, 400, 'a key already used by a sermon is refused');
      const fakeKey = `${randomUUID()}.mp3`;
      await bucket.put(fakeKey, Readable.from([Buffer.from('not audio at all')]), { contentType: 'audio/mpeg' });
      const fake = await post((await bucket.createDownloadUrl(fakeKey, { expiresIn: 600 })).url);
      assert.equal(fake.statusCode, 415);
      assert.equal(fake.json().detail, FILE_TYPE);
    } finally {
      await on.app.close();
      flags.close();
    }
  });

  it('answers 429 busy when the pipeline is at capacity, creating nothing', async () => {
    const busy = await buildTestApp({ SERMON_PIPELINE_CAPACITY: '1' });
    try {
      const token = await busy.token(randomUUID(), 'ADMIN');
      const post = () => busy.app.inject({ method: 'POST', url: '/api/sermons/sermons', headers: { authorization: `Bearer ${token}` }, payload: { title: 'a', speaker: 'b', recordedAt: '2026-01-01', file: { name: 'a.mp3', size: 10, contentType: 'audio/mpeg' } } });
      assert.equal((await post()).statusCode, 201);
      const refused = await post();
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().detail, 'Service is currently busy. Please try again in a few minutes.');
    } finally {
      await busy.app.close();
    }
  });

  // How fast is bench/library.bench.ts's figure (p99 at 300 requests/s); a median asserted here
  // (it was < 150 ms) failed on a loaded machine and proved nothing the bench does not.
  it('lists 1,000 sermons newest first; the cached list follows every committed change', async () => {
    const org = randomUUID();
    await sql`insert into sermons (org_id, title, speaker, recorded_on, created_by, created_at)
      select ${org}::uuid, 'Sermon ' || g, 'Speaker', date '2026-01-01', ${randomUUID()}::uuid, now() - (g || ' minutes')::interval
      from generate_series(1, 1000) g`.execute(t.app.kit.db);
    const token = await t.token(org, 'STAFF');
    const first = await (await api('/sermons', token)).json() as J;
    assert.equal(first.sermons.length, 1000);
    assert.equal(first.sermons[0].title, 'Sermon 1');
    assert.equal(first.sermons[999].title, 'Sermon 1000');
    assert.equal(first.sermons[0].progress.currentStep, 'upload');
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({ url: '/api/sermons/sermons', headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.statusCode, 200);
      bodies.add(res.body);
    }
    assert.equal(bodies.size, 1);
    // The cached body follows every committed change.
    const top = first.sermons[0].id as string;
    assert.equal((await internal(`/sermons/${top}/progress`, { method: 'POST', body: JSON.stringify({ step: 'transcribe', percent: 35 }) })).status, 204);
    const afterProgress = await (await api('/sermons', token)).json() as J;
    assert.equal(afterProgress.sermons[0].progress.transcribePct, 35);
    await t.app.kit.db.deleteFrom('sermons').where('id', '=', top).execute();
    const afterDelete = await (await api('/sermons', token, { headers: { 'accept-encoding': 'gzip' } })).json() as J;
    assert.equal(afterDelete.sermons.length, 999);
    assert.equal(afterDelete.sermons[0].title, 'Sermon 2');
    const page = await (await api('/sermons?limit=300', token)).json() as J;
    assert.equal(page.sermons.length, 300);
    const next = await (await api(`/sermons?limit=300&cursor=${page.nextCursor}`, token)).json() as J;
    assert.equal(next.sermons[0].title, 'Sermon 302');
  });
});

async function waitFor(predicate: () => boolean, timeoutMs = patience(5000)): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

