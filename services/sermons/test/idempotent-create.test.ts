// Creating a sermon with an Idempotency-Key (ADR 0033): a retry after a lost answer gets the
// sermon the first attempt created — one record, one created event, one quota unit — and the key
// is scoped to the organization, the user and the request it first came with.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { sql } from 'kysely';
import { purgeExpiredIdempotencyKeys } from '@lectern/service-kit';
import { isolatedServiceEnv, tcpProxy } from '@lectern/service-kit/testing';
import { buildTestApp, listen } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

const file = { name: 'grace.mp3', size: 1234, contentType: 'audio/mpeg' };

/** POST /sermons as the staff UI sends it, with the key as the Idempotency-Key header when given. */
function createSermon(base: string, token: string, key: string | undefined, body: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${base}/api/sermons/sermons`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify({ title: 'Grace', speaker: 'Pastor Ann', recordedAt: '2026-11-15', file, ...body }),
  });
}

async function quotaUsedOf(base: string, token: string): Promise<number> {
  return ((await (await fetch(`${base}/api/sermons/quota`, { headers: { authorization: `Bearer ${token}` } })).json()) as J).used as number;
}

describe('sermons: creation with an Idempotency-Key', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:50,standard:50' });
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t?.app.close();
  });

  const create = (token: string, key: string | undefined, body: Record<string, unknown> = {}) => createSermon(base, token, key, body);
  const db = () => t.app.kit.db;
  const sermonsOf = async (orgId: string) => db().selectFrom('sermons').select(['id', 'title']).where('org_id', '=', orgId).execute();
  const createdEvents = async (sermonId: string) =>
    (await db().selectFrom('outbox').select('id').where('type', '=', 'sermons.sermon.created.v1').where('key', '=', sermonId).execute()).length;
  const quotaUsed = (token: string) => quotaUsedOf(base, token);

  it('the same key twice gives the first sermon back: one record, one created event, one quota unit, the same upload key', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    const key = randomUUID();
    const first = await create(token, key);
    assert.equal(first.status, 201, await first.clone().text());
    const firstBody = (await first.json()) as J;
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const again = await create(token, key);
    assert.equal(again.status, 201, await again.clone().text());
    const againBody = (await again.json()) as J;
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(againBody.sermon.id, firstBody.sermon.id);
    assert.equal(againBody.upload.key, firstBody.upload.key, 'the retry uploads into the key reserved the first time');
    assert.equal(againBody.upload.headers['content-type'], 'audio/mpeg');
    assert.deepEqual((await sermonsOf(org)).map((s) => s.id), [firstBody.sermon.id]);
    assert.equal(await createdEvents(firstBody.sermon.id), 1);
    assert.equal(await quotaUsed(token), 1);
  });

  it('two requests with one key at the same moment make one sermon', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    const key = randomUUID();
    const answers = await Promise.all([create(token, key), create(token, key), create(token, key)]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as J[];
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 201], JSON.stringify(bodies));
    assert.equal(new Set(bodies.map((b) => b.sermon.id)).size, 1);
    assert.equal((await sermonsOf(org)).length, 1);
    assert.equal(await quotaUsed(token), 1);
  });

  it('the same key with a different request is a 409 that creates nothing', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    const key = randomUUID();
    assert.equal((await create(token, key)).status, 201);
    for (const change of [{ title: 'Hope' }, { file: { ...file, size: 4321 } }, { recordedAt: '2026-11-16' }]) {
      const reused = await create(token, key, change);
      assert.equal(reused.status, 409, JSON.stringify(change));
      const problem = (await reused.json()) as J;
      assert.equal(problem.reason, 'idempotency_key_reused');
      assert.equal(problem.detail, 'This Idempotency-Key was already used for a different request. Send a new key for a new request, or the same request to get its result.');
    }
    // Another user of the same church sending the same key and body does not get that user's sermon.
    const other = await create(await t.token(org, 'STAFF'), key);
    assert.equal(other.status, 409);
    assert.equal((await sermonsOf(org)).length, 1);
    assert.equal(await quotaUsed(token), 1);
  });

  it('keys of another organization do not collide; requests without a key create each time, as before', async () => {
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const [tokenA, tokenB] = [await t.token(orgA, 'PASTOR'), await t.token(orgB, 'PASTOR')];
    const key = randomUUID();
    const a = (await (await create(tokenA, key)).json()) as J;
    const b = (await (await create(tokenB, key)).json()) as J;
    assert.notEqual(a.sermon.id, b.sermon.id);
    assert.equal(b.sermon.orgId, orgB);
    assert.equal((await sermonsOf(orgB)).length, 1);
    assert.equal((await create(tokenA, undefined)).status, 201);
    assert.equal((await create(tokenA, undefined)).status, 201);
    assert.equal((await sermonsOf(orgA)).length, 3);
    assert.equal(await quotaUsed(tokenA), 3);
  });

  it('refuses a malformed key with 400 and creates nothing', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    for (const key of ['short', 'x'.repeat(256), 'has space inside']) {
      const answer = await create(token, key);
      assert.equal(answer.status, 400, key);
      assert.equal(((await answer.json()) as J).reason, 'bad_idempotency_key');
    }
    assert.equal((await sermonsOf(org)).length, 0);
  });

  it('after the upload arrived a replay has nothing left to upload; after a delete it is a 409', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    const key = randomUUID();
    const first = (await (await create(token, key)).json()) as J;
    await db().updateTable('sermons').set({ temporary_media_path: first.upload.key }).where('id', '=', first.sermon.id).execute();
    const replay = (await (await create(token, key)).json()) as J;
    assert.equal(replay.sermon.id, first.sermon.id);
    assert.equal(replay.upload, undefined);
    const removed = await fetch(`${base}/api/sermons/sermons/${first.sermon.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    assert.equal(removed.status, 204);
    const afterDelete = await create(token, key);
    assert.equal(afterDelete.status, 409);
    assert.equal(((await afterDelete.json()) as J).reason, 'idempotency_key_spent');
    assert.equal((await sermonsOf(org)).length, 0);
  });

  it('an expired key is forgotten: the same key creates anew, and the purge deletes expired keys', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    const key = randomUUID();
    const first = (await (await create(token, key)).json()) as J;
    const stored = await db().selectFrom('idempotency_keys').select(['expires_at', 'created_at', 'resource_id']).where('org_id', '=', org).executeTakeFirstOrThrow();
    assert.equal(stored.resource_id, first.sermon.id);
    const hours = (stored.expires_at.getTime() - stored.created_at.getTime()) / 3600_000;
    assert.equal(hours, 24);
    await db().updateTable('idempotency_keys').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('org_id', '=', org).execute();
    const second = (await (await create(token, key)).json()) as J;
    assert.notEqual(second.sermon.id, first.sermon.id);
    assert.equal((await sermonsOf(org)).length, 2);
    await db().updateTable('idempotency_keys').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('org_id', '=', org).execute();
    assert.ok((await purgeExpiredIdempotencyKeys(db())) >= 1);
    assert.equal((await db().selectFrom('idempotency_keys').select('key').where('org_id', '=', org).execute()).length, 0);
  });
});

