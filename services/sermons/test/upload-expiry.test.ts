// Abandoned uploads expire and pipeline capacity is fair between churches (issue 12). Time is
// passed in (the sweep and the capacity check take `now`), never slept.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { assertFairCapacity, pipelineLoad } from '../src/domain/pipeline.capacity.ts';
import { buildTestApp, listen } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

const MINUTE = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

describe('sermons: abandoned uploads expire; capacity is per church and fair', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({ SERMON_PIPELINE_CAPACITY: '2', SERMON_UPLOAD_EXPIRY_MINUTES: '75', SERMON_QUOTA_LIMITS: 'free:50,standard:50' });
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t?.app.close();
  });

  const api = (token: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}/api/sermons${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) } });
  const startUpload = (token: string) =>
    api(token, '/sermons', { method: 'POST', body: JSON.stringify({ title: 'Grace', speaker: 'Ann', recordedAt: '2026-11-15', file: { name: 'g.mp3', size: 1000, contentType: 'audio/mpeg' } }) });
  const used = async (token: string) => ((await (await api(token, '/quota')).json()) as J).used as number;
  /** Removes every sermon of these churches that is still waiting for its upload (tests stay independent). */
  const sweepAll = () => t.app.uploadExpiry.sweep(later(24 * 60));

  it('an upload never completed expires after the bounded time: bytes deleted, sermon gone, quota unit back; a live one stays', async () => {
    const org = randomUUID();
    const pastor = await t.token(org, 'PASTOR');
    const abandoned = (await (await startUpload(pastor)).json()) as J;
    // Part of the bytes reached storage (an interrupted direct upload) and nothing else happened.
    const bucket = await t.app.rawBucket();
    await bucket.put(abandoned.upload.key, Readable.from([Buffer.from('ID3 partial bytes')]));
    assert.equal(await bucket.exists(abandoned.upload.key), true);
    const alive = (await (await startUpload(pastor)).json()) as J;
    assert.equal(await used(pastor), 2);

    // Within the bound nothing expires.
    assert.equal(await t.app.uploadExpiry.sweep(later(70)), 0);
    // The second upload is still sending: its progress is a sign of life.
    assert.equal(await t.app.sermons.intake.uploadProgress(alive.sermon.id, org, 40), true);
    // Both were created two hours ago; only the abandoned one has shown no progress since.
    const twoHoursAgo = new Date(Date.now() - 120 * MINUTE);
    await t.app.kit.db.updateTable('sermons').set({ created_at: twoHoursAgo }).where('id', 'in', [abandoned.sermon.id, alive.sermon.id]).execute();
    await t.app.kit.db.updateTable('sermon_progress').set({ updated_at: twoHoursAgo }).where('sermon_id', '=', abandoned.sermon.id).execute();

    assert.equal(await t.app.uploadExpiry.sweep(later(30)), 1);
    assert.equal((await api(pastor, `/sermons/${abandoned.sermon.id}`)).status, 404);
    assert.equal(await bucket.exists(abandoned.upload.key), false, 'bytes deleted');
    assert.equal((await api(pastor, `/sermons/${alive.sermon.id}`)).status, 200, 'an upload with recent progress stays');
    assert.equal(await used(pastor), 1, 'the expired upload gave its quota unit back');
    const deleted = await t.app.kit.db.selectFrom('outbox').select('type').where('key', '=', abandoned.sermon.id).execute();
    assert.ok(deleted.some((row) => row.type === 'sermons.sermon.deleted.v1'), 'the removal is published like any delete');

    // A second sweep (or another instance's) finds nothing left to do.
    assert.equal(await t.app.uploadExpiry.sweep(later(30)), 0);
    assert.equal(await used(pastor), 1);
    await sweepAll();
  });

  it('one church filling the pipeline gets 429 busy, another church still gets in; abandoned uploads stop counting', async () => {
    await sweepAll();
    const bulk = randomUUID();
    const other = randomUUID();
    const bulkPastor = await t.token(bulk, 'PASTOR');
    const otherPastor = await t.token(other, 'PASTOR');

    assert.equal((await startUpload(bulkPastor)).status, 201);
    assert.equal((await startUpload(bulkPastor)).status, 201);
    const refused = await startUpload(bulkPastor);
    assert.equal(refused.status, 429);
    assert.equal(((await refused.json()) as J).detail, 'Service is currently busy. Please try again in a few minutes.');

    // The pipeline is full, but this church has nothing in it: its fair share (2 ÷ 2 churches) is 1.
    assert.equal((await startUpload(otherPastor)).status, 201);
    assert.equal((await startUpload(otherPastor)).status, 429, 'at its fair share while the pipeline is full');
    assert.equal((await startUpload(bulkPastor)).status, 429, 'the bulk church stays over its share');

    // The bulk church's uploads are abandoned: an hour and a quarter later they no longer count…
    assert.deepEqual(await pipelineLoad(t.app.kit.db, bulk, t.config, later(80)), { mine: 0, total: 0, others: 0 });
    await assert.doesNotReject(assertFairCapacity(t.app.kit.db, bulk, t.config, later(80)));
    await assert.rejects(assertFairCapacity(t.app.kit.db, bulk, t.config), /busy/);
    // …and the sweep removes them; the church can upload again.
    assert.equal(await t.app.uploadExpiry.sweep(later(80)), 3);
    assert.equal((await startUpload(bulkPastor)).status, 201);
    await sweepAll();
  });
});
