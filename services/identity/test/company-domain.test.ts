// Spec 001 §6: team and invites are for staff roles on a verified company-domain e-mail; every
// other caller is refused with 403, and another organization's rows stay invisible.
import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { API, bearer, buildTestApp, companyEmail, seedOrganization, seedUser, session } from './helper.ts';

describe('company-domain rule on team and invites', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  const tokens: Record<string, string> = {};
  let foreignInvite: string;

  beforeAll(async () => {
    built = await buildTestApp();
    const orgId = await seedOrganization(built.app);
    const otherOrg = await seedOrganization(built.app);
    // The refused admins sit in an organization of their own, so orgId's seats stay free for the invites.
    const refusedOrg = await seedOrganization(built.app);
    const people = {
      internalAdmin: { role: 'ADMIN' as const, email: companyEmail('admin') },
      internalPastor: { role: 'PASTOR' as const, email: companyEmail('pastor') },
      internalStaff: { role: 'STAFF' as const, email: companyEmail('staff') },
      internalMember: { role: 'MEMBER' as const, email: companyEmail('member') },
      externalAdmin: { role: 'ADMIN' as const, email: undefined },
      unverifiedInternalAdmin: { role: 'ADMIN' as const, email: companyEmail('unverified'), verified: false },
    };
    for (const [name, p] of Object.entries(people)) {
      const home = name === 'externalAdmin' || name === 'unverifiedInternalAdmin' ? refusedOrg : orgId;
      const user = await seedUser(built.app, { orgId: home, role: p.role, ...(p.email ? { email: p.email } : {}) });
      tokens[name] = (await session(built.app, user.email)).token;
      if ('verified' in p) await built.app.kit.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', user.id).execute();
    }
    // An unverified address cannot sign in; its token is minted from the claims identity would give.
    const unverified = await built.app.kit.db.selectFrom('users').select(['id', 'email', 'org_id']).where('email', '=', people.unverifiedInternalAdmin.email).executeTakeFirstOrThrow();
    tokens.unverifiedInternalAdmin = (await built.app.identity.tokens.sign({ sub: unverified.id, org: unverified.org_id, role: 'ADMIN', email: unverified.email, staff: false, cd: false })).token;
    const foreignAdmin = await seedUser(built.app, { orgId: otherOrg, role: 'ADMIN', email: companyEmail('foreign') });
    const foreignToken = (await session(built.app, foreignAdmin.email)).token;
    foreignInvite = (await built.app.inject({ method: 'POST', url: `${API}/invites`, headers: bearer(foreignToken), payload: { email: 'foreign-invitee@example.org' } })).json().invite.id;
  });
  afterAll(async () => {
  await built?.app.close();
});

  const routes = [
    { method: 'GET', url: '/organization/users', allowed: ['internalAdmin', 'internalPastor', 'internalStaff'] },
    { method: 'GET', url: '/invites', allowed: ['internalAdmin', 'internalPastor'] },
    { method: 'POST', url: '/invites', body: () => ({ email: `inv-${Math.random().toString(36).slice(2)}@example.org` }), allowed: ['internalAdmin', 'internalPastor'], created: 201 },
  ] as const;

  for (const route of routes) {
    it(`${route.method} ${route.url}: ${route.allowed.join(', ')} only`, async () => {
      for (const name of ['internalAdmin', 'internalPastor', 'internalStaff', 'internalMember', 'externalAdmin', 'unverifiedInternalAdmin']) {
        const res = await built.app.inject({ method: route.method, url: `${API}${route.url}`, headers: bearer(tokens[name]!), ...('body' in route ? { payload: route.body() } : {}) });
        const expected = (route.allowed as readonly string[]).includes(name) ? ('created' in route ? route.created : 200) : 403;
        assert.equal(res.statusCode, expected, `${name}: ${res.body}`);
      }
      assert.equal((await built.app.inject({ method: route.method, url: `${API}${route.url}` })).statusCode, 401);
    });
  }

  it('DELETE /invites/:id: a non-internal ADMIN is refused; another organization\'s invite is 404 and stays pending', async () => {
    assert.equal((await built.app.inject({ method: 'DELETE', url: `${API}/invites/${foreignInvite}`, headers: bearer(tokens.externalAdmin!) })).statusCode, 403);
    assert.equal((await built.app.inject({ method: 'DELETE', url: `${API}/invites/${foreignInvite}`, headers: bearer(tokens.internalAdmin!) })).statusCode, 404);
    const row = await built.app.kit.db.selectFrom('invite_tokens').select('used_at').where('id', '=', foreignInvite).executeTakeFirstOrThrow();
    assert.equal(row.used_at, null);
    const listed = (await built.app.inject({ url: `${API}/invites`, headers: bearer(tokens.internalAdmin!) })).json().items;
    assert.ok(listed.every((i: { id: string }) => i.id !== foreignInvite));
  });
});
