import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ROLES } from '@lectern/service-kit';
import { buildTestApp, INTERNAL_TOKEN, listen, makeTone } from './helper.ts';
import type { SermonsDb } from '../src/data/database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

const OUTLINE = {
  theme: 'Walking by faith, not by sight',
  mainPoints: [
    { title: 'Faith hears', summary: 'Faith begins by listening.', details: '<p>Romans 10 says faith comes by hearing.</p>', scripture: 'Romans 10:17' },
    { title: 'Faith steps out', summary: 'Abraham went out.', details: '<p>He did not know where he was going.</p>', scripture: 'Hebrews 11:8' },
  ],
  scriptures: ['2 Corinthians 5:7', 'Hebrews 11:1'],
  applications: ['Take one step of obedience this week.'],
  illustrations: ['A child jumping into a parent\u2019s arms.'],
  conclusion: ['Walk on.'],
};

function day(n: number) {
  const part = { observations: [`Observation ${n}`], interpretation: 'Meaning', application: 'Do it', keyTakeaway: 'Trust', question: 'Where?' };
  return {
    dayNumber: n,
    title: `Day ${n}`,
    theme: `Theme ${n}`,
    openingPrayer: { quick: 'Lord, help.', full: 'Lord, help us walk by faith today.' },
    scripturePassage: { quick: { reference: 'Hebrews 11:1', text: 'Now faith is…', context: '' }, full: { reference: 'Hebrews 11:1', text: 'Now faith is assurance…', context: 'Written to believers under pressure.' } },
    reflection: { quick: part, full: part },
    closingPrayer: { quick: 'Amen.', full: 'In Jesus\u2019 name, amen.' },
    additionalScripture: [{ reference: 'Romans 10:17', note: 'Faith comes by hearing.' }],
  };
}

