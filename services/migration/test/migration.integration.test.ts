// The RSS migration end to end on real parts: the feed server (espeak-ng/ffmpeg videos over HTTP),
// the migration service and its rss-migration worker (a child process we can SIGKILL), Temporal,
// the sermons service and the real pipeline worker (ffmpeg, faster-whisper, the generator).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { describe, test, beforeAll, afterAll, jest } from '@jest/globals';
import type { FeedServer } from '@lectern/local-stack/feeds';
import { patience } from '@lectern/local-stack/testing';
import { startMigrationRig, type MigrationRig } from './rig.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

/**
 * The sermons service's pipeline capacity here: above the 12 sermons (one plan's quota) the quota
 * test makes, so only the busy test, which fills it on purpose, meets a 429 busy.
 */
const PIPELINE_CAPACITY = 13;

describe('RSS migration end to end', () => {
  jest.setTimeout(patience(20 * 60_000));
  let rig: MigrationRig;
  let t: MigrationRig['t'];
  let feeds: FeedServer;
  let sermons: MigrationRig['sermons'];
  let staff: string;
  const staffUserId = randomUUID();

  beforeAll(async () => {
    rig = await startMigrationRig({
      feeds: { stallMs: 120_000 },
      migration: { FEED_FETCH_TIMEOUT_MS: '60000' },
      sermons: { SERMON_PIPELINE_CAPACITY: String(PIPELINE_CAPACITY) },
    });
    ({ t, feeds, sermons } = rig);
    staff = await t.token({ staff: true, userId: staffUserId });
  });
  afterAll(async () => {
    await rig?.stop();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await t.app.inject({ method, url: `/api/migration${url}`, headers: { authorization: `Bearer ${staff}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() as J };
  };
  const internal = async (path: string) => {
    const response = await fetch(`${sermons.baseUrl}/api/sermons/internal/sermons/${path}`, { headers: { authorization: `Bearer ${rig.internalToken}` } });
    return { status: response.status, body: response.status === 200 ? ((await response.json()) as J) : null };
  };

  /** The organization's library as its administrator sees it (the public sermons API). */
  async function librarySermons(orgId: string): Promise<J[]> {
    const admin = await t.token({ staff: false, orgId });
    const response = await fetch(`${sermons.baseUrl}/api/sermons/sermons?limit=50`, { headers: { authorization: `Bearer ${admin}` } });
    assert.equal(response.status, 200);
    return ((await response.json()) as J).sermons;
  }

  async function startMigration(orgId: string, rssUrl: string, count: number) {
    const parsed = await call('POST', '/rss/parse', { rssUrl, maxVideos: count });
    assert.equal(parsed.status, 200, JSON.stringify(parsed.body));
    const started = await call('POST', '/migrations', { rssUrl, targetOrgId: orgId, videos: parsed.body.videos, allowDuplicates: false, maxToQueue: count });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    return started.body.migrationId as string;
  }

  /** Polls the migration's view; `timeoutMs` is the figure on the CI machine, scaled by patience(). */
  async function waitFor(id: string, predicate: (view: J) => boolean, what: string, timeoutMs = 600_000): Promise<J> {
    const deadline = Date.now() + patience(timeoutMs);
    let view: J;
    while (Date.now() < deadline) {
      view = (await call('GET', `/migrations/${id}`)).body;
      if (predicate(view)) return view;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`timed out after ${patience(timeoutMs)} ms waiting for ${what}: ${JSON.stringify(view)}\nmigration worker:\n${rig.migrationWorker.output().slice(-3000)}\npipeline worker:\n${rig.pipelineWorker.output().slice(-3000)}`);
  }

  const itemsOf = (migrationId: string) => t.app.migrationStore.items(migrationId);

  /** Sermons made directly through the internal API, each waiting for its recording (in the pipeline, one quota unit each). */
  async function makeWaitingSermons(orgId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const made = await fetch(`${sermons.baseUrl}/api/sermons/internal/migrated-sermons/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${rig.internalToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ orgId, title: `Earlier ${i}`, recordedOn: null, createdBy: staffUserId, uploadKey: `earlier/${id}.mp4` }),
      });
      assert.equal(made.status, 200, await made.text());
      ids.push(id);
    }
    return ids;
  }

  async function removeMigratedSermon(id: string): Promise<void> {
    const removed = await fetch(`${sermons.baseUrl}/api/sermons/internal/migrated-sermons/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${rig.internalToken}` } });
    assert.equal(((await removed.json()) as J).removed, true);
  }

  test('videos run one after another through the pipeline; a broken item is a failed step and the rest finish in REVIEW with transcripts', async () => {
    const orgId = randomUUID();
    const id = await startMigration(orgId, feeds.rssUrl(4, { 2: '404' }), 3);
    const done = await waitFor(id, (v) => v.queue.status === 'completed', 'the migration to complete');
    assert.equal(done.queue.totalVideos, 3);
    assert.equal(done.queue.processedVideos, 3);
    assert.equal(done.queue.failedVideos, 1);
    const steps = done.steps.filter((s: J) => s.position !== null);
    assert.deepEqual(steps.map((s: J) => s.stepStatus), ['completed', 'failed', 'completed']);
    assert.match(steps[1].errorMessage, /404/);
    const items = await itemsOf(id);
    for (const item of items.filter((i) => i.status === 'completed')) {
      const sermon = await internal(item.sermon_id);
      assert.equal(sermon.body.sermon.status, 'REVIEW', item.title);
      assert.equal(sermon.body.sermon.orgId, orgId);
      const content = await internal(`${item.sermon_id}/content`);
      assert.ok((content.body.transcript?.text ?? '').length > 20, 'a transcript was saved');
    }
    assert.equal((await librarySermons(orgId)).filter((s: J) => s.status === 'REVIEW').length, 2, 'the library shows the two migrated sermons in REVIEW');
    const broken = items.find((i) => i.position === 2)!;
    assert.equal((await internal(broken.sermon_id)).status, 404, 'a failed download leaves no sermon record behind');
    // Ordered: each video started after the previous one finished.
    const completedAt = items.map((i) => i.updated_at.getTime());
    assert.ok(completedAt[0]! <= completedAt[1]! && completedAt[1]! <= completedAt[2]!);

    // Duplicates: the two migrated videos are skipped, the failed one is queued again.
    const again = await call('POST', '/migrations', { rssUrl: feeds.rssUrl(4, { 2: '404' }), targetOrgId: orgId, videos: (await call('POST', '/rss/parse', { rssUrl: feeds.rssUrl(4, { 2: '404' }), maxVideos: 3 })).body.videos, maxToQueue: 3 });
    assert.equal(again.status, 201);
    assert.match(again.body.message, /Queued 1 video\(s\) for migration \(2 already migrated, skipped\)/);
    await waitFor(again.body.migrationId, (v) => v.queue.status === 'completed', 'the duplicate-free rerun');
  });

  test('Stop during a download cancels that video cleanly: no sermon, no partial file, the rest not started', async () => {
    const orgId = randomUUID();
    const id = await startMigration(orgId, feeds.rssUrl(3, { 1: 'slow' }), 3);
    await waitFor(id, (v) => v.steps.some((s: J) => s.position === 1 && /Downloading/.test(s.stepMessage ?? '')), 'the first download to start', 120_000);
    const [first] = await itemsOf(id);
    assert.equal((await internal(first!.sermon_id)).status, 200, 'the record exists while it downloads');
    const stop = await call('POST', `/migrations/${id}/cancel`, { reason: 'User requested cancellation' });
    assert.equal(stop.body.message, 'Migration cancellation requested');
    const stopped = await waitFor(id, (v) => v.queue.status === 'cancelled', 'the migration to stop', 120_000);
    assert.equal(stopped.queue.processedVideos, 0);
    const items = await itemsOf(id);
    assert.deepEqual(items.map((i) => i.status), ['cancelled', 'cancelled', 'cancelled']);
    assert.equal((await internal(first!.sermon_id)).status, 404, 'the stopped video left no sermon');
    const spool = rig.migrationEnv.MIGRATION_WORK_DIR as string;
    assert.deepEqual(existsSync(spool) ? readdirSync(spool).filter((f) => f.startsWith(id)) : [], [], 'no partial download left');
  });

  test('the migration worker killed (SIGKILL) mid-download resumes with a Range request and creates no duplicate sermon', async () => {
    const orgId = randomUUID();
    const id = await startMigration(orgId, feeds.rssUrl(2, {}, { trickleMs: 150 }), 2);
    await waitFor(id, (v) => v.steps.some((s: J) => s.position === 1 && /Downloading/.test(s.stepMessage ?? '') && s.stepProgress >= 20), 'the first download to be under way', 120_000);
    await rig.restartMigrationWorker('SIGKILL');
    const done = await waitFor(id, (v) => v.queue.status === 'completed', 'the migration to finish after the restart');
    assert.equal(done.queue.failedVideos, 0);
    const items = await itemsOf(id);
    assert.deepEqual(items.map((i) => i.status), ['completed', 'completed']);
    const resumed = feeds.requests.filter((r) => r.path === '/media/1.mp4' && r.range?.startsWith('bytes='));
    assert.ok(resumed.length >= 1 && !resumed.some((r) => r.range === 'bytes=0-'), `the download resumed from the bytes on disk (${JSON.stringify(resumed)})`);
    for (const item of items) assert.equal((await internal(item.sermon_id)).body.sermon.status, 'REVIEW');
    // One sermon per video: the organization's library has exactly these two.
    const library = (await librarySermons(orgId)).map((s: J) => s.id).sort();
    assert.deepEqual(library, items.map((i) => i.sermon_id).sort());
  });
  test('a busy pipeline (429 at fair-share capacity) makes the item wait, not fail; once a slot frees it goes on and completes', async () => {
    const orgId = randomUUID();
    const otherOrgId = randomUUID();
    // The pipeline full (13 sermons waiting for their recordings) and this church at its fair
    // share of it (13 ÷ 2 churches with work = 6), so its next sermon is refused as busy.
    const mine = await makeWaitingSermons(orgId, 6);
    const others = await makeWaitingSermons(otherOrgId, PIPELINE_CAPACITY - 6);
    const id = await startMigration(orgId, feeds.rssUrl(1), 1);
    await waitFor(id, (v) => v.steps.some((s: J) => s.position === 1 && /^Waiting for a free processing slot/.test(s.stepMessage ?? '')), 'the item to meet the busy pipeline', 120_000);
    // Several busy answers later (the retry starts at 2 s) it is still waiting, not a failed step.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const waiting = (await call('GET', `/migrations/${id}`)).body;
    assert.equal(waiting.queue.status, 'processing');
    assert.equal(waiting.queue.failedVideos, 0);
    assert.deepEqual(waiting.steps.filter((s: J) => s.stepStatus === 'failed'), []);
    const [item] = await itemsOf(id);
    assert.equal(item!.status, 'running');
    assert.equal((await internal(item!.sermon_id)).status, 404, 'a refused create leaves no record');

    // One of the church's own sermons leaves the pipeline: the next try is let in.
    await removeMigratedSermon(mine.pop()!);
    const done = await waitFor(id, (v) => v.queue.status === 'completed', 'the migration to complete after the slot freed');
    assert.equal(done.queue.failedVideos, 0);
    assert.deepEqual(done.steps.filter((s: J) => s.position !== null).map((s: J) => s.stepStatus), ['completed']);
    assert.equal((await internal(item!.sermon_id)).body.sermon.status, 'REVIEW');
    for (const sermonId of [...mine, ...others]) await removeMigratedSermon(sermonId);
  });

  test('an organization out of upload quota: every remaining item fails with the quota message, no sermon is made, no 500', async () => {
    const orgId = randomUUID();
    // The plan's 12 units of this cycle already used (by migrated sermons made directly).
    await makeWaitingSermons(orgId, 12);
    const id = await startMigration(orgId, feeds.rssUrl(3), 3);
    const done = await waitFor(id, (v) => v.queue.status === 'completed', 'the migration to end', 120_000);
    assert.equal(done.queue.processedVideos, 3);
    assert.equal(done.queue.failedVideos, 3);
    const items = await itemsOf(id);
    for (const item of items) {
      assert.equal(item.status, 'failed');
      assert.match(item.error_message ?? '', /^Upload limit reached for this cycle\. Resets on /);
      assert.equal((await internal(item.sermon_id)).status, 404, 'no record for a refused video');
    }
    const summary = done.steps.find((s: J) => s.position === null && s.stepName === 'Upload limit reached');
    assert.ok(summary, JSON.stringify(done.steps));
    assert.match(summary.stepMessage, /2 more videos were not migrated/);
    assert.equal((await librarySermons(orgId)).length, 12, 'only the earlier sermons');
  });
});
