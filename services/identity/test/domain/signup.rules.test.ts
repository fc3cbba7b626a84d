import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  NEW_ORGANIZATION_DEFAULTS,
  REQUIRED_MESSAGES,
  SIGNUP_MESSAGES,
  decideSubdomain,
  deriveSubdomain,
  domainCheck,
  emailTakenMessage,
  isValidEmail,
  isValidSubdomain,
  nextStepAfterSignup,
  normaliseEmail,
  organizationDomainFor,
  parseSignupQuery,
  resolveJoinOrganization,
  roleForNewUser,
  validateSignupForm,
  type SignupForm,
} from '../../src/domain/signup.rules.ts';

const COMPANY = ['lectern.app', 'lectern.church'];

describe('signup query (spec 001 §2)', () => {
  const q = (s: string) => parseSignupQuery(new URLSearchParams(s));
  it('defaults: standard, monthly, create', () =>
    assert.deepEqual(q(''), { plan: 'standard', interval: 'monthly', mode: 'create', email: null, inviteId: null }));
  it('reads plan, interval, mode and e-mail', () =>
    assert.deepEqual(q('plan=premium&interval=annual&mode=join&email=a%40b.org'), { plan: 'premium', interval: 'annual', mode: 'join', email: 'a@b.org', inviteId: null }));
  it('falls back on unknown values', () => assert.deepEqual(q('plan=gold&interval=weekly&mode=x'), q('')));
  it('an invite forces join mode', () => {
    const parsed = q('mode=create&invite=abc-123');
    assert.equal(parsed.mode, 'join');
    assert.equal(parsed.inviteId, 'abc-123');
  });
});

describe('e-mail', () => {
  for (const ok of ['pat@church.org', 'Pat.Smith+news@St-Marys.church.uk', 'x@ex.co', 'ü@bücher.de']) it(`accepts ${ok}`, () => assert.equal(isValidEmail(ok), true));
  for (const bad of ['', 'pat', 'pat@', '@church.org', 'pat@church', 'pat@@church.org', 'pat @church.org', 'pat@-church.org', 'pat@church..org', `${'a'.repeat(250)}@b.org`])
    it(`refuses ${JSON.stringify(bad)}`, () => assert.equal(isValidEmail(bad), false));
  it('normalises by trimming and lower-casing', () => assert.equal(normaliseEmail('  Pat@Church.ORG '), 'pat@church.org'));
});

describe('subdomain derivation (spec 001 §5)', () => {
  const cases: [string, string][] = [
    ['Grace Community Church', 'grace-community-church'],
    ['  St. Mary’s  &  St. John!! ', 'st-mary-s-st-john'],
    ['--First Baptist--', 'first-baptist'],
    ['Église Évangélique de Genève', 'eglise-evangelique-de-geneve'],
    ['CHURCH 123', 'church-123'],
    ['The Very Long Name Of A Wonderful Church In Town', 'the-very-long-name-of-a-wonder'],
    ['Abcdefghijklmnopqrstuvwxyz abc def', 'abcdefghijklmnopqrstuvwxyz-abc'],
    ['Abcdefghijklmnopqrstuvwxyzabc  def', 'abcdefghijklmnopqrstuvwxyzabc'],
    ['!!!', ''],
    ['教会', ''],
  ];
  for (const [name, expected] of cases) it(`${JSON.stringify(name)} → ${JSON.stringify(expected)}`, () => assert.equal(deriveSubdomain(name), expected));

  it('never exceeds 30 characters', () => assert.ok(deriveSubdomain('x'.repeat(100)).length === 30));

  it('isValidSubdomain accepts derived forms only', () => {
    assert.equal(isValidSubdomain('grace-church'), true);
    for (const bad of ['', '-grace', 'grace-', 'Grace', 'gr--ace', 'gr_ace', 'x'.repeat(31)]) assert.equal(isValidSubdomain(bad), false, bad);
  });
});

