import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  ROLES,
  emailDomain,
  homePathFor,
  isCompanyDomainEmail,
  isStaffUser,
  navigationFor,
  resolvePrimaryRole,
  roleFlags,
  type Role,
} from '../../src/domain/role.resolution.ts';

describe('primary role (spec 000 §6)', () => {
  const cases: [string, string[], string | null, Role | null][] = [
    ['custom ADMIN beats users-table MEMBER', ['ADMIN'], 'MEMBER', 'ADMIN'],
    ['highest of several custom roles (ADMIN > PASTOR)', ['STAFF', 'PASTOR', 'ADMIN'], 'MEMBER', 'ADMIN'],
    ['PASTOR > STAFF', ['STAFF', 'PASTOR'], null, 'PASTOR'],
    ['STAFF > MEMBER', ['MEMBER', 'STAFF'], null, 'STAFF'],
    ['MEMBER > VOLUNTEER', ['VOLUNTEER', 'MEMBER'], null, 'MEMBER'],
    ['a lone VOLUNTEER custom role beats users-table ADMIN', ['VOLUNTEER'], 'ADMIN', 'VOLUNTEER'],
    ['no custom roles: users-table role', [], 'PASTOR', 'PASTOR'],
    ['no custom roles, no users-table role: none', [], null, null],
    ['unknown custom roles are ignored', ['OWNER', 'STAFF'], 'MEMBER', 'STAFF'],
    ['only unknown custom roles: users-table role', ['OWNER'], 'MEMBER', 'MEMBER'],
    ['unknown users-table role: none', [], 'GOD', null],
  ];
  for (const [name, customRoles, userRole, expected] of cases) {
    it(name, () => assert.equal(resolvePrimaryRole({ ok: true, customRoles, userRole }), expected));
  }

  it('a failed lookup yields no role', () => {
    assert.equal(resolvePrimaryRole({ ok: false }), null);
  });
});

describe('derived role flags', () => {
  const table: [Role | null, boolean, boolean, boolean, boolean, boolean][] = [
    // role, isAdmin, isPastor, isStaff, isAdminOrPastor, isAdminOrPastorOrStaff
    ['ADMIN', true, false, false, true, true],
    ['PASTOR', false, true, false, true, true],
    ['STAFF', false, false, true, false, true],
    ['MEMBER', false, false, false, false, false],
    ['VOLUNTEER', false, false, false, false, false],
    [null, false, false, false, false, false],
  ];
  for (const [role, isAdmin, isPastor, isStaff, isAdminOrPastor, isAdminOrPastorOrStaff] of table) {
    it(`${role ?? 'no role'}`, () =>
      assert.deepEqual(roleFlags(role), { role, isAdmin, isPastor, isStaff, isAdminOrPastor, isAdminOrPastorOrStaff }));
  }
});

describe('post-sign-in redirect', () => {
  const table: [Role | null, string][] = [
    ['ADMIN', '/dashboard'],
    ['PASTOR', '/dashboard'],
    ['STAFF', '/dashboard'],
    ['MEMBER', '/member/dashboard'],
    ['VOLUNTEER', '/member/dashboard'],
    [null, '/dashboard'],
  ];
  for (const [role, path] of table) it(`${role ?? 'no role'} → ${path}`, () => assert.equal(homePathFor(role), path));
});

describe('navigation table (spec 000 §2)', () => {
  // Expected items for each role with and without a company-domain e-mail, console aside.
  const table: [Role | null, boolean, string[]][] = [
    ['ADMIN', false, ['Dashboard /dashboard', 'Sermons /sermons', 'Settings /settings']],
    ['ADMIN', true, ['Dashboard /dashboard', 'Sermons /sermons', 'Members /members', 'Communications /communications', 'Settings /settings']],
    ['PASTOR', false, ['Dashboard /dashboard', 'Sermons /sermons', 'Settings /settings']],
    ['PASTOR', true, ['Dashboard /dashboard', 'Sermons /sermons', 'Members /members', 'Communications /communications', 'Settings /settings']],
    ['STAFF', false, ['Dashboard /dashboard', 'Sermons /sermons', 'Settings /settings']],
    ['STAFF', true, ['Dashboard /dashboard', 'Sermons /sermons', 'Members /members', 'Communications /communications', 'Settings /settings']],
    ['MEMBER', false, ['Dashboard /member/dashboard', 'Settings /settings']],
    ['MEMBER', true, ['Dashboard /member/dashboard', 'Settings /settings']],
    ['VOLUNTEER', false, ['Dashboard /member/dashboard', 'Sermons /sermons', 'Settings /settings']],
    ['VOLUNTEER', true, ['Dashboard /member/dashboard', 'Sermons /sermons', 'Settings /settings']],
    [null, false, ['Dashboard /dashboard', 'Sermons /sermons', 'Settings /settings']],
    [null, true, ['Dashboard /dashboard', 'Sermons /sermons', 'Settings /settings']],
  ];
  const render = (role: Role | null, companyDomain: boolean, staffUser: boolean, staffConsoleEnabled: boolean) =>
    navigationFor({ role, companyDomain, staffUser, staffConsoleEnabled }).map((i) => `${i.label} ${i.path}`);

  for (const [role, companyDomain, expected] of table) {
    for (const staffUser of [false, true]) {
      for (const flag of [false, true]) {
        const withConsole = staffUser && flag ? [...expected.slice(0, -1), 'Console /console', 'Settings /settings'] : expected;
        it(`${role ?? 'no role'}, company domain ${companyDomain}, staff user ${staffUser}, console flag ${flag}`, () =>
          assert.deepEqual(render(role, companyDomain, staffUser, flag), withConsole));
      }
    }
  }

  it('covers every role', () => {
    assert.deepEqual(new Set(table.map(([r]) => r).filter(Boolean)), new Set(ROLES));
  });
});

describe('company domain and staff user', () => {
  const domains = ['lectern.app', 'Lectern.Church'];
  const cases: [string, boolean][] = [
    ['pat@lectern.app', true],
    ['Pat@LECTERN.APP', true],
    [' pat@lectern.church ', true],
    ['pat@evil-lectern.app', false],
    ['pat@lectern.app.evil.com', false],
    ['pat@mail.lectern.app', false],
    ['lectern.app@gmail.com', false],
    ['pat@', false],
    ['lectern.app', false],
    ['', false],
  ];
  for (const [email, expected] of cases) it(`${JSON.stringify(email)} → ${expected}`, () => assert.equal(isCompanyDomainEmail(email, domains), expected));

  it('no configured company domains: nobody is company staff', () => assert.equal(isCompanyDomainEmail('pat@lectern.app', []), false));

  it('emailDomain takes the part after the last @', () => {
    assert.equal(emailDomain('"a@b"@Example.org'), 'example.org');
    assert.equal(emailDomain('@example.org'), null);
    assert.equal(emailDomain('nobody'), null);
  });

  it('staff user needs an active row with the same e-mail (case-insensitive)', () => {
    const rows = [
      { email: 'Ops@Lectern.app', status: 'active' },
      { email: 'gone@lectern.app', status: 'inactive' },
      { email: 'unknown@lectern.app', status: null },
    ];
    assert.equal(isStaffUser('ops@lectern.app', rows), true);
    assert.equal(isStaffUser('gone@lectern.app', rows), false);
    assert.equal(isStaffUser('unknown@lectern.app', rows), false);
    assert.equal(isStaffUser('other@lectern.app', rows), false);
    assert.equal(isStaffUser('ops@lectern.app', []), false);
  });
});
