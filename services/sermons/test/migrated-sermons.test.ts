// Migrated sermons (the RSS migration's internal routes) count like uploads: the organization's
// quota by plan and the pipeline capacity; a repeated create is free; Clear gives the unit back.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test, beforeAll, afterAll } from '@jest/globals';
import { buildTestApp, INTERNAL_TOKEN } from './helper.ts';

let built: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  built = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:1,standard:2', SERMON_DEFAULT_PLAN: 'standard' });
  await built.app.ready();
});
afterAll(async () => {
  await built?.app.close();
});

const internal = { authorization: `Bearer ${INTERNAL_TOKEN}` };
const createMigrated = (id: string, orgId: string) =>
  built.app.inject({
    method: 'PUT',
    url: `/api/sermons/internal/migrated-sermons/${id}`,
    headers: internal,
    payload: { orgId, title: `Feed video ${id.slice(0, 4)}`, recordedOn: null, createdBy: randomUUID(), uploadKey: `migration/m/${id}.mp4` },
  });

async function used(orgId: string): Promise<number> {
  const token = await built.token(orgId, 'PASTOR');
  return (await built.app.inject({ url: '/api/sermons/quota', headers: { authorization: `Bearer ${token}` } })).json().used as number;
}

test('migrated sermons take units of the plan quota; the one past the limit is refused with the upload-limit message and leaves no record', async () => {
  const orgId = randomUUID();
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  assert.equal((await createMigrated(a, orgId)).statusCode, 200);
  assert.equal((await createMigrated(a, orgId)).statusCode, 200, 'a repeated create finds the same sermon');
  assert.equal(await used(orgId), 1, 'the repeat took no second unit');
  assert.equal((await createMigrated(b, orgId)).statusCode, 200);
  const refused = await createMigrated(c, orgId);
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().reason, 'quota_exceeded');
  assert.match(refused.json().detail, /^Upload limit reached for this cycle\. Resets on /);
  const row = await built.app.sermons.db.selectFrom('sermons').select('id').where('id', '=', c).executeTakeFirst();
  assert.equal(row, undefined, 'no half-made record');
  assert.equal(await used(orgId), 2);
});

test('Clear (remove before review) gives the unit back; another organization has its own quota', async () => {
  const orgId = randomUUID();
  const first = randomUUID();
  assert.equal((await createMigrated(first, orgId)).statusCode, 200);
  assert.equal((await createMigrated(randomUUID(), orgId)).statusCode, 200);
  assert.equal((await createMigrated(randomUUID(), randomUUID())).statusCode, 200, 'other organization unaffected');
  const cleared = await built.app.inject({ method: 'DELETE', url: `/api/sermons/internal/migrated-sermons/${first}`, headers: internal });
  assert.deepEqual(cleared.json(), { removed: true, status: 'PROCESSING' });
  assert.equal(await used(orgId), 1);
  assert.equal((await createMigrated(randomUUID(), orgId)).statusCode, 200, 'the freed unit is usable');
});