/**
 * A TCP proxy to Postgres that, once armed, lets the COMMIT of the next transaction that inserted a
 * sermon through and then cuts that connection instead of carrying the server's answer: the commit
 * is durable, the service never hears it — the race session 11's CI met when Postgres stopped.
 */
async function commitAnswerCutter(target: URL): Promise<{ url: string; arm(): void; cuts: number; close(): Promise<void> }> {
  let armed = false;
  const state = { cuts: 0 };
  const proxy = await tcpProxy(target, (link) => {
    let insertedSermon = false;
    let cutAnswer = false;
    return {
      toServer(chunk) {
        const text = chunk.toString('latin1');
        if (text.includes('insert into "sermons"')) insertedSermon = true;
        if (/\brollback\b/i.test(text)) insertedSermon = false;
        if (armed && insertedSermon && /\bcommit\b/i.test(text)) {
          armed = false;
          cutAnswer = true;
        }
        return chunk;
      },
      toClient(chunk) {
        if (!cutAnswer) return chunk;
        state.cuts += 1;
        link.cut();
        return undefined;
      },
    };
  });
  return {
    url: proxy.url,
    arm: () => void (armed = true),
    get cuts() {
      return state.cuts;
    },
    close: () => proxy.close(),
  };
}

describe('sermons: a creation whose commit went through but whose answer was lost', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let cutter: Awaited<ReturnType<typeof commitAnswerCutter>>;

  beforeAll(async () => {
    cutter = await commitAnswerCutter(new URL((await isolatedServiceEnv('sermons')).DATABASE_URL!));
    t = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:50,standard:50', DATABASE_URL: cutter.url });
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t?.app.close();
    await cutter?.close();
  });

  const create = (token: string, key: string | undefined) => createSermon(base, token, key);
  const sermonsOf = async (orgId: string) => t.app.kit.db.selectFrom('sermons').select('id').where('org_id', '=', orgId).execute();
  const quotaUsed = (token: string) => quotaUsedOf(base, token);

  it('is refused 503 though stored; retried with its key it answers that sermon: one record, one quota unit', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    const key = randomUUID();
    cutter.arm();
    const refused = await create(token, key);
    assert.equal(refused.status, 503, await refused.clone().text());
    assert.equal(cutter.cuts, 1);
    const stored = await sermonsOf(org);
    assert.equal(stored.length, 1, 'the commit went through although the answer was a refusal');
    const retried = await create(token, key);
    assert.equal(retried.status, 201, await retried.clone().text());
    assert.equal(retried.headers.get('idempotent-replayed'), 'true');
    assert.equal(((await retried.json()) as J).sermon.id, stored[0]!.id);
    assert.equal((await sermonsOf(org)).length, 1);
    assert.equal(await quotaUsed(token), 1);
  });

  it('without a key the same retry makes a second sermon (why the staff UI always sends one)', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    cutter.arm();
    assert.equal((await create(token, undefined)).status, 503);
    assert.equal((await create(token, undefined)).status, 201);
    assert.equal((await sermonsOf(org)).length, 2);
    assert.equal(await quotaUsed(token), 2);
  });
});
