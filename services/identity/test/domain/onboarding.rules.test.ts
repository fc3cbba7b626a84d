import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { consoleGate, memberGate, needsOnboarding, staffGate, validateOnboarding } from '../../src/domain/onboarding.rules.ts';
import { REQUIRED_MESSAGES } from '../../src/domain/signup.rules.ts';

describe('onboarding check (spec 000 §2)', () => {
  const table: [string | null, string | null, string | null, boolean][] = [
    ['org', 'Pat', 'Smith', false],
    ['org', 'Pat', null, false],
    ['org', null, 'Smith', false],
    ['org', null, null, true],
    ['org', ' ', '', true],
    [null, 'Pat', 'Smith', true],
    [null, null, null, true],
  ];
  for (const [orgId, firstName, lastName, expected] of table) {
    it(`org ${orgId}, first ${firstName}, last ${lastName} → ${expected ? '/onboarding' : 'stay'}`, () =>
      assert.equal(needsOnboarding({ orgId, firstName, lastName }, '/dashboard'), expected));
  }
  it('is skipped on /onboarding itself', () => assert.equal(needsOnboarding({ orgId: null, firstName: null, lastName: null }, '/onboarding'), false));
});

describe('gates', () => {
  it('staff gate passes ADMIN, PASTOR, STAFF; sends others to /dashboard', () => {
    for (const role of ['ADMIN', 'PASTOR', 'STAFF'] as const) assert.deepEqual(staffGate(role), { allow: true });
    for (const role of ['MEMBER', 'VOLUNTEER', null] as const) assert.deepEqual(staffGate(role), { allow: false, redirect: '/dashboard' });
  });
  it('member gate sends MEMBER only to /member/dashboard', () => {
    assert.deepEqual(memberGate('MEMBER'), { allow: false, redirect: '/member/dashboard' });
    for (const role of ['ADMIN', 'PASTOR', 'STAFF', 'VOLUNTEER', null] as const) assert.deepEqual(memberGate(role), { allow: true });
  });
  it('console gate: pending until known, needs flag and probe', () => {
    assert.equal(consoleGate(undefined, undefined), 'pending');
    assert.equal(consoleGate(undefined, true), 'pending');
    assert.equal(consoleGate(false, true), 'denied');
    assert.equal(consoleGate(true, undefined), 'pending');
    assert.equal(consoleGate(true, false), 'denied');
    assert.equal(consoleGate(true, true), 'allowed');
  });
});

describe('onboarding form (spec 001 §2)', () => {
  it('creates an organization with the user as ADMIN, then /dashboard', () =>
    assert.deepEqual(validateOnboarding({ firstName: ' Pat ', lastName: 'Smith', organizationName: 'Grace Church ' }), {
      ok: true,
      value: { firstName: 'Pat', lastName: 'Smith', organizationName: 'Grace Church', subdomain: 'grace-church', role: 'ADMIN', planLabel: '$397/month', redirect: '/dashboard' },
    }));
  it('normalises a typed subdomain', () => {
    const result = validateOnboarding({ firstName: 'P', lastName: 'S', organizationName: 'Grace', subdomain: 'My Grace!' });
    assert.equal(result.ok && result.value.subdomain, 'my-grace');
  });
  it('requires all four fields', () =>
    assert.deepEqual(validateOnboarding({ firstName: '', lastName: ' ', organizationName: '' }), {
      ok: false,
      errors: {
        firstName: REQUIRED_MESSAGES.firstName,
        lastName: REQUIRED_MESSAGES.lastName,
        organizationName: REQUIRED_MESSAGES.organizationName,
        subdomain: REQUIRED_MESSAGES.subdomain,
      },
    }));
});