describe('signup form validation (spec 001 §5)', () => {
  const create: SignupForm = {
    mode: 'create',
    firstName: ' Pat ',
    lastName: 'Smith',
    email: ' Pat@Grace.org ',
    password: 'Gx7!pLq2vRm',
    captchaToken: 'token',
    organizationName: 'Grace Church',
  };
  const join: SignupForm = { mode: 'join', firstName: 'Pat', lastName: 'Smith', email: 'pat@grace.org', password: 'Gx7!pLq2vRm', captchaToken: 't', organizationId: 'org-1', phone: ' ' };

  it('create mode: a complete form is normalised, with the subdomain derived', () => {
    const result = validateSignupForm(create);
    assert.deepEqual(result, {
      ok: true,
      value: {
        mode: 'create', firstName: 'Pat', lastName: 'Smith', email: 'pat@grace.org', phone: null, password: 'Gx7!pLq2vRm',
        organizationName: 'Grace Church', subdomain: 'grace-church', organizationId: null, inviteId: null,
      },
    });
  });

  it('create mode: organization name required', () => {
    const result = validateSignupForm({ ...create, organizationName: '  ' });
    assert.equal(result.ok === false && result.errors.organizationName, REQUIRED_MESSAGES.organizationName);
  });

  it('create mode: a name with no usable characters gives no subdomain', () => {
    const result = validateSignupForm({ ...create, organizationName: '!!!' });
    assert.equal(result.ok === false && result.errors.organizationName, REQUIRED_MESSAGES.subdomain);
  });

  it('join mode: an organization must be chosen', () => {
    const result = validateSignupForm({ ...join, organizationId: '' });
    assert.equal(result.ok === false && result.message, 'Please select a valid organization from the list.');
  });

  it('join mode: phone optional, org id kept', () => {
    const result = validateSignupForm(join);
    assert.equal(result.ok && result.value.phone, null);
    assert.equal(result.ok && result.value.organizationId, 'org-1');
  });

  it('join mode with an invite: no organization or e-mail needed from the form', () => {
    const result = validateSignupForm({ ...join, organizationId: null, email: '', inviteId: 'inv-1' });
    assert.equal(result.ok, true);
    assert.equal(result.ok && result.value.inviteId, 'inv-1');
  });

  it('requires first and last name, e-mail, password and captcha, with the spec messages', () => {
    const result = validateSignupForm({ mode: 'join', firstName: '', lastName: ' ', email: '', password: '', captchaToken: null, organizationId: 'o' });
    assert.equal(result.ok, false);
    assert.deepEqual(result.ok === false && result.errors, {
      firstName: REQUIRED_MESSAGES.firstName,
      lastName: REQUIRED_MESSAGES.lastName,
      email: REQUIRED_MESSAGES.email,
      password: REQUIRED_MESSAGES.password,
      captchaToken: 'Please complete the captcha verification.',
    });
    assert.equal(result.ok === false && result.message, REQUIRED_MESSAGES.firstName);
  });

  it('an e-mail without a domain gives the spec message', () => {
    const result = validateSignupForm({ ...join, email: 'pat' });
    assert.equal(result.ok === false && result.errors.email, 'Enter a valid email address');
  });

  it('a password missing a rule gives the spec message', () => {
    const result = validateSignupForm({ ...join, password: 'alllowercase1' });
    assert.equal(result.ok === false && result.errors.password, 'Please meet the password requirements.');
  });

  it('a missing captcha alone is reported with the spec message', () => {
    const result = validateSignupForm({ ...create, captchaToken: '' });
    assert.equal(result.ok === false && result.message, 'Please complete the captcha verification.');
  });
});

