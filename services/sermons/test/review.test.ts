// Staff review edits publish events like every other change, and an outline edit regenerates the
// discussion guide in the same transaction (from the edited points and the stored transcript).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { SermonsDb } from '../src/data/database.ts';
import type { MemberDb } from '../src/member/member.tables.ts';
import { buildTestApp, INTERNAL_TOKEN } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

const TRANSCRIPT =
  'Good morning, church. Today we read Romans chapter ten verse seventeen. ' +
  'Faith comes from hearing, so we begin every week by listening to the word. ' +
  'Abraham stepped out of his home without knowing where he was going. ' +
  'Generous hands open when we remember that everything we have was given to us first.';

const PIPELINE_OUTLINE = {
  theme: 'Walking by faith',
  mainPoints: [
    { title: 'Faith hears', summary: 'Faith begins by listening.', details: '', scripture: 'Romans 10:17' },
    { title: 'Faith steps out', summary: 'Abraham went out.', details: '', scripture: 'Hebrews 11:8' },
  ],
  keyPoints: [],
  scriptures: ['Romans 10:17'],
  applications: ['Listen first.'],
  application: '',
  illustrations: [],
  conclusion: [],
};

function day(n: number) {
  return { dayNumber: n, title: `Day ${n}`, theme: `Theme ${n}`, openingPrayer: { quick: 'Lord.', full: 'Lord, help us.' } };
}

describe('staff review edits: events and the regenerated discussion guide', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let db: Kysely<SermonsDb>;
  const orgA = randomUUID();
  const orgB = randomUUID();
  const pastor = randomUUID();
  let sermonId: string;
  let devotionalId: string;

  const internal = (method: 'PUT' | 'POST', path: string, payload: unknown) =>
    t.app.inject({ method, url: `/api/sermons/internal${path}`, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` }, payload: payload as object });
  const staff = async (method: 'PUT' | 'GET', path: string, payload: unknown, orgId = orgA, userId = pastor) =>
    t.app.inject({ method, url: `/api/sermons${path}`, headers: { authorization: `Bearer ${await t.token(orgId, 'PASTOR', userId)}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const events = async (type: string) => db.selectFrom('outbox').select(['key', 'envelope']).where('type', '=', type).where('key', '=', sermonId).execute();
  const guideOf = async (id: string) => (await (db as unknown as Kysely<MemberDb>).selectFrom('discussion_guides').select('guide').where('sermon_id', '=', id).executeTakeFirst())?.guide;

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.kit.db as Kysely<SermonsDb>;
    const row = await db.insertInto('sermons').values({ org_id: orgA, title: 'Faith Forward', speaker: 'Pastor Ann', recorded_on: '2026-11-01', status: 'REVIEW', created_by: pastor }).returning('id').executeTakeFirstOrThrow();
    sermonId = row.id;
    for (const [path, body] of [
      ['transcript', { text: TRANSCRIPT, words: [] }],
      ['outline', { outline: PIPELINE_OUTLINE }],
      ['devotionals', { devotionals: [1, 2, 3, 4, 5].map(day) }],
    ] as const) {
      const res = await internal('PUT', `/sermons/${sermonId}/${path}`, body);
      assert.equal(res.statusCode, 204, res.body);
    }
    const details = await okJson(staff('GET', `/sermons/${sermonId}`, undefined));
    devotionalId = details.devotionals[0].id;
  });
  afterAll(async () => {
    await t?.app.close();
  });

  async function okJson(response: Promise<{ statusCode: number; json: () => J }>): Promise<J> {
    const res = await response;
    assert.equal(res.statusCode, 200);
    return res.json();
  }

  it('an outline edit writes sermons.outline.updated.v1 and regenerates the guide from the edited points, quoting the transcript', async () => {
    assert.equal((await events('sermons.outline.updated.v1')).length, 0, 'the pipeline\u2019s own outline is not a staff edit');
    const edited = { ...PIPELINE_OUTLINE, mainPoints: [{ title: 'Generous hands', summary: 'Everything we have was given first.', details: '<p>Give.</p>', scripture: '2 Corinthians 9:7' }] };
    const res = await staff('PUT', `/sermons/${sermonId}/outline`, { outline: edited });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().outline, edited);

    const guide = await guideOf(sermonId);
    assert.ok(guide, 'a guide is stored');
    assert.deepEqual(guide.sections.map((s) => s.point), ['Generous hands']);
    assert.equal(guide.sections[0]!.scripture, '2 Corinthians 9:7');
    assert.equal(guide.sections[0]!.quote, 'Generous hands open when we remember that everything we have was given to us first.');
    assert.equal(guide.title, 'Faith Forward - Discussion Guide');

    const [event] = await events('sermons.outline.updated.v1');
    assert.ok(event, 'outline event in the outbox');
    assert.deepEqual((event.envelope as J).data, { sermonId, updatedBy: pastor });
    const staffGuide = await staff('GET', `/sermons/${sermonId}/discussion-guide`, undefined);
    assert.deepEqual(staffGuide.json().guide, guide);
  });

  it('a devotional edit writes sermons.devotional.updated.v1 with its day', async () => {
    const res = await staff('PUT', `/devotionals/${devotionalId}`, { ...day(1), title: 'Day one, edited' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().devotional.title, 'Day one, edited');
    const [event] = await events('sermons.devotional.updated.v1');
    assert.ok(event, 'devotional event in the outbox');
    assert.deepEqual((event.envelope as J).data, { sermonId, devotionalId, dayNumber: 1, updatedBy: pastor });
  });

  it('another organization\u2019s edits change nothing and publish nothing', async () => {
    const before = await guideOf(sermonId);
    const outlineEvents = (await events('sermons.outline.updated.v1')).length;
    const devotionalEvents = (await events('sermons.devotional.updated.v1')).length;
    const outline = await staff('PUT', `/sermons/${sermonId}/outline`, { outline: { theme: 'Hijacked', mainPoints: [] } }, orgB);
    assert.equal(outline.statusCode, 404);
    const devotional = await staff('PUT', `/devotionals/${devotionalId}`, { title: 'Hijacked' }, orgB);
    assert.equal(devotional.statusCode, 404);
    assert.deepEqual(await guideOf(sermonId), before);
    assert.equal((await events('sermons.outline.updated.v1')).length, outlineEvents);
    assert.equal((await events('sermons.devotional.updated.v1')).length, devotionalEvents);
  });

  it('an outline edit while processing is refused and leaves the guide as it was', async () => {
    const processing = await db.insertInto('sermons').values({ org_id: orgA, title: 'Still going', speaker: null, recorded_on: null, status: 'PROCESSING', created_by: pastor }).returning('id').executeTakeFirstOrThrow();
    const res = await staff('PUT', `/sermons/${processing.id}/outline`, { outline: PIPELINE_OUTLINE });
    assert.equal(res.statusCode, 409);
    assert.equal(await guideOf(processing.id), undefined);
  });
});
