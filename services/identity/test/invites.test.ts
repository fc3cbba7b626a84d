import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { API, bearer, buildTestApp, companyEmail, openMailLink, outboxEvents, PASSWORD, seedOrganization, seedUser, session, solvedCaptcha } from './helper.ts';

describe('invites and organization isolation', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let orgA: string;
  let orgB: string;
  let adminA: string;
  let pastorA: string;
  let staffA: string;
  let adminB: string;
  const invite = (token: string, payload: Record<string, unknown>) => built.app.inject({ method: 'POST', url: `${API}/invites`, headers: bearer(token), payload });

  beforeAll(async () => {
    built = await buildTestApp();
    orgA = await seedOrganization(built.app, 'Org A');
    orgB = await seedOrganization(built.app, 'Org B');
    // Team and invites are company-only screens: these users are on a company domain.
    adminA = (await session(built.app, (await seedUser(built.app, { orgId: orgA, role: 'ADMIN', firstName: 'Ada', lastName: 'Admin', email: companyEmail('admin') })).email)).token;
    pastorA = (await session(built.app, (await seedUser(built.app, { orgId: orgA, role: 'PASTOR', email: companyEmail('pastor') })).email)).token;
    staffA = (await session(built.app, (await seedUser(built.app, { orgId: orgA, role: 'STAFF', email: companyEmail('staff') })).email)).token;
    adminB = (await session(built.app, (await seedUser(built.app, { orgId: orgB, role: 'ADMIN', email: companyEmail('admin-b') })).email)).token;
  });
  afterAll(async () => {
  await built?.app.close();
});

  it('ADMIN and PASTOR invite STAFF or PASTOR (default STAFF); others are refused; bad input has its message', async () => {
    const made = await invite(adminA, { email: 'New.Staff@Example.org' });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.json().message, 'Invite sent to new.staff@example.org');
    assert.equal(made.json().invite.role, 'STAFF');
    assert.equal(made.json().invite.link, `http://localhost:8080/signup?invite=${made.json().invite.id}`);
    assert.equal((await invite(pastorA, { email: 'p2@example.org', role: 'PASTOR' })).statusCode, 201);
    assert.equal((await invite(staffA, { email: 'x@example.org' })).statusCode, 403);
    assert.equal((await invite(adminA, { email: 'x@example.org', role: 'ADMIN' })).json().detail, 'Invite role must be STAFF or PASTOR.');
    assert.equal((await invite(adminA, { email: '' })).json().detail, 'Email is required.');
    assert.equal((await invite(adminA, { email: 'nope' })).json().detail, 'Enter a valid email address');
    // The invite id grants the signup: on Kafka it is only inside the sealed link, bound to the digest.
    const inviteId = made.json().invite.id;
    const inviteRef = createHash('sha256').update(inviteId).digest('hex');
    const [event] = (await outboxEvents(built.app, 'identity.invite.created.v1')).filter((e) => e.subject === inviteRef);
    assert.ok(event);
    assert.equal(event.orgId, orgA);
    assert.equal(event.data.inviteRef, inviteRef);
    assert.ok(!JSON.stringify(event).includes(inviteId), 'no plain invite id in the event');
    assert.equal(openMailLink(built.env, inviteRef, event.data.sealedInviteUrl), made.json().invite.link);
    assert.throws(() => openMailLink(built.env, createHash('sha256').update(randomUUID()).digest('hex'), event.data.sealedInviteUrl), 'the sealed link opens only for its invite');
    assert.equal(event.data.organizationName, 'Org A');
    assert.equal(event.data.inviterName, 'Ada Admin');
  });

  it('lifecycle: listed pending newest first, looked up publicly, used once at signup with its role, then gone', async () => {
    const first = (await invite(adminA, { email: 'first@example.org' })).json().invite;
    const second = (await invite(adminA, { email: 'second@example.org', role: 'PASTOR' })).json().invite;
    const list = (await built.app.inject({ url: `${API}/invites`, headers: bearer(adminA) })).json().items.map((i: { id: string }) => i.id);
    assert.ok(list.indexOf(second.id) < list.indexOf(first.id), 'newest first');
    const lookup = await built.app.inject({ url: `${API}/invites/${second.id}` });
    assert.equal(lookup.statusCode, 200);
    assert.deepEqual({ email: lookup.json().email, role: lookup.json().role, org: lookup.json().organizationName }, { email: 'second@example.org', role: 'PASTOR', org: 'Org A' });

    // The form's e-mail and organization are ignored: the invite's win.
    const signup = await built.app.inject({
      method: 'POST', url: `${API}/signup`,
      payload: { mode: 'join', inviteId: second.id, organizationId: orgB, email: 'attacker@example.org', firstName: 'Sam', lastName: 'Second', password: PASSWORD, captcha: await solvedCaptcha(built.app) },
    });
    assert.equal(signup.statusCode, 201, signup.body);
    const user = await built.app.kit.db.selectFrom('users').selectAll().where('id', '=', signup.json().userId).executeTakeFirstOrThrow();
    assert.deepEqual([user.email, user.org_id, user.role], ['second@example.org', orgA, 'PASTOR']);
    // Org A now uses all 4 staff seats (profile-and-seats.test.ts); free one for the tests below.
    await built.app.kit.db.updateTable('users').set({ role: 'MEMBER' }).where('id', '=', user.id).execute();
    assert.equal((await built.app.inject({ url: `${API}/invites/${second.id}` })).statusCode, 404);
    const reuse = await built.app.inject({
      method: 'POST', url: `${API}/signup`,
      payload: { mode: 'join', inviteId: second.id, email: 'x2@example.org', firstName: 'Sam', lastName: 'Second', password: PASSWORD, captcha: await solvedCaptcha(built.app) },
    });
    assert.equal(reuse.statusCode, 400);
    assert.equal(reuse.json().detail, 'Invalid or expired invite link. Please contact your administrator.');
    const after = (await built.app.inject({ url: `${API}/invites`, headers: bearer(adminA) })).json().items.map((i: { id: string }) => i.id);
    assert.ok(!after.includes(second.id) && after.includes(first.id));
  });

  it('an expired invite is neither listed, shown nor usable', async () => {
    const made = (await invite(adminA, { email: 'late@example.org' })).json().invite;
    await built.app.kit.db.updateTable('invite_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', made.id).execute();
    assert.equal((await built.app.inject({ url: `${API}/invites/${made.id}` })).json().detail, 'Invalid or expired invite link. Please contact your administrator.');
    const list = (await built.app.inject({ url: `${API}/invites`, headers: bearer(adminA) })).json().items.map((i: { id: string }) => i.id);
    assert.ok(!list.includes(made.id));
    const signup = await built.app.inject({ method: 'POST', url: `${API}/signup`, payload: { mode: 'join', inviteId: made.id, email: 'late@example.org', firstName: 'L', lastName: 'Ate', password: PASSWORD, captcha: await solvedCaptcha(built.app) } });
    assert.equal(signup.statusCode, 400);
  });

  it('revoke: only pending, only own organization (another organization sees 404), then unusable', async () => {
    const made = (await invite(adminA, { email: 'revoke-me@example.org' })).json().invite;
    const foreign = await built.app.inject({ method: 'DELETE', url: `${API}/invites/${made.id}`, headers: bearer(adminB) });
    assert.equal(foreign.statusCode, 404);
    assert.equal((await built.app.inject({ method: 'DELETE', url: `${API}/invites/${made.id}`, headers: bearer(staffA) })).statusCode, 403);
    const ok = await built.app.inject({ method: 'DELETE', url: `${API}/invites/${made.id}`, headers: bearer(pastorA) });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().message, 'Invite revoked successfully');
    const twice = await built.app.inject({ method: 'DELETE', url: `${API}/invites/${made.id}`, headers: bearer(adminA) });
    assert.equal(twice.statusCode, 409);
    assert.equal(twice.json().detail, 'Failed to revoke invite');
    assert.equal((await built.app.inject({ url: `${API}/invites/${made.id}` })).statusCode, 404);
    assert.equal((await outboxEvents(built.app, 'identity.invite.revoked.v1')).filter((e) => e.subject === createHash('sha256').update(made.id).digest('hex')).length, 1);
  });

  it('an organization never sees another organization\'s invites, users or flag overrides', async () => {
    await invite(adminB, { email: 'b-only@example.org' });
    const listA = (await built.app.inject({ url: `${API}/invites`, headers: bearer(adminA) })).json().items;
    assert.ok(listA.every((i: { email: string }) => i.email !== 'b-only@example.org'));
    const usersA = (await built.app.inject({ url: `${API}/organization/users`, headers: bearer(adminA) })).json();
    const usersB = (await built.app.inject({ url: `${API}/organization/users`, headers: bearer(adminB) })).json();
    const idsA = new Set(usersA.items.map((u: { id: string }) => u.id));
    assert.ok(usersB.items.length >= 1 && usersB.items.every((u: { id: string }) => !idsA.has(u.id)));
    assert.equal(usersA.seats.total, 4);

    // Flags: only company staff change them; an override for org B is not seen by org A.
    const staffUser = await seedUser(built.app, { orgId: orgA, role: 'STAFF', email: 'ops@lectern.app' });
    await built.app.kit.db.insertInto('staff_users').values({ email: 'ops@lectern.app', status: 'active' }).execute();
    const console = (await session(built.app, staffUser.email)).token;
    assert.equal((await built.app.inject({ method: 'PUT', url: `${API}/flags/show-test-banner`, headers: bearer(adminA), payload: { enabled: true } })).statusCode, 403);
    const set = await built.app.inject({ method: 'PUT', url: `${API}/flags/show-test-banner`, headers: bearer(console), payload: { enabled: true, orgId: orgB } });
    assert.equal(set.statusCode, 200, set.body);
    const flagsOf = async (token?: string) => (await built.app.inject({ url: `${API}/flags`, headers: token ? bearer(token) : {} })).json().flags;
    assert.equal((await flagsOf(adminB))['show-test-banner'], true);
    assert.equal((await flagsOf(adminA))['show-test-banner'], false);
    assert.equal((await flagsOf())['show-test-banner'], false);
    assert.equal((await flagsOf('not-a-token')).signup_enabled, true, 'a bad token reads the public flags');
    assert.equal((await built.app.inject({ method: 'PUT', url: `${API}/flags/no-such-flag`, headers: bearer(console), payload: { enabled: true } })).statusCode, 404);
  });
});
