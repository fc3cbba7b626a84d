// The console's migration routes: company staff only, rss-parser validation and messages, the
// duplicate rule when queueing (by media URL or GUID within the organization), and the reads.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import { rssMigrationWorkflowId } from '@lectern/workflows';
import { startFeedServer, type FeedServer } from '@lectern/local-stack/feeds';
import { buildTestApp } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

describe('migration routes', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let feeds: FeedServer;
  let staff: string;
  let temporal: { client: Client; connection: Connection };

  beforeAll(async () => {
    feeds = await startFeedServer();
    t = await buildTestApp({ FEED_FETCH_ALLOW_ORIGINS: '' });
    staff = await t.token({ staff: true });
    const connection = await Connection.connect({ address: t.env.TEMPORAL_ADDRESS as string });
    temporal = { connection, client: new Client({ connection, namespace: t.env.TEMPORAL_NAMESPACE as string }) };
  });
  afterAll(async () => {
    await t?.app.close();
    await feeds?.close();
    await temporal?.connection.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method, url: `/api/migration${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  test('every route needs a signed-in staff user: 401 without a token, 403 for an organization admin', async () => {
    const admin = await t.token({ staff: false, orgId: randomUUID() });
    for (const [method, url] of [['POST', '/rss/parse'], ['POST', '/migrations'], ['GET', `/migrations/${randomUUID()}`], ['POST', `/migrations/${randomUUID()}/cancel`], ['POST', `/migrations/${randomUUID()}/clear`]] as const) {
      assert.equal((await call(method, url, null, {})).statusCode, 401, url);
      assert.equal((await call(method, url, admin, {})).statusCode, 403, url);
    }
  });

  test('rss-parser: an empty URL is refused with the spec message; a loopback feed is refused by default', async () => {
    const empty = await call('POST', '/rss/parse', staff, { rssUrl: '  ', maxVideos: 10 });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().detail, 'Please enter an RSS feed URL');
    const loopback = await call('POST', '/rss/parse', staff, { rssUrl: feeds.rssUrl(3), maxVideos: 10 });
    assert.equal(loopback.statusCode, 422);
    assert.equal(loopback.json().success, false);
    assert.match(loopback.json().error, /^Failed to parse RSS feed: Refused: 127\.0\.0\.1/);
    const metadata = await call('POST', '/rss/parse', staff, { rssUrl: 'http://169.254.169.254/latest/meta-data/', maxVideos: 10 });
    assert.equal(metadata.statusCode, 422);
  });

  test('queueing skips videos already migrated for the organization (media URL or GUID) unless duplicates are allowed', async () => {
    const orgId = randomUUID();
    const video = (n: number, guid = `sermon-${n}`) => ({ title: `Sermon ${n}`, publishedAt: null, mediaUrl: `https://media.church.example/${n}.mp4`, duration: 60, guid });
    const first = await call('POST', '/migrations', staff, { rssUrl: 'https://church.example/feed', targetOrgId: orgId, videos: [video(1), video(2), video(3)], maxToQueue: 2 });
    assert.equal(first.statusCode, 201, first.body);
    const firstId = first.json().migrationId as string;
    assert.match(first.json().message, /Queued 2 video/);
    const handle = temporal.client.workflow.getHandle(rssMigrationWorkflowId(orgId, firstId));
    const description = await handle.describe();
    assert.equal(description.status.name, 'RUNNING', 'the run exists under its readable id');
    assert.deepEqual(description.searchAttributes.LecternMigration, [firstId]);
    assert.deepEqual(description.searchAttributes.LecternOrganization, [orgId]);

    // Same media URL (new GUID) and same GUID (new URL) are both duplicates; video 3 is new.
    const again = await call('POST', '/migrations', staff, {
      rssUrl: 'https://church.example/feed', targetOrgId: orgId,
      videos: [video(1, 'other-guid'), { ...video(2), mediaUrl: 'https://cdn.church.example/2.mp4' }, video(3)],
    });
    assert.equal(again.statusCode, 201, again.body);
    assert.match(again.json().message, /Queued 1 video\(s\) for migration \(2 already migrated, skipped\)/);
    const view = await call('GET', `/migrations/${again.json().migrationId}`, staff);
    assert.equal(view.json().queue.totalVideos, 1);

    const none = await call('POST', '/migrations', staff, { rssUrl: 'https://church.example/feed', targetOrgId: orgId, videos: [video(1), video(3)] });
    assert.equal(none.statusCode, 409);
    assert.match(none.json().detail, /already migrated/);

    const allowed = await call('POST', '/migrations', staff, { rssUrl: 'https://church.example/feed', targetOrgId: orgId, videos: [video(1), video(3)], allowDuplicates: true });
    assert.equal(allowed.statusCode, 201);

    const otherOrg = await call('POST', '/migrations', staff, { rssUrl: 'https://church.example/feed', targetOrgId: randomUUID(), videos: [video(1)] });
    assert.equal(otherOrg.statusCode, 201, 'another organization may migrate the same video');

    const stop = await call('POST', `/migrations/${firstId}/cancel`, staff, { reason: 'User requested cancellation' });
    assert.equal(stop.statusCode, 200);
    assert.equal(stop.json().message, 'Migration cancellation requested');
    // No worker serves this test's queue: end the runs here.
    for (const body of [first, again, allowed, otherOrg].map((r) => r.json() as J)) {
      const queue = (await call('GET', `/migrations/${body.migrationId}`, staff)).json().queue;
      await temporal.client.workflow.getHandle(queue.workflowId).terminate('test over');
    }
  });

  test('a missing or malformed migration id is a 404 with the spec wording; bad bodies are 400', async () => {
    const missing = await call('GET', `/migrations/${randomUUID()}`, staff);
    assert.equal(missing.statusCode, 404);
    assert.match(missing.json().detail, /Failed to fetch migration data/);
    assert.equal((await call('GET', '/migrations/not-an-id', staff)).statusCode, 404);
    assert.equal((await call('POST', '/migrations', staff, { rssUrl: 'x', targetOrgId: 'nope', videos: [] })).statusCode, 400);
    assert.equal((await call('POST', '/migrations', staff, { rssUrl: 'x', targetOrgId: randomUUID(), videos: [{ title: 't', publishedAt: null, mediaUrl: 'file:///etc/passwd', duration: null, guid: 'g' }] })).statusCode, 400);
    // A duration past the 32-bit column (schemathesis found 1e15 and 5.9e26) is the client's mistake, not a 500.
    for (const duration of [2_147_483_648, 5.86e26]) {
      const tooLong = await call('POST', '/migrations', staff, { rssUrl: 'https://feeds.example/rss', targetOrgId: randomUUID(), videos: [{ title: 't', publishedAt: null, mediaUrl: 'https://media.example/a.mp4', duration, guid: 'g' }] });
      assert.equal(tooLong.statusCode, 400);
    }
  });
});
