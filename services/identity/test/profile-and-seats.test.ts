import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { API, bearer, buildTestApp, companyEmail, PASSWORD, seedOrganization, seedUser, session, solvedCaptcha } from './helper.ts';

describe('settings: own profile and staff seats', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    built = await buildTestApp();
  });
  afterAll(async () => {
  await built?.app.close();
});

  it('PATCH /me changes first and last name only (trimmed); e-mail and role stay; blanks are refused with a message', async () => {
    const orgId = await seedOrganization(built.app);
    const member = await seedUser(built.app, { orgId, role: 'MEMBER' });
    const { token } = await session(built.app, member.email);
    const res = await built.app.inject({ method: 'PATCH', url: `${API}/me`, headers: bearer(token), payload: { firstName: '  Grace ', lastName: 'Hopper', email: 'evil@example.org', role: 'ADMIN' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'User profile saved successfully');
    assert.deepEqual([res.json().user.firstName, res.json().user.lastName, res.json().user.email, res.json().user.role], ['Grace', 'Hopper', member.email, 'MEMBER']);
    const row = await built.app.kit.db.selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.first_name, row.last_name, row.email, row.role], ['Grace', 'Hopper', member.email, 'MEMBER']);
    const blank = await built.app.inject({ method: 'PATCH', url: `${API}/me`, headers: bearer(token), payload: { firstName: ' ', lastName: 'X' } });
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json().detail, 'First name is required.');
    assert.equal((await built.app.inject({ method: 'PATCH', url: `${API}/me`, payload: { firstName: 'A', lastName: 'B' } })).statusCode, 401);
  });

  it('a fifth staff seat is refused: no invite into a full organization, and an invite accepted after the seats filled is refused with the reason', async () => {
    const orgId = await seedOrganization(built.app);
    const admin = await seedUser(built.app, { orgId, role: 'ADMIN', email: companyEmail('admin') });
    await seedUser(built.app, { orgId, role: 'PASTOR' });
    await seedUser(built.app, { orgId, role: 'MEMBER' });
    const { token } = await session(built.app, admin.email);
    const invite = async (email: string) => built.app.inject({ method: 'POST', url: `${API}/invites`, headers: bearer(token), payload: { email, role: 'STAFF' } });
    const third = (await invite('third@example.org')).json().invite;
    const fourth = (await invite('fourth@example.org')).json().invite;
    const fifth = (await invite('fifth@example.org')).json().invite;
    const accept = async (inviteId: string, email: string) => built.app.inject({
      method: 'POST', url: `${API}/signup`,
      payload: { mode: 'join', inviteId, email, firstName: 'New', lastName: 'Staff', password: PASSWORD, captcha: await solvedCaptcha(built.app) },
    });
    assert.equal((await accept(third.id, 'third@example.org')).statusCode, 201);
    assert.equal((await accept(fourth.id, 'fourth@example.org')).statusCode, 201);
    const team = await built.app.inject({ url: `${API}/organization/users`, headers: bearer(token) });
    assert.deepEqual(team.json().seats, { used: 4, total: 4 });
    const refused = await accept(fifth.id, 'fifth@example.org');
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().reason, 'seats_full');
    assert.match(refused.json().detail, /All 4 staff seats/);
    // Nothing half-written: no user, invite still pending.
    assert.equal(await built.app.kit.db.selectFrom('users').select('id').where('email', '=', 'fifth@example.org').executeTakeFirst(), undefined);
    const pending = await built.app.kit.db.selectFrom('invite_tokens').select('used_at').where('id', '=', fifth.id).executeTakeFirstOrThrow();
    assert.equal(pending.used_at, null);
    const more = await invite('sixth@example.org');
    assert.equal(more.statusCode, 409);
    assert.equal(more.json().reason, 'seats_full');
  });
});
