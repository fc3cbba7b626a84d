// The RSS migration end to end on real parts: the feed server (espeak-ng/ffmpeg videos over HTTP),
// the migration service and its rss-migration worker (a child process we can SIGKILL), Temporal,
// the sermons service and the real pipeline worker (ffmpeg, faster-whisper, the generator).
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { describe, test, beforeAll, afterAll, jest } from '@jest/globals';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { startFeedServer, type FeedServer } from '@lectern/local-stack/feeds';
import { buildTestApp } from './helper.ts';
import { startMigrationInstance, startPipelineWorker, startSermonsService, type Child } from './processes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

const INTERNAL_TOKEN = `test-internal-${randomUUID()}`;

describe('RSS migration end to end', () => {
  jest.setTimeout(20 * 60_000);
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let feeds: FeedServer;
  let sermons: Child & { baseUrl: string };
  let pipelineWorker: Child;
  let migrationWorker: Child & { baseUrl: string };
  let migrationEnv: Record<string, string>;
  let staff: string;
  const staffUserId = randomUUID();

  beforeAll(async () => {
    feeds = await startFeedServer({ stallMs: 120_000 });
    t = await buildTestApp({ FEED_FETCH_ALLOW_ORIGINS: feeds.hostPort, SERMONS_INTERNAL_TOKEN: INTERNAL_TOKEN, FEED_FETCH_TIMEOUT_MS: '60000' });
    staff = await t.token({ staff: true, userId: staffUserId });
    const sermonsEnv = await isolatedServiceEnv('sermons', {
      IDENTITY_JWKS_URL: t.jwksUrl,
      TEMPORAL_ADDRESS: t.env.TEMPORAL_ADDRESS as string,
      TEMPORAL_NAMESPACE: t.env.TEMPORAL_NAMESPACE as string,
      STORAGE_FS_ROOT: t.storageRoot,
      SERMONS_INTERNAL_TOKEN: INTERNAL_TOKEN,
      STORAGE_SIGNING_SECRET: randomBytes(32).toString('base64url'),
      SERMON_PIPELINE_TASK_QUEUE: t.env.SERMON_PIPELINE_TASK_QUEUE as string,
      SERMON_PIPELINE_CAPACITY: '1000',
    });
    sermons = await startSermonsService(sermonsEnv);
    pipelineWorker = await startPipelineWorker({
      TEMPORAL_ADDRESS: t.env.TEMPORAL_ADDRESS as string,
      TEMPORAL_NAMESPACE: t.env.TEMPORAL_NAMESPACE as string,
      SERMON_PIPELINE_TASK_QUEUE: t.env.SERMON_PIPELINE_TASK_QUEUE as string,
      SERMONS_INTERNAL_URL: sermons.baseUrl,
      SERMONS_INTERNAL_TOKEN: INTERNAL_TOKEN,
      STORAGE_DRIVER: 'fs',
      STORAGE_FS_ROOT: t.storageRoot,
    });
    // The same service, schema and queues as the in-test app: this instance runs the worker.
    migrationEnv = { ...t.env, SERMONS_INTERNAL_URL: sermons.baseUrl };
    migrationWorker = await startMigrationInstance(migrationEnv);
  });
  afterAll(async () => {
    await migrationWorker?.stop();
    await pipelineWorker?.stop();
    await sermons?.stop();
    await t?.app.close();
    await feeds?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await t.app.inject({ method, url: `/api/migration${url}`, headers: { authorization: `Bearer ${staff}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() as J };
  };
  const internal = async (path: string) => {
    const response = await fetch(`${sermons.baseUrl}/api/sermons/internal/sermons/${path}`, { headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
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

  async function waitFor(id: string, predicate: (view: J) => boolean, what: string, timeoutMs = 600_000): Promise<J> {
    const deadline = Date.now() + timeoutMs;
    let view: J;
    while (Date.now() < deadline) {
      view = (await call('GET', `/migrations/${id}`)).body;
      if (predicate(view)) return view;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`timed out waiting for ${what}: ${JSON.stringify(view)}\nmigration worker:\n${migrationWorker.output().slice(-3000)}\npipeline worker:\n${pipelineWorker.output().slice(-3000)}`);
  }

  const itemsOf = (migrationId: string) => t.app.migrationStore.items(migrationId);

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
    const spool = migrationEnv.MIGRATION_WORK_DIR as string;
    assert.deepEqual(existsSync(spool) ? readdirSync(spool).filter((f) => f.startsWith(id)) : [], [], 'no partial download left');
  });

  test('the migration worker killed (SIGKILL) mid-download resumes with a Range request and creates no duplicate sermon', async () => {
    const orgId = randomUUID();
    const id = await startMigration(orgId, feeds.rssUrl(2, {}, { trickleMs: 150 }), 2);
    await waitFor(id, (v) => v.steps.some((s: J) => s.position === 1 && /Downloading/.test(s.stepMessage ?? '') && s.stepProgress >= 20), 'the first download to be under way', 120_000);
    await migrationWorker.stop('SIGKILL');
    migrationWorker = await startMigrationInstance(migrationEnv);
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
  test('an organization out of upload quota: every remaining item fails with the quota message, no sermon is made, no 500', async () => {
    const orgId = randomUUID();
    // The plan's 12 units of this cycle already used (by migrated sermons made directly).
    for (let i = 0; i < 12; i += 1) {
      const made = await fetch(`${sermons.baseUrl}/api/sermons/internal/migrated-sermons/${randomUUID()}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ orgId, title: `Earlier ${i}`, recordedOn: null, createdBy: staffUserId, uploadKey: `earlier/${i}.mp4` }),
      });
      assert.equal(made.status, 200);
    }
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