describe('organization domain check (spec 001 §5)', () => {
  const taken = { id: 'org-1' };
  it('blocks when an organization holds the domain, with the signup message', () =>
    assert.equal(domainCheck('pat@grace.org', taken, COMPANY), SIGNUP_MESSAGES.domainHasOrganization));
  it('special-offer and server variants use their own messages', () => {
    assert.equal(domainCheck('pat@grace.org', taken, COMPANY, 'offer'), 'An organization already exists for this domain. Please join instead.');
    assert.equal(domainCheck('pat@grace.org', taken, COMPANY, 'create'), 'Cannot create account - organization already exists for this domain');
  });
  it('passes when no organization holds the domain', () => assert.equal(domainCheck('pat@grace.org', null, COMPANY), null));
  it('exempts both company domains (case-insensitive)', () => {
    assert.equal(domainCheck('ops@lectern.app', taken, COMPANY), null);
    assert.equal(domainCheck('ops@LECTERN.CHURCH', taken, COMPANY), null);
  });
  it('exempts shared mailbox providers', () => assert.equal(domainCheck('pat@gmail.com', taken, COMPANY), null));
  it('the exact spec message text', () =>
    assert.equal(SIGNUP_MESSAGES.domainHasOrganization, 'An organization account already exists for this domain. Please contact your organization administrator to be added as a user.'));
  it('records the creator domain on the organization unless exempt', () => {
    assert.equal(organizationDomainFor('Pat@Grace.ORG', COMPANY), 'grace.org');
    assert.equal(organizationDomainFor('ops@lectern.app', COMPANY), null);
    assert.equal(organizationDomainFor('pat@gmail.com', COMPANY), null);
  });
});

describe('subdomain uniqueness and reuse (spec 001 §4, §5)', () => {
  it('free subdomain: create', () => assert.deepEqual(decideSubdomain('pat@grace.org', null), { kind: 'create' }));
  it('same person retrying an unfinished signup: reuse', () =>
    assert.deepEqual(decideSubdomain('Pat@Grace.org', { organizationId: 'o1', leadEmail: 'pat@grace.org', leadStatus: 'initiated' }), { kind: 'reuse', organizationId: 'o1' }));
  const taken = { kind: 'taken', message: 'This subdomain is already taken. Please choose a different one.' };
  it('someone else’s unfinished signup: taken', () =>
    assert.deepEqual(decideSubdomain('eve@grace.org', { organizationId: 'o1', leadEmail: 'pat@grace.org', leadStatus: 'initiated' }), taken));
  it('a converted organization: taken, even for its creator', () =>
    assert.deepEqual(decideSubdomain('pat@grace.org', { organizationId: 'o1', leadEmail: 'pat@grace.org', leadStatus: 'converted' }), taken));
  it('an organization without a lead: taken', () => assert.deepEqual(decideSubdomain('pat@grace.org', { organizationId: 'o1', leadEmail: null, leadStatus: null }), taken));
});

describe('join organization, e-mail taken, roles, next step', () => {
  it('the chosen id must exist', () => {
    assert.deepEqual(resolveJoinOrganization('o1', { id: 'o1', name: 'Grace' }), { ok: true, organizationId: 'o1' });
    assert.deepEqual(resolveJoinOrganization('o2', null), { ok: false, message: SIGNUP_MESSAGES.selectOrganization });
    assert.deepEqual(resolveJoinOrganization(null, null), { ok: false, message: SIGNUP_MESSAGES.selectOrganization });
  });
  it('an existing account refuses signup with the spec message', () => {
    assert.equal(emailTakenMessage(true), 'An account with this email already exists. Please try logging in instead.');
    assert.equal(emailTakenMessage(false), null);
  });
  it('creator ADMIN, invited the invite role, joiner MEMBER (spec 001 §6)', () => {
    assert.equal(roleForNewUser('create', null), 'ADMIN');
    assert.equal(roleForNewUser('create', 'STAFF'), 'ADMIN');
    assert.equal(roleForNewUser('join', 'PASTOR'), 'PASTOR');
    assert.equal(roleForNewUser('join', 'STAFF'), 'STAFF');
    assert.equal(roleForNewUser('join', null), 'MEMBER');
  });
  it('create goes to payment, join to /verify-email', () => {
    assert.equal(nextStepAfterSignup('create'), 'payment');
    assert.equal(nextStepAfterSignup('join'), '/verify-email');
  });
  it('new organizations start with one seat, monthly, standard', () =>
    assert.deepEqual(NEW_ORGANIZATION_DEFAULTS, { activeSeatCount: 1, billingInterval: 'monthly', plan: 'standard' }));
});
