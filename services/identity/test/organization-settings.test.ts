// Settings → Organization: PATCH /organization renames the caller's own organization, ADMIN only
// (every other role 403, signed out 401, no organization 403); the name is required and bounded;
// the rename and identity.organization.renamed.v1 commit together (none when nothing changed).
import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { API, bearer, buildTestApp, outboxEvents, seedOrganization, seedUser, session } from './helper.ts';

describe('PATCH /organization (rename)', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    built = await buildTestApp();
  });
  afterAll(async () => {
    await built?.app.close();
  });

  const tokenOf = async (role: 'ADMIN' | 'PASTOR' | 'STAFF' | 'MEMBER' | 'VOLUNTEER', orgId: string | null) =>
    (await session(built.app, (await seedUser(built.app, { role, orgId })).email)).token;
  const rename = (name: unknown, token?: string) => built.app.inject({ method: 'PATCH', url: `${API}/organization`, headers: token ? bearer(token) : {}, payload: { name } });
  const nameOf = async (orgId: string) => (await built.app.kit.db.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow()).name;
  const renamedEvents = async (orgId: string) => (await outboxEvents(built.app, 'identity.organization.renamed.v1')).filter((e) => e.subject === orgId);

  it('an ADMIN renames their own organization (trimmed); the event carries old and new name; the other organization is untouched', async () => {
    const orgA = await seedOrganization(built.app, 'Grace Church');
    const orgB = await seedOrganization(built.app, 'Hope Chapel');
    const admin = await seedUser(built.app, { role: 'ADMIN', orgId: orgA });
    const { token } = await session(built.app, admin.email);
    const res = await rename('  Grace   Community Church ', token);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { organization: { id: orgA, name: 'Grace Community Church' }, message: 'Organization settings saved successfully' });
    assert.equal(await nameOf(orgA), 'Grace Community Church');
    assert.equal(await nameOf(orgB), 'Hope Chapel');
    const [event] = await renamedEvents(orgA);
    assert.deepEqual(event?.data, { organizationId: orgA, name: 'Grace Community Church', previousName: 'Grace Church', renamedBy: admin.id });
    assert.equal(event?.orgId, orgA);
    const billing = await built.app.inject({ url: `${API}/organization/billing`, headers: bearer(token) });
    assert.equal(billing.json().name, 'Grace Community Church');

    // the same name again changes nothing and publishes nothing
    assert.equal((await rename('Grace Community Church', token)).statusCode, 200);
    assert.equal((await renamedEvents(orgA)).length, 1);
  });

  it('PASTOR, STAFF, VOLUNTEER and MEMBER get 403, signed out 401, an ADMIN without an organization 403; nothing changes', async () => {
    const orgId = await seedOrganization(built.app, 'Cornerstone');
    for (const role of ['PASTOR', 'STAFF', 'VOLUNTEER', 'MEMBER'] as const) {
      const res = await rename('Taken Over', await tokenOf(role, orgId));
      assert.equal(res.statusCode, 403, `${role}: ${res.body}`);
    }
    assert.equal((await rename('Taken Over')).statusCode, 401);
    assert.equal((await rename('Taken Over', await tokenOf('ADMIN', null))).statusCode, 403);
    assert.equal(await nameOf(orgId), 'Cornerstone');
    assert.deepEqual(await renamedEvents(orgId), []);
  });

  it('a blank name or one over 200 characters is refused with the message; NUL is 400; never a 500', async () => {
    const orgId = await seedOrganization(built.app, 'Living Water');
    const token = await tokenOf('ADMIN', orgId);
    const blank = await rename('   ', token);
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json().detail, 'Organization name is required.');
    assert.deepEqual(blank.json().fieldErrors, { name: 'Organization name is required.' });
    const long = await rename('x'.repeat(201), token);
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().detail, 'Organization name must be at most 200 characters.');
    assert.equal((await rename('a\u0000b', token)).statusCode, 400);
    assert.equal(await nameOf(orgId), 'Living Water');
  });
});
