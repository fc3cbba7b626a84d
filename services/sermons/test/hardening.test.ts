// What the outside probe found (issue 12): each answer that was a 500, a leak or a rule not
// enforced, now a 4xx with a clear message and nothing left behind.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadSermonsConfig } from '../src/config.ts';
import { patience } from '@lectern/service-kit/testing';
import { buildTestApp, INTERNAL_TOKEN, listen, makeSpokenMp3, makeTone } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

describe('sermons: hardening against the outside probe', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let mp3: Buffer;
  const org = randomUUID();
  let pastor: string;
  let member: string;

  beforeAll(async () => {
    t = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:50,standard:50' });
    base = await listen(t.app);
    mp3 = readFileSync(makeSpokenMp3(mkdtempSync(join(tmpdir(), 'sermon-audio-'))));
    pastor = await t.token(org, 'PASTOR');
    member = await t.token(org, 'MEMBER');
  });
  afterAll(async () => {
    await t?.app.close();
  });

  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${base}/api/sermons${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });
  const create = (file: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    api('/sermons', pastor, { method: 'POST', body: JSON.stringify({ title: 'Grace', speaker: 'Ann', recordedAt: '2026-11-15', file, ...extra }) });
  const used = async () => ((await (await api('/quota', pastor)).json()) as J).used as number;
  const countSermons = async () => (await t.app.kit.db.selectFrom('sermons').select('id').where('org_id', '=', org).execute()).length;

  it('a NUL character in the form text is a 400, not a 500', async () => {
    const res = await api('/sermons', pastor, { method: 'POST', body: '{"title":"Gr\\u0000ace","speaker":"Ann","recordedAt":"2026-11-15","file":{"name":"a.mp3","size":10,"contentType":"audio/mpeg"}}' });
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as J).detail, /body\/title contains a NUL character/);
  });

  it('an outline with a lone surrogate or 5,000-deep nesting is a 400, not a 500', async () => {
    const id = randomUUID();
    const surrogate = await api(`/sermons/${id}/outline`, pastor, { method: 'PUT', body: '{"outline":{"title":"\\udc00"}}' });
    assert.equal(surrogate.status, 400);
    assert.match(((await surrogate.json()) as J).detail, /unpaired UTF-16 surrogate/);
    const deep = await api(`/sermons/${id}/outline`, pastor, { method: 'PUT', body: `{"outline":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}` });
    assert.equal(deep.status, 400);
    assert.match(((await deep.json()) as J).detail, /nested too deeply/);
  });

  it('a library cursor that was not issued by the service is a 400', async () => {
    for (const cursor of [Buffer.from(`1|${randomUUID()}`).toString('base64url'), `1|${randomUUID()}`, Buffer.from('2026-13-45T00:00:00.000Z|x').toString('base64url')]) {
      const res = await api(`/sermons?limit=5&cursor=${encodeURIComponent(cursor)}`, pastor);
      assert.equal(res.status, 400, cursor);
      assert.equal(((await res.json()) as J).reason, 'bad_cursor');
    }
    const first = (await (await api('/sermons?limit=1', pastor)).json()) as J;
    assert.equal(first.nextCursor === null || typeof first.nextCursor === 'string', true);
  });

  it('a recording date in year 0000 or a day that does not exist is a 400 naming the field', async () => {
    for (const recordedAt of ['0000-01-01', '2026-02-30', '0999-12-31']) {
      const res = await create({ name: 'a.mp3', size: 10, contentType: 'audio/mpeg' }, { recordedAt });
      assert.equal(res.status, 400, recordedAt);
      const body = (await res.json()) as J;
      assert.match(body.fieldErrors.recordedAt, /Recording date must be a real date/);
    }
  });

  it('a content type with a header injection or parameters is refused; the stored type is a bare media type', async () => {
    for (const contentType of ['audio/mpeg\r\nX-Injected: 1', 'audio/mpeg; x=1', 'audio/', 'text/html']) {
      const res = await create({ name: 'a.mp3', size: 10, contentType });
      assert.equal(res.status, 400, JSON.stringify(contentType));
    }
    const ok = (await (await create({ name: 'a.mp3', size: 10, contentType: 'Audio/MPEG' })).json()) as J;
    assert.deepEqual(ok.upload.headers, { 'content-type': 'audio/mpeg' });
    await api(`/sermons/${ok.sermon.id}/cancel-upload`, pastor, { method: 'POST' });
  });

  it('the declared size is enforced: a larger body (with Content-Length or chunked) is refused and nothing is kept', async () => {
    const big = Buffer.concat([mp3, Buffer.alloc(1_150_000 - mp3.length, 0)]);
    for (const chunked of [false, true]) {
      const quotaBefore = await used();
      const sermonsBefore = await countSermons();
      const created = (await (await create({ name: 'a.mp3', size: 100, contentType: 'audio/mpeg' })).json()) as J;
      const url = created.upload.url.replace(t.config.PUBLIC_ORIGIN, base);
      const body = chunked
        ? ReadableStream.from((async function* () { for (let at = 0; at < big.length; at += 65536) yield big.subarray(at, at + 65536); })())
        : big;
      const put = await fetch(url, { method: 'PUT', headers: created.upload.headers, body, duplex: 'half' } as RequestInit).catch((error: unknown) => error);
      if (put instanceof Response) {
        assert.equal(put.status, 413, `chunked=${chunked}`);
        assert.equal(((await put.json()) as J).reason, 'size_mismatch');
      }
      assert.equal(await countSermons(), sermonsBefore, `chunked=${chunked}: sermon removed`);
      assert.equal(await used(), quotaBefore, `chunked=${chunked}: quota unit given back`);
      assert.equal(await (await t.app.rawBucket()).exists(created.upload.key), false);
    }
  });

  it('deleting a sermon gives its quota unit back', async () => {
    const before = await used();
    const created = (await (await create({ name: 'd.mp3', size: mp3.length, contentType: 'audio/mpeg' })).json()) as J;
    const put = await fetch(created.upload.url.replace(t.config.PUBLIC_ORIGIN, base), { method: 'PUT', headers: created.upload.headers, body: mp3 });
    assert.equal(put.status, 200, await put.clone().text());
    assert.equal(await used(), before + 1);
    assert.equal((await api(`/sermons/${created.sermon.id}`, pastor, { method: 'DELETE' })).status, 204);
    assert.equal(await used(), before);
  });

  it('a MEMBER of the church cannot follow its staff progress on the live socket', async () => {
    const created = (await (await create({ name: 'm.mp3', size: 100, contentType: 'audio/mpeg' })).json()) as J;
    assert.equal((await api(`/sermons/${created.sermon.id}`, member)).status, 403);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${member}`]);
    const messages: { type: string; code?: string; event?: string }[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${created.sermon.id}` }));
    await waitFor(() => messages.some((m) => m.type === 'error' || m.type === 'subscribed'));
    await t.app.sermons.processing.reportProgress(await t.app.sermons.queries.findAnyOrg(created.sermon.id), 'upload', 50, null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    ws.close();
    assert.ok(messages.some((m) => m.type === 'error' && m.code === 'forbidden'), JSON.stringify(messages));
    assert.equal(messages.some((m) => m.type === 'event'), false, 'no progress event reached the member');
    await api(`/sermons/${created.sermon.id}/cancel-upload`, pastor, { method: 'POST' });
  });

  it('guesses at the internal service token are limited per address', async () => {
    const call = (token: string) => fetch(`${base}/api/sermons/internal/sermons/${randomUUID()}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await call(INTERNAL_TOKEN)).status, 404);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await call(`guess-${i}`)).status);
    assert.deepEqual(answers.slice(0, 10), Array(10).fill(401));
    assert.equal(answers[11], 429);
    assert.equal((await call(INTERNAL_TOKEN)).status, 429, 'even the right token waits out the lock-out');
  });
});

async function waitFor(check: () => boolean, timeoutMs = patience(5000)): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('sermons: two instances on one database (upload links and cancel work on any replica)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let baseA: string;
  let baseB: string;
  let tone: Buffer;
  const org = randomUUID();
  let pastor: string;

  beforeAll(async () => {
    t = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:50,standard:50' });
    baseA = await listen(t.app);
    other = await buildApp(loadSermonsConfig(t.env), { prettyLogs: false });
    baseB = await listen(other as unknown as typeof t.app);
    tone = readFileSync(makeTone(mkdtempSync(join(tmpdir(), 'sermon-tone-'))));
    pastor = await t.token(org, 'PASTOR');
  });
  afterAll(async () => {
    await other?.close();
    await t?.app.close();
  });

  const create = async (base: string, size: number) => {
    const res = await fetch(`${base}/api/sermons/sermons`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pastor}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Two', speaker: 'Ann', recordedAt: '2026-11-15', file: { name: 'two.mp3', size, contentType: 'audio/mpeg' } }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()) as J;
  };
  const used = async () => ((await (await fetch(`${baseA}/api/sermons/quota`, { headers: { authorization: `Bearer ${pastor}` } })).json()) as J).used as number;

  it('an upload link issued by one instance is accepted by the other', async () => {
    const created = await create(baseA, tone.length);
    const put = await fetch(created.upload.url.replace(t.config.PUBLIC_ORIGIN, baseB), { method: 'PUT', headers: created.upload.headers, body: tone });
    assert.equal(put.status, 200, await put.clone().text());
    assert.equal(((await put.json()) as J).sermon.temporaryMediaPath, created.upload.key);
    await t.app.pipeline.cancel(created.sermon.id).catch(() => undefined);
  });

  it('cancel-upload on one instance stops an upload streaming into the other; nothing is left and the quota unit comes back', async () => {
    const before = await used();
    const created = await create(baseA, tone.length);
    let sent = 0;
    const pieces = async function* () {
      for (let offset = 0; offset < tone.length; offset += 16384) {
        sent = offset;
        yield tone.subarray(offset, offset + 16384);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const put = fetch(created.upload.url.replace(t.config.PUBLIC_ORIGIN, baseB), {
      method: 'PUT', headers: { ...created.upload.headers, 'content-length': String(tone.length) }, body: ReadableStream.from(pieces()), duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    while (sent < tone.length * 0.2) await new Promise((resolve) => setTimeout(resolve, 20));
    const cancel = await fetch(`${baseA}/api/sermons/sermons/${created.sermon.id}/cancel-upload`, { method: 'POST', headers: { authorization: `Bearer ${pastor}` } });
    assert.equal(cancel.status, 200);
    const answer = await put;
    assert.ok(sent < tone.length - 16384, `the upload was stopped early (${sent} of ${tone.length} bytes sent)`);
    if (answer instanceof Response) assert.equal(answer.status, 409, await answer.clone().text());
    assert.equal((await t.app.kit.db.selectFrom('sermons').select('id').where('id', '=', created.sermon.id).execute()).length, 0);
    assert.equal(await (await t.app.rawBucket()).exists(created.upload.key), false);
    assert.equal(await used(), before);
  });
});