describe('member area API: published sermons of the caller\u2019s organization, per-user progress', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let db: Kysely<SermonsDb>;
  const orgA = randomUUID();
  const orgB = randomUUID();
  let mediaKey: string;
  let mediaBytes: Buffer;
  const ids: Record<'published' | 'second' | 'review' | 'processing' | 'foreign', string> = {} as never;
  let devotionalIds: string[] = [];
  let foreignDevotionalId: string;
  const tokens = new Map<string, string>();
  const memberA = randomUUID();
  const otherMemberA = randomUUID();

  async function tokenFor(orgId: string, role: (typeof ROLES)[number], userId = randomUUID()): Promise<string> {
    const key = `${orgId}|${role}|${userId}`;
    if (!tokens.has(key)) tokens.set(key, await t.token(orgId, role, userId));
    return tokens.get(key) as string;
  }

  const api = (path: string, token: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    return fetch(`${base}/api/sermons${path}`, {
      ...rest,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      headers: { authorization: `Bearer ${token}`, ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...rest.headers },
    });
  };
  const internal = (path: string, init: RequestInit = {}) =>
    fetch(`${base}/api/sermons/internal${path}`, { ...init, headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'content-type': 'application/json' } });

  async function seedSermon(orgId: string, title: string, status: 'PUBLISHED' | 'REVIEW' | 'PROCESSING', recordedOn: string, media: string | null = null): Promise<string> {
    const row = await db.insertInto('sermons').values({ org_id: orgId, title, speaker: 'Pastor Ann', recorded_on: recordedOn, status, created_by: randomUUID(), temporary_media_path: media, duration: 60, published_at: status === 'PUBLISHED' ? new Date() : null }).returning('id').executeTakeFirstOrThrow();
    if (status !== 'PROCESSING') {
      const put = await internal(`/sermons/${row.id}/outline`, { method: 'PUT', body: JSON.stringify({ outline: OUTLINE }) });
      assert.ok(put.ok, await put.text());
      const days = await internal(`/sermons/${row.id}/devotionals`, { method: 'PUT', body: JSON.stringify({ devotionals: [1, 2, 3, 4, 5].map(day) }) });
      assert.ok(days.ok, await days.text());
      // The internal outline/devotional reports move progress; the seeded status stays what the test asked for.
      await db.updateTable('sermons').set({ status }).where('id', '=', row.id).execute();
    }
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t.app);
    db = t.app.kit.db;
    mediaBytes = readFileSync(makeTone(mkdtempSync(join(tmpdir(), 'member-media-'))));
    mediaKey = `${randomUUID()}.mp3`;
    await (await t.app.rawBucket()).put(mediaKey, Readable.from([mediaBytes]), { contentType: 'audio/mpeg' });
    ids.published = await seedSermon(orgA, 'Faith Forward: Walking by Faith', 'PUBLISHED', '2026-11-15', mediaKey);
    ids.second = await seedSermon(orgA, 'The Good Shepherd', 'PUBLISHED', '2026-11-08');
    ids.review = await seedSermon(orgA, 'Faith Forward: Draft Week', 'REVIEW', '2026-11-22', mediaKey);
    ids.processing = await seedSermon(orgA, 'Still processing', 'PROCESSING', '2026-11-23');
    ids.foreign = await seedSermon(orgB, 'Faith Forward: Other Church', 'PUBLISHED', '2026-11-15', mediaKey);
    devotionalIds = (await db.selectFrom('devotionals').select('id').where('sermon_id', '=', ids.published).orderBy('day_number').execute()).map((r) => r.id);
    foreignDevotionalId = (await db.selectFrom('devotionals').select('id').where('sermon_id', '=', ids.foreign).orderBy('day_number').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.app.close();
  });

  const reads = (id: string) => [
    ['GET', `/member/sermons/${id}`, undefined],
    ['POST', `/member/sermons/${id}/view`, undefined],
    ['PUT', `/member/sermons/${id}/progress`, { outlineRead: true }],
    ['PUT', `/member/sermons/${id}/favorite`, { favorite: true }],
    ['GET', `/member/sermons/${id}/media`, undefined],
    ['GET', `/member/sermons/${id}/outline.pdf`, undefined],
  ] as const;

  it('every role × own / foreign organization: own published answers, drafts, processing, foreign and missing ids are the same 404', async () => {
    for (const role of ROLES) {
      const own = await tokenFor(orgA, role);
      const foreign = await tokenFor(orgB, role);
      const library = await (await api('/member/sermons', own)).json() as J;
      assert.deepEqual(library.sermons.map((s: J) => s.id), [ids.published, ids.second], `${role} library`);
      const foreignLibrary = await (await api('/member/sermons', foreign)).json() as J;
      assert.deepEqual(foreignLibrary.sermons.map((s: J) => s.id), [ids.foreign], `${role} foreign library`);
      assert.equal((await api('/member/dashboard', own)).status, 200);
      for (const [method, path, json] of reads(ids.published)) {
        const res = await api(path, own, { method, ...(json ? { json } : {}) });
        assert.ok(res.status === 200 || res.status === 204, `${role} ${method} ${path}: ${res.status}`);
        await res.arrayBuffer();
      }
      const day = await api(`/member/devotionals/${devotionalIds[0]}/progress`, own, { method: 'PUT', json: { completed: true } });
      assert.equal(day.status, 200, `${role} day`);
      for (const hidden of [ids.review, ids.processing, ids.foreign, randomUUID(), 'not-a-uuid']) {
        for (const [method, path, json] of reads(hidden)) {
          const res = await api(path, own, { method, ...(json ? { json } : {}) });
          const body = await res.json() as J;
          assert.equal(res.status, 404, `${role} ${method} ${path}`);
          assert.equal(body.detail, 'Sermon not found', `${role} ${method} ${path}`);
        }
      }
      // The foreign organization's own member cannot reach A's sermon either.
      for (const [method, path, json] of reads(ids.published)) {
        const res = await api(path, foreign, { method, ...(json ? { json } : {}) });
        assert.equal(res.status, 404, `foreign ${role} ${method} ${path}`);
        await res.arrayBuffer();
      }
      const foreignDay = await api(`/member/devotionals/${foreignDevotionalId}/progress`, own, { method: 'PUT', json: { completed: true } });
      assert.equal(foreignDay.status, 404, `${role} foreign day`);
      await foreignDay.arrayBuffer();
    }
    const anonymous = await fetch(`${base}/api/sermons/member/sermons`);
    assert.equal(anonymous.status, 401);
    const noOrg = await api('/member/sermons', await t.token(null, 'MEMBER'));
    assert.equal(noOrg.status, 403);
  });

  it('reads a sermon with outline, five days and its series; progress 67% after outline and devotional; another member sees none of it', async () => {
    const me = await tokenFor(orgA, 'MEMBER', memberA);
    const other = await tokenFor(orgA, 'MEMBER', otherMemberA);
    const read = await (await api(`/member/sermons/${ids.published}`, me)).json() as J;
    assert.equal(read.sermon.series, 'Faith Forward');
    assert.equal(read.sermon.hasMedia, true);
    assert.equal(read.sermon.theme, OUTLINE.theme);
    assert.equal(read.outline.mainPoints.length, 2);
    assert.deepEqual(read.devotionals.map((d: J) => d.dayNumber), [1, 2, 3, 4, 5]);
    assert.equal(read.progress.percent, 0);

    await api(`/member/sermons/${ids.published}/progress`, me, { method: 'PUT', json: { outlineRead: true } });
    const both = await (await api(`/member/sermons/${ids.published}/progress`, me, { method: 'PUT', json: { devotionalCompleted: true } })).json() as J;
    assert.deepEqual({ ...both.progress, days: undefined }, { outlineRead: true, devotionalCompleted: true, videoCompleted: false, favorite: false, percent: 67, days: undefined });
    for (const id of devotionalIds.slice(0, 2)) await api(`/member/devotionals/${id}/progress`, me, { method: 'PUT', json: { completed: true } });
    const page = await (await api('/member/sermons', me)).json() as J;
    assert.equal(page.sermons[0].progress.percent, 67);

    const theirs = await (await api(`/member/sermons/${ids.published}`, other)).json() as J;
    assert.deepEqual(theirs.progress, { outlineRead: false, devotionalCompleted: false, videoCompleted: false, favorite: false, percent: 0, days: {} });
    const mine = await (await api(`/member/sermons/${ids.published}`, me)).json() as J;
    assert.deepEqual(mine.progress.days, { [devotionalIds[0] as string]: true, [devotionalIds[1] as string]: true });

    const bad = await api(`/member/sermons/${ids.published}/progress`, me, { method: 'PUT', json: { outlineRead: 'yes' } });
    assert.equal(bad.status, 400);
    const empty = await api(`/member/sermons/${ids.published}/progress`, me, { method: 'PUT', json: {} });
    assert.equal(empty.status, 400);
    await bad.arrayBuffer();
    await empty.arrayBuffer();
  });

  it('two tabs toggling different items at the same time both keep their change (no lost update)', async () => {
    const user = randomUUID();
    const token = await tokenFor(orgA, 'VOLUNTEER', user);
    // The recording was handed out long enough ago for "watched" to be believable (see the next test).
    await (await api(`/member/sermons/${ids.published}/media`, token)).arrayBuffer();
    await db.updateTable('member_playback_sessions' as never).set({ started_at: sql`now() - interval '1 hour'` } as never).where('user_id' as never, '=', user as never).execute();
    for (let round = 0; round < 15; round += 1) {
      const value = round % 2 === 0;
      const results = await Promise.all([
        api(`/member/sermons/${ids.published}/progress`, token, { method: 'PUT', json: { outlineRead: value } }),
        api(`/member/sermons/${ids.published}/progress`, token, { method: 'PUT', json: { videoCompleted: value } }),
        api(`/member/sermons/${ids.published}/favorite`, token, { method: 'PUT', json: { favorite: value } }),
        api(`/member/sermons/${ids.published}/progress`, token, { method: 'PUT', json: { devotionalCompleted: !value } }),
      ]);
      for (const res of results) assert.equal(res.status, 200);
      const state = (await (await api(`/member/sermons/${ids.published}`, token)).json() as J).progress;
      assert.deepEqual([state.outlineRead, state.videoCompleted, state.favorite, state.devotionalCompleted], [value, value, value, !value], `round ${round}`);
    }
  });

  it('"video watched" is the server\u2019s call: refused without a playback link, and until the recording could have been played through', async () => {
    const user = randomUUID();
    const me = await tokenFor(orgA, 'MEMBER', user);
    const claim = () => api(`/member/sermons/${ids.published}/progress`, me, { method: 'PUT', json: { videoCompleted: true } });
    const progressNow = async () => ((await (await api(`/member/sermons/${ids.published}`, me)).json()) as J).progress;

    // A forged claim: the recording was never fetched by this reader.
    const forged = await claim();
    assert.equal(forged.status, 409);
    const forgedBody = await forged.json() as J;
    assert.equal(forgedBody.reason, 'not_watched');
    assert.equal(forgedBody.countsAfterSeconds, null);
    assert.equal((await progressNow()).videoCompleted, false);
    // Together with another flag, nothing of the request is written.
    const mixed = await api(`/member/sermons/${ids.published}/progress`, me, { method: 'PUT', json: { outlineRead: true, videoCompleted: true } });
    assert.equal(mixed.status, 409);
    await mixed.arrayBuffer();
    assert.equal((await progressNow()).outlineRead, false);

    // Fetched but claimed at once: a 60-second recording needs 0.9 × 60 / 2 = 27 s of wall-clock time.
    await (await api(`/member/sermons/${ids.published}/media`, me)).arrayBuffer();
    const early = await claim();
    assert.equal(early.status, 409);
    const earlyBody = await early.json() as J;
    assert.ok(earlyBody.countsAfterSeconds >= 25 && earlyBody.countsAfterSeconds <= 27, `counts after ${earlyBody.countsAfterSeconds} s`);
    assert.equal((await progressNow()).videoCompleted, false);

    // A renewed link keeps the session's start; 20 s after it the claim is still early, after 30 s it counts.
    await db.updateTable('member_playback_sessions' as never).set({ started_at: sql`now() - interval '20 seconds'` } as never).where('user_id' as never, '=', user as never).execute();
    await (await api(`/member/sermons/${ids.published}/media`, me)).arrayBuffer();
    const stillEarly = await claim();
    assert.equal(stillEarly.status, 409);
    assert.ok(((await stillEarly.json()) as J).countsAfterSeconds <= 7);
    await db.updateTable('member_playback_sessions' as never).set({ started_at: sql`now() - interval '30 seconds'` } as never).where('user_id' as never, '=', user as never).execute();
    const counted = await claim();
    assert.equal(counted.status, 200, await counted.clone().text());
    assert.equal(((await counted.json()) as J).progress.videoCompleted, true);

    // Taking the mark back is always allowed; another reader's session does not count for me.
    const undo = await api(`/member/sermons/${ids.published}/progress`, me, { method: 'PUT', json: { videoCompleted: false } });
    assert.equal(undo.status, 200);
    await undo.arrayBuffer();
    const other = await tokenFor(orgA, 'MEMBER', randomUUID());
    const theirs = await api(`/member/sermons/${ids.published}/progress`, other, { method: 'PUT', json: { videoCompleted: true } });
    assert.equal(theirs.status, 409);
    await theirs.arrayBuffer();
    // Hidden sermons stay a plain 404, never a 409 that would tell them apart.
    for (const hidden of [ids.review, ids.foreign, randomUUID()]) {
      const res = await api(`/member/sermons/${hidden}/progress`, me, { method: 'PUT', json: { videoCompleted: true } });
      assert.equal(res.status, 404, hidden);
      await res.arrayBuffer();
    }
  });

  it('staff unpublish: ADMIN, PASTOR and STAFF of the church only; members stop seeing it at once, progress is kept for a re-publish, an event is written', async () => {
    const reader = randomUUID();
    const me = await tokenFor(orgA, 'MEMBER', reader);
    const seeded: string[] = [];
    for (const role of ROLES) {
      const sermon = await seedSermon(orgA, `Unpublish by ${role}`, 'PUBLISHED', '2026-10-01');
      seeded.push(sermon);
      const own = await tokenFor(orgA, role);
      const foreign = await tokenFor(orgB, role);
      const fromForeign = await api(`/sermons/${sermon}/unpublish`, foreign, { method: 'POST' });
      assert.equal(fromForeign.status, ['MEMBER', 'VOLUNTEER'].includes(role) ? 403 : 404, `foreign ${role}`);
      await fromForeign.arrayBuffer();
      const res = await api(`/sermons/${sermon}/unpublish`, own, { method: 'POST' });
      if (role === 'MEMBER' || role === 'VOLUNTEER') {
        assert.equal(res.status, 403, role);
        await res.arrayBuffer();
        assert.equal((await api(`/member/sermons/${sermon}`, me)).status, 200, `${role} changed nothing`);
        continue;
      }
      assert.equal(res.status, 200, `${role}: ${await res.clone().text()}`);
      assert.equal(((await res.json()) as J).sermon.status, 'REVIEW');
    }

    const sermon = await seedSermon(orgA, 'Faith Forward: Unpublished and back', 'PUBLISHED', '2026-10-02');
    seeded.push(sermon);
    const days = (await db.selectFrom('devotionals').select('id').where('sermon_id', '=', sermon).orderBy('day_number').execute()).map((r) => r.id);
    await api(`/member/sermons/${sermon}/progress`, me, { method: 'PUT', json: { outlineRead: true } });
    await api(`/member/sermons/${sermon}/favorite`, me, { method: 'PUT', json: { favorite: true } });
    await api(`/member/sermons/${sermon}/view`, me, { method: 'POST' });
    await api(`/member/devotionals/${days[0]}/progress`, me, { method: 'PUT', json: { completed: true } });
    const admin = await tokenFor(orgA, 'ADMIN');
    const unpublished = await api(`/sermons/${sermon}/unpublish`, admin, { method: 'POST' });
    assert.equal(unpublished.status, 200);
    await unpublished.arrayBuffer();
    // At once: library, dashboard, the sermon, and every write answer as for a missing sermon.
    const library = ((await (await api('/member/sermons?pageSize=100', me)).json()) as J).sermons.map((s: J) => s.id);
    assert.ok(!library.includes(sermon));
    const dash = (await (await api('/member/dashboard', me)).json()) as J;
    assert.ok(!dash.recentlyViewed.some((s: J) => s.id === sermon));
    for (const [method, path, json] of reads(sermon)) {
      const hidden = await api(path, me, { method, ...(json ? { json } : {}) });
      assert.equal(hidden.status, 404, `${method} ${path}`);
      await hidden.arrayBuffer();
    }
    // The state rules: only PUBLISHED can be unpublished; bad ids are refused by the schema.
    const again = await api(`/sermons/${sermon}/unpublish`, admin, { method: 'POST' });
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as J).detail, 'Only a published sermon can be unpublished.');
    const processing = await api(`/sermons/${ids.processing}/unpublish`, admin, { method: 'POST' });
    assert.equal(processing.status, 409);
    await processing.arrayBuffer();
    const badId = await api('/sermons/not-a-uuid/unpublish', admin, { method: 'POST' });
    assert.equal(badId.status, 400);
    await badId.arrayBuffer();
    assert.equal((await api(`/sermons/${randomUUID()}/unpublish`, admin, { method: 'POST' })).status, 404);

    const { rows: events } = await sql<{ type: string; envelope: J }>`select type, envelope from outbox where key = ${sermon} order by seq`.execute(db);
    const event = events.find((e) => e.type === 'sermons.sermon.unpublished.v1');
    assert.ok(event, events.map((e) => e.type).join(', '));
    assert.equal(event.envelope.data.sermonId, sermon);
    assert.equal(event.envelope.orgId, orgA);

    // Re-published: everything the member had is back.
    const republish = await api(`/sermons/${sermon}/publish`, admin, { method: 'POST' });
    assert.equal(republish.status, 200);
    await republish.arrayBuffer();
    const back = ((await (await api(`/member/sermons/${sermon}`, me)).json()) as J).progress;
    assert.equal(back.outlineRead, true);
    assert.equal(back.favorite, true);
    assert.deepEqual(back.days, { [days[0] as string]: true });
    assert.ok(((await (await api('/member/dashboard', me)).json()) as J).recentlyViewed.some((s: J) => s.id === sermon));
    // The later tests count the church's library exactly.
    for (const id of seeded) await db.deleteFrom('sermons').where('id', '=', id).execute();
  });

  it('search, series filter, favourites and recently viewed (newest first, 10 kept)', async () => {
    const user = randomUUID();
    const me = await tokenFor(orgA, 'MEMBER', user);
    const search = async (query: string) => ((await (await api(`/member/sermons?${query}`, me)).json()) as J).sermons.map((s: J) => s.title);
    assert.deepEqual(await search('search=shepherd'), ['The Good Shepherd']);
    assert.deepEqual(await search('search=FORWARD'), ['Faith Forward: Walking by Faith']);
    assert.deepEqual(await search('search=by%20sight'), ['Faith Forward: Walking by Faith', 'The Good Shepherd'], 'the outline theme is searched too');
    assert.deepEqual(await search('search=100%25'), []);
    assert.deepEqual(await search('series=Faith%20Forward'), ['Faith Forward: Walking by Faith']);
    assert.deepEqual(await search('series=General'), ['The Good Shepherd']);
    assert.deepEqual(await search('favorites=true'), []);
    await api(`/member/sermons/${ids.second}/favorite`, me, { method: 'PUT', json: { favorite: true } });
    assert.deepEqual(await search('favorites=true'), ['The Good Shepherd']);
    const paged = await (await api('/member/sermons?pageSize=1&page=2', me)).json() as J;
    assert.equal(paged.total, 2);
    assert.deepEqual(paged.sermons.map((s: J) => s.id), [ids.second]);
    assert.equal((await api('/member/sermons?pageSize=1000', me)).status, 400);

    await api(`/member/sermons/${ids.second}/view`, me, { method: 'POST' });
    await api(`/member/sermons/${ids.published}/view`, me, { method: 'POST' });
    const dash = await (await api('/member/dashboard', me)).json() as J;
    assert.deepEqual(dash.recentlyViewed.map((s: J) => s.id), [ids.published, ids.second]);
    assert.deepEqual(dash.stats.series, ['Faith Forward', 'General']);
    assert.equal(dash.stats.total, 2);
    assert.equal(dash.stats.favorites, 1);
    // More than ten extra published sermons viewed: the list keeps the ten newest views.
    const extra: string[] = [];
    for (let i = 0; i < 11; i += 1) extra.push(await seedSermon(orgA, `Extra ${i}`, 'PUBLISHED', '2025-01-01'));
    for (const id of extra) await api(`/member/sermons/${id}/view`, me, { method: 'POST' });
    const full = await (await api('/member/dashboard', me)).json() as J;
    assert.equal(full.recentlyViewed.length, 10);
    assert.equal(full.recentlyViewed[0].id, extra.at(-1));
    for (const id of extra) await db.deleteFrom('sermons').where('id', '=', id).execute();
  });

  it('edits, unpublishing and re-publishing reach members at once; progress is kept until the sermon is deleted', async () => {
    const me = await tokenFor(orgA, 'MEMBER', memberA);
    const pastor = await tokenFor(orgA, 'PASTOR');
    const edited = { ...OUTLINE, theme: 'Edited theme' };
    assert.equal((await api(`/sermons/${ids.published}/outline`, pastor, { method: 'PUT', json: { outline: edited } })).status, 200);
    assert.equal(((await (await api(`/member/sermons/${ids.published}`, me)).json()) as J).outline.theme, 'Edited theme');

    await db.updateTable('sermons').set({ status: 'REVIEW' }).where('id', '=', ids.published).execute();
    assert.equal((await api(`/member/sermons/${ids.published}`, me)).status, 404);
    const publish = await api(`/sermons/${ids.published}/publish`, pastor, { method: 'POST' });
    assert.equal(publish.status, 200, await publish.text());
    // The pipeline re-writing the days keeps their ids, so day completion survives too.
    await internal(`/sermons/${ids.published}/devotionals`, { method: 'PUT', body: JSON.stringify({ devotionals: [1, 2, 3, 4, 5].map(day) }) });
    const back = await (await api(`/member/sermons/${ids.published}`, me)).json() as J;
    assert.equal(back.progress.percent, 67);
    assert.equal(Object.values(back.progress.days).filter(Boolean).length, 2);

    const doomed = await seedSermon(orgA, 'Doomed', 'PUBLISHED', '2026-01-01');
    await api(`/member/sermons/${doomed}/progress`, me, { method: 'PUT', json: { outlineRead: true } });
    await api(`/member/sermons/${doomed}/favorite`, me, { method: 'PUT', json: { favorite: true } });
    await api(`/member/sermons/${doomed}/view`, me, { method: 'POST' });
    const doomedDay = await db.selectFrom('devotionals').select('id').where('sermon_id', '=', doomed).executeTakeFirstOrThrow();
    await api(`/member/devotionals/${doomedDay.id}/progress`, me, { method: 'PUT', json: { completed: true } });
    const del = await api(`/sermons/${doomed}`, pastor, { method: 'DELETE' });
    assert.equal(del.status, 204);
    for (const table of ['user_sermon_progress', 'user_favorites', 'recently_viewed', 'user_devotional_progress']) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where sermon_id = ${doomed}`.execute(db);
      assert.equal(rows[0]?.n, 0, table);
    }
    assert.equal((await api(`/member/sermons/${doomed}`, me)).status, 404);
  });

  it('plays the recording through a short-lived signed URL that answers range requests; staff get the same for a sermon under review', async () => {
    const me = await tokenFor(orgA, 'MEMBER', memberA);
    const media = await (await api(`/member/sermons/${ids.published}/media`, me)).json() as J;
    assert.equal(media.contentType, 'audio/mpeg');
    const expiresIn = Date.parse(media.expiresAt) - Date.now();
    assert.ok(expiresIn > 0 && expiresIn <= 20 * 60 * 1000, `expires in ${expiresIn} ms`);
    const url = (media.url as string).replace(t.config.PUBLIC_ORIGIN, base);
    const head = await fetch(url, { headers: { range: 'bytes=0-1023' } });
    assert.equal(head.status, 206);
    assert.equal(head.headers.get('content-range'), `bytes 0-1023/${mediaBytes.length}`);
    assert.deepEqual(Buffer.from(await head.arrayBuffer()), mediaBytes.subarray(0, 1024));
    const seek = Math.floor(mediaBytes.length * 0.9);
    const tail = await fetch(url, { headers: { range: `bytes=${seek}-` } });
    assert.equal(tail.status, 206);
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), mediaBytes.subarray(seek));
    const tampered = await fetch(url.replace(/token=[^&]+/, 'token=x'));
    assert.equal(tampered.status, 403);
    await tampered.arrayBuffer();

    const staff = await tokenFor(orgA, 'STAFF');
    const review = await api(`/sermons/${ids.review}/media`, staff);
    assert.equal(review.status, 200);
    await review.arrayBuffer();
    const memberOnStaffRoute = await api(`/sermons/${ids.review}/media`, me);
    assert.equal(memberOnStaffRoute.status, 403);
    await memberOnStaffRoute.arrayBuffer();
    const foreignStaff = await api(`/sermons/${ids.review}/media`, await tokenFor(orgB, 'PASTOR'));
    assert.equal(foreignStaff.status, 404);
    await foreignStaff.arrayBuffer();
  });

  it('stores the discussion guide from the pipeline; staff review and members read it; a bad guide is refused', async () => {
    const guide = { title: 'G - Discussion Guide', introduction: 'Intro', icebreaker: 'Ice', sections: [{ point: 'Faith hears', scripture: 'Romans 10:17', quote: 'Faith begins by listening.', questions: ['Q1?', 'Q2?'] }], closing: { application: 'Go', prayer: 'Amen' } };
    const bad = await internal(`/sermons/${ids.published}/discussion-guide`, { method: 'PUT', body: JSON.stringify({ guide: { title: 'x' } }) });
    assert.equal(bad.status, 400);
    await bad.arrayBuffer();
    const put = await internal(`/sermons/${ids.published}/discussion-guide`, { method: 'PUT', body: JSON.stringify({ guide }) });
    assert.equal(put.status, 204);
    const noToken = await fetch(`${base}/api/sermons/internal/sermons/${ids.published}/discussion-guide`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ guide }) });
    assert.equal(noToken.status, 401);
    await noToken.arrayBuffer();
    const staff = await (await api(`/sermons/${ids.published}/discussion-guide`, await tokenFor(orgA, 'STAFF'))).json() as J;
    assert.deepEqual(staff.guide, guide);
    const foreign = await api(`/sermons/${ids.published}/discussion-guide`, await tokenFor(orgB, 'ADMIN'));
    assert.equal(foreign.status, 404);
    await foreign.arrayBuffer();
    const member = await (await api(`/member/sermons/${ids.published}`, await tokenFor(orgA, 'MEMBER', memberA))).json() as J;
    assert.deepEqual(member.discussionGuide, guide);
  });

  it('downloads the outline as a PDF document', async () => {
    const me = await tokenFor(orgA, 'MEMBER', memberA);
    const res = await api(`/member/sermons/${ids.published}/outline.pdf`, me);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="Faith Forward Walking by Faith - Outline.pdf"/);
    const pdf = Buffer.from(await res.arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.match(pdf.subarray(-8).toString(), /%%EOF/);
    assert.ok(pdf.length > 1500, `${pdf.length} bytes`);
  });
});
