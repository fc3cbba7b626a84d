import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { decodeJwt } from 'jose';
import type { Role } from '../src/domain/role.resolution.ts';
import { API, bearer, buildTestApp, seedOrganization, seedUser, session } from './helper.ts';

describe('role resolution and navigation through the API', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let orgId: string;
  beforeAll(async () => {
    built = await buildTestApp();
    orgId = await seedOrganization(built.app, 'Roles Church');
  });
  afterAll(() => built?.app.close());

  const table: { name: string; userRole: Role; custom: string[]; expected: Role | null }[] = [
    { name: 'no custom roles: the users-table role', userRole: 'STAFF', custom: [], expected: 'STAFF' },
    { name: 'custom roles win over the users table, highest first', userRole: 'MEMBER', custom: ['VOLUNTEER', 'PASTOR', 'STAFF'], expected: 'PASTOR' },
    { name: 'ADMIN beats everything', userRole: 'VOLUNTEER', custom: ['MEMBER', 'ADMIN'], expected: 'ADMIN' },
    { name: 'a lower custom role still replaces a higher users-table role', userRole: 'ADMIN', custom: ['VOLUNTEER'], expected: 'VOLUNTEER' },
    { name: 'unknown custom role strings are ignored', userRole: 'MEMBER', custom: ['OWNER'], expected: 'MEMBER' },
  ];
  for (const row of table) {
    it(row.name, async () => {
      const user = await seedUser(built.app, { orgId, role: row.userRole, customRoles: row.custom });
      const s = await session(built.app, user.email);
      assert.equal(decodeJwt(s.token).role, row.expected);
      assert.equal((await built.app.inject({ url: `${API}/me`, headers: bearer(s.token) })).json().role, row.expected);
    });
  }

  const nav = async (role: Role, email?: string) => {
    const user = await seedUser(built.app, { orgId, role, ...(email ? { email } : {}) });
    const me = (await built.app.inject({ url: `${API}/me`, headers: bearer((await session(built.app, user.email)).token) })).json();
    return { labels: me.navigation.map((i: { label: string }) => i.label).join(','), home: me.homePath, me };
  };

  it('navigation and landing page for each of the five roles', async () => {
    assert.deepEqual(await nav('ADMIN').then((n) => [n.labels, n.home]), ['Dashboard,Sermons,Settings', '/dashboard']);
    assert.deepEqual(await nav('PASTOR').then((n) => [n.labels, n.home]), ['Dashboard,Sermons,Settings', '/dashboard']);
    assert.deepEqual(await nav('STAFF').then((n) => [n.labels, n.home]), ['Dashboard,Sermons,Settings', '/dashboard']);
    assert.deepEqual(await nav('MEMBER').then((n) => [n.labels, n.home]), ['Dashboard,Settings', '/member/dashboard']);
    assert.deepEqual(await nav('VOLUNTEER').then((n) => [n.labels, n.home]), ['Dashboard,Sermons,Settings', '/member/dashboard']);
  });

  it('company-domain staff see Members and Communications; a staff user sees Console only with the flag', async () => {
    const company = await nav('STAFF', 'pat@lectern.church');
    assert.equal(company.labels, 'Dashboard,Sermons,Members,Communications,Settings');
    assert.equal(company.me.companyDomain, true);
    assert.equal((await nav('MEMBER', 'mo@lectern.app')).labels, 'Dashboard,Settings', 'the domain alone is not enough: staff role needed');

    await built.app.kit.db.insertInto('staff_users').values({ email: 'Console@Lectern.app', status: 'active' }).execute();
    await built.app.kit.db.insertInto('staff_users').values({ email: 'former@lectern.app', status: 'inactive' }).execute();
    const before = await nav('ADMIN', 'console@lectern.app');
    assert.equal(before.me.staffUser, true);
    assert.ok(!before.labels.includes('Console'));
    await built.app.kit.db.updateTable('feature_flags').set({ enabled: true }).where('key', '=', 'features_staff_console_enabled').execute();
    const withFlag = await built.app.inject({ url: `${API}/me`, headers: bearer((await session(built.app, 'console@lectern.app')).token) });
    assert.ok(withFlag.json().navigation.some((i: { label: string }) => i.label === 'Console'));
    assert.equal(decodeJwt((await session(built.app, 'console@lectern.app')).token).staff, true);
    const former = await nav('ADMIN', 'former@lectern.app');
    assert.equal(former.me.staffUser, false);
    assert.ok(!former.labels.includes('Console'));
  });

  it('flags the onboarding check for a user without organization or names', async () => {
    const noOrg = await seedUser(built.app, { orgId: null });
    const noNames = await seedUser(built.app, { orgId, firstName: null, lastName: null });
    const oneName = await seedUser(built.app, { orgId, firstName: null, lastName: 'Only' });
    for (const [user, expected] of [[noOrg, true], [noNames, true], [oneName, false]] as const) {
      assert.equal((await session(built.app, user.email)).body.user && ((await session(built.app, user.email)).body.user as { needsOnboarding: boolean }).needsOnboarding, expected);
    }
  });
});
