import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { decodeJwt } from 'jose';
import { API, bearer, buildTestApp, outboxEvents, PASSWORD, refreshCookieOf, seedOrganization, seedUser, signIn, solvedCaptcha, openMailLink } from './helper.ts';

describe('signup, e-mail confirmation, onboarding', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let orgId: string;
  const post = async (body: Record<string, unknown>, withCaptcha = true) =>
    built.app.inject({ method: 'POST', url: `${API}/signup`, payload: { ...body, ...(withCaptcha ? { captcha: await solvedCaptcha(built.app) } : {}) } });
  const joinForm = (extra: Record<string, unknown> = {}) => ({ mode: 'join', firstName: 'Joe', lastName: 'Bloggs', email: `joe-${Math.random().toString(36).slice(2, 8)}@example.org`, password: PASSWORD, organizationId: orgId, ...extra });

  beforeAll(async () => {
    built = await buildTestApp();
    orgId = await seedOrganization(built.app, 'Alpha Church');
  });
  afterAll(() => built?.app.close());

  it('lists organizations publicly, by name', async () => {
    await seedOrganization(built.app, 'Zion Chapel');
    const res = await built.app.inject({ url: `${API}/organizations/public` });
    const names = res.json().items.map((o: { name: string }) => o.name);
    assert.deepEqual(names, [...names].sort());
    assert.ok(names.includes('Alpha Church'));
    assert.deepEqual(Object.keys(res.json().items[0]).sort(), ['id', 'name']);
  });

  it('answers every form rule with the spec message, per field, first one as detail', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', 'First name is required.'],
      [{ lastName: ' ' }, 'lastName', 'Last name is required.'],
      [{ email: '' }, 'email', 'Email is required.'],
      [{ email: 'joe@localhost' }, 'email', 'Enter a valid email address'],
      [{ password: '' }, 'password', 'Password is required.'],
      [{ password: 'short1A' }, 'password', 'Please meet the password requirements.'],
      [{ password: 'alllowercase1' }, 'password', 'Please meet the password requirements.'],
      [{ password: 'ALLUPPERCASE1' }, 'password', 'Please meet the password requirements.'],
      [{ password: 'NoDigitsHere' }, 'password', 'Please meet the password requirements.'],
      [{ organizationId: null }, 'organizationId', 'Please select a valid organization from the list.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(joinForm(change));
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.equal(res.json().fieldErrors[field], message);
      assert.equal(res.json().detail, message);
    }
    const noCaptcha = await post(joinForm(), false);
    assert.equal(noCaptcha.json().fieldErrors.captcha, 'Please complete the captcha verification.');
    const createNoName = await post({ ...joinForm(), mode: 'create', organizationName: '  ' });
    assert.equal(createNoName.json().fieldErrors.organizationName, 'Organization name is required.');
    const common = await post(joinForm({ password: 'Password123!' }));
    assert.equal(common.json().reason, 'common_password');
    const unknownOrg = await post(joinForm({ organizationId: '00000000-0000-4000-8000-000000000000' }));
    assert.equal(unknownOrg.json().detail, 'Please select a valid organization from the list.');
    const typedGarbage = await post(joinForm({ organizationId: 'not-a-uuid' }));
    assert.equal(typedGarbage.statusCode, 400);
  });

  it('joins as MEMBER, unverified, with the confirmation link in the event; then the link signs in', async () => {
    const form = joinForm({ email: 'New.Member@Example.org', phone: '555-0100' });
    const res = await post(form);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual({ ...res.json<Record<string, unknown>>(), userId: undefined }, { mode: 'join', userId: undefined, email: 'new.member@example.org', next: '/verify-email', message: 'Registration successful! Please check your email.' });
    const user = await built.app.kit.db.selectFrom('users').selectAll().where('id', '=', res.json().userId).executeTakeFirstOrThrow();
    assert.equal(user.role, 'MEMBER');
    assert.equal(user.org_id, orgId);
    assert.equal(user.email_verified_at, null);
    assert.match(user.password_hash!, /^\$argon2id\$/);
    assert.equal((await signIn(built.app, 'new.member@example.org', PASSWORD)).json().reason, 'email_not_verified');

    const [event] = (await outboxEvents(built.app, 'identity.user.registered.v1')).filter((e) => e.subject === user.id);
    assert.ok(event);
    assert.equal(event.orgId, orgId);
    assert.equal(event.data.organizationName, 'Alpha Church');
    assert.doesNotMatch(JSON.stringify(event), /argon2|Correct-Horse/);
    // What goes to Kafka holds the link only sealed; comms opens it with the shared SECRET_KEYS.
    assert.equal(event.data.confirmationUrl, undefined);
    const url = new URL(openMailLink(built.env, user.id, event.data.sealedConfirmationUrl));
    assert.equal(`${url.origin}${url.pathname}`, 'http://localhost:8080/confirmed');
    const token = url.searchParams.get('token')!;
    assert.ok(!JSON.stringify(event).includes(token), 'no plain token in the event');
    assert.ok(!JSON.stringify(event).includes(encodeURIComponent(token)), 'no plain token in the event');

    const confirmed = await built.app.inject({ method: 'POST', url: `${API}/email-verification/confirm`, payload: { token } });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.ok(refreshCookieOf(confirmed));
    assert.equal(confirmed.json().user.emailVerified, true);
    assert.equal(confirmed.json().user.homePath, '/member/dashboard');
    const again = await built.app.inject({ method: 'POST', url: `${API}/email-verification/confirm`, payload: { token } });
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().detail, 'This confirmation link is invalid or has expired.');
    assert.equal((await signIn(built.app, 'new.member@example.org', PASSWORD)).statusCode, 200);
    assert.equal((await outboxEvents(built.app, 'identity.user.email-verified.v1')).filter((e) => e.subject === user.id).length, 1);
  });

  it('refuses a taken e-mail in any case', async () => {
    await seedUser(built.app, { email: 'taken@example.org', orgId });
    const res = await post(joinForm({ email: 'TAKEN@example.org' }));
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().detail, 'An account with this email already exists. Please try logging in instead.');
  });

  it('resends a confirmation link at most once a minute and answers the same for unknown addresses', async () => {
    const res = await post(joinForm({ email: 'resend@example.org' }));
    const userId = res.json().userId;
    const answer = async (email: string) => built.app.inject({ method: 'POST', url: `${API}/email-verification/resend`, payload: { email } });
    const unknown = await answer('nobody-here@example.org');
    const known = await answer('resend@example.org');
    assert.equal(unknown.statusCode, 202);
    assert.deepEqual(known.json(), unknown.json());
    assert.equal((await outboxEvents(built.app, 'identity.user.verification-requested.v1')).filter((e) => e.subject === userId).length, 0, 'within a minute of the signup e-mail');
    await built.app.kit.db.updateTable('email_verification_tokens').set({ created_at: new Date(Date.now() - 120_000) }).where('user_id', '=', userId).execute();
    await answer('resend@example.org');
    await answer('resend@example.org');
    assert.equal((await outboxEvents(built.app, 'identity.user.verification-requested.v1')).filter((e) => e.subject === userId).length, 1);
  });

  it('create step 1: organization with derived unique subdomain and the e-mail domain, lead initiated, no user yet', async () => {
    const form = { mode: 'create', firstName: 'Cara', lastName: 'Creator', email: 'cara@hope-fellowship.org', password: PASSWORD, organizationName: 'Hope Fellowship!', plan: 'premium', interval: 'annual' };
    const res = await post(form);
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json();
    assert.equal(body.subdomain, 'hope-fellowship');
    assert.equal(body.next, 'payment');
    assert.equal(body.paymentAvailable, true);
    assert.match(body.checkoutToken, /^[\w-]{40,}$/);
    const org = await built.app.kit.db.selectFrom('organizations').selectAll().where('id', '=', body.organizationId).executeTakeFirstOrThrow();
    assert.equal(org.domain, 'hope-fellowship.org');
    assert.equal(org.plan_label, '$497/month');
    assert.equal(org.active_seat_count, 1);
    const lead = await built.app.kit.db.selectFrom('leads').selectAll().where('id', '=', body.leadId).executeTakeFirstOrThrow();
    assert.equal(lead.status, 'initiated');
    assert.equal((await built.app.kit.db.selectFrom('users').select('id').where('email', '=', 'cara@hope-fellowship.org').execute()).length, 0);
    assert.equal((await outboxEvents(built.app, 'identity.organization.created.v1')).filter((e) => e.subject === body.organizationId).length, 1);

    const retry = await post(form);
    assert.equal(retry.json().organizationId, body.organizationId, 'the same person retrying reuses the organization');
    const otherPerson = await post({ ...form, email: 'dan@other-church.org' });
    assert.equal(otherPerson.statusCode, 409);
    assert.equal(otherPerson.json().detail, 'This subdomain is already taken. Please choose a different one.');
    const sameDomain = await post({ ...form, email: 'eve@hope-fellowship.org', organizationName: 'Hope Two' });
    assert.equal(sameDomain.statusCode, 409);
    assert.equal(sameDomain.json().detail, 'Cannot create account - organization already exists for this domain');
    const check = await built.app.inject({ url: `${API}/signup/domain-check?email=x@hope-fellowship.org` });
    assert.deepEqual(check.json(), { blocked: true, message: 'An organization account already exists for this domain. Please contact your organization administrator to be added as a user.' });
    const exempt = await built.app.inject({ url: `${API}/signup/domain-check?email=x@lectern.app` });
    assert.equal(exempt.json().blocked, false);
  });

  it('refuses all signup while signup_enabled is off', async () => {
    await built.app.kit.db.updateTable('feature_flags').set({ enabled: false }).where('key', '=', 'signup_enabled').execute();
    try {
      const res = await post(joinForm());
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().reason, 'signup_disabled');
    } finally {
      await built.app.kit.db.updateTable('feature_flags').set({ enabled: true }).where('key', '=', 'signup_enabled').execute();
    }
  });

  it('onboarding creates the organization and makes the user ADMIN (once)', async () => {
    const user = await seedUser(built.app, { orgId: null, firstName: null, lastName: null });
    const signedIn = await signIn(built.app, user.email, PASSWORD);
    assert.equal(signedIn.json().user.needsOnboarding, true);
    const token = signedIn.json().accessToken;
    const missing = await built.app.inject({ method: 'POST', url: `${API}/onboarding`, headers: bearer(token), payload: { firstName: '', lastName: 'X', organizationName: '' } });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().fieldErrors.firstName, 'First name is required.');
    assert.equal(missing.json().fieldErrors.organizationName, 'Organization name is required.');
    const res = await built.app.inject({ method: 'POST', url: `${API}/onboarding`, headers: bearer(token), payload: { firstName: 'Olive', lastName: 'Owner', organizationName: 'New Life Church' } });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().redirect, '/dashboard');
    assert.equal(res.json().user.role, 'ADMIN');
    assert.equal(res.json().user.organization.subdomain, 'new-life-church');
    assert.equal(decodeJwt(res.json().accessToken).role, 'ADMIN');
    const twice = await built.app.inject({ method: 'POST', url: `${API}/onboarding`, headers: bearer(res.json().accessToken), payload: { firstName: 'Olive', lastName: 'Owner', organizationName: 'Other' } });
    assert.equal(twice.statusCode, 409);
  });
});
