// Sign-in, navigation by role, the invite journey and a failed sign-in, in headless Chromium
// through the one origin, against the real identity and comms services and real infrastructure.
import { test, beforeAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { screenshot } from './frontend.helpers.ts';
import { apiSignIn, enableFlags, PASSWORD, seedOrganization, seedPerson } from './auth.fixtures.ts';
import type { Person, RoleName } from './auth.fixtures.ts';
import { browserJourney } from './journey.helpers.ts';
import { identityCall } from './stack.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { signInThroughForm, solveCaptcha, VISIBLE } from './signin.helpers.ts';

const journey = browserJourney();
const { newPage, pageErrors } = journey;
let stack: Stack;
let orgId: string;
const people = new Map<RoleName, Person>();

beforeAll(async () => {
  stack = journey.stack;
  orgId = await seedOrganization(stack, 'Grace Church');
  // ADMIN on a company domain and a staff user: sees every item, Console included.
  people.set('ADMIN', await seedPerson(stack, orgId, 'ADMIN', { email: `admin-${Date.now()}@lectern.app`, staffUser: true }));
  for (const role of ['PASTOR', 'STAFF', 'MEMBER', 'VOLUNTEER'] as const) people.set(role, await seedPerson(stack, orgId, role));
  await enableFlags(stack, people.get('ADMIN')!, ['features_staff_console_enabled', 'rss_migration_enabled']);
});

/** Spec 000 §2 navigation table and post-sign-in landing, per role. */
const EXPECTED: Record<RoleName, { lands: string; heading: string; nav: string[] }> = {
  ADMIN: { lands: '/dashboard', heading: 'Dashboard', nav: ['Dashboard', 'Sermons', 'Members', 'Communications', 'Console', 'Settings'] },
  PASTOR: { lands: '/dashboard', heading: 'Dashboard', nav: ['Dashboard', 'Sermons', 'Settings'] },
  STAFF: { lands: '/dashboard', heading: 'Dashboard', nav: ['Dashboard', 'Sermons', 'Settings'] },
  MEMBER: { lands: '/member/dashboard', heading: 'Sermon Library', nav: ['Dashboard', 'Settings'] },
  VOLUNTEER: { lands: '/member/dashboard', heading: 'Sermon Library', nav: ['Dashboard', 'Sermons', 'Settings'] },
};

for (const role of ['ADMIN', 'PASTOR', 'STAFF', 'MEMBER', 'VOLUNTEER'] as const) {
  test(`${role} signs in, lands on ${EXPECTED[role].lands} and sees exactly ${EXPECTED[role].nav.join(', ')}`, async () => {
    const person = people.get(role)!;
    const page = await newPage();
    await page.goto(`${stack.origin}/login`);
    await signInThroughForm(page, person.email, person.password);
    await page.getByText('Welcome back!').waitFor(VISIBLE);
    await page.getByRole('heading', { name: EXPECTED[role].heading, exact: true }).waitFor(VISIBLE);
    assert.equal(new URL(page.url()).pathname, EXPECTED[role].lands);
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.deepEqual(await nav.getByRole('link').allTextContents(), EXPECTED[role].nav);
    const dashboardHref = await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href');
    assert.equal(dashboardHref, EXPECTED[role].lands);
    await screenshot(page, `20-signed-in-${role.toLowerCase()}`);
    // The refresh token is an httpOnly cookie: never visible to scripts or in storage.
    const stored = await page.evaluate(() => ({ cookies: (globalThis as unknown as { document: { cookie: string } }).document.cookie, storage: JSON.stringify({ ...localStorage }) }));
    assert.ok(!stored.cookies.includes('lectern_refresh'), 'refresh cookie is httpOnly');
    assert.ok(!/refresh/i.test(stored.storage.replace(/"(accessTokenExpiresAt|accessToken)"/g, '')), 'no refresh token in storage');
    await page.context().close();
  });
}

test('ADMIN (staff user, console flags on) opens the Console; a signed-in visitor to /login goes to /dashboard; sign-out', async () => {
  const page = await newPage();
  await page.goto(`${stack.origin}/login`);
  await signInThroughForm(page, people.get('ADMIN')!.email, PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console' }).click();
  await page.getByRole('heading', { name: 'Staff Console' }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/console');
  await screenshot(page, '21-console');

  await page.goto(`${stack.origin}/login`);
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/dashboard', 'a signed-in visitor is redirected from /login');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByText('Signed out successfully').waitFor(VISIBLE);
  await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/login');
  await page.goto(`${stack.origin}/dashboard`);
  await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/login', 'after sign-out the session cannot be refreshed');
  await page.context().close();
});

test('a PASTOR who is not a staff user is sent from /console to /dashboard', async () => {
  const page = await newPage();
  await page.goto(`${stack.origin}/login?from=${encodeURIComponent('/console')}`);
  await signInThroughForm(page, people.get('PASTOR')!.email, PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await page.context().close();
});

test('a failed sign-in shows the spec message, resets the captcha and clears the password', async () => {
  const page = await newPage();
  await page.goto(`${stack.origin}/login`);
  await signInThroughForm(page, people.get('STAFF')!.email, 'Wrong-Password-99');
  await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor(VISIBLE);
  assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '', 'password cleared');
  assert.equal(await page.getByLabel('Email').inputValue(), people.get('STAFF')!.email, 'e-mail kept');
  assert.equal(await page.locator('[data-testid="captcha"]').getAttribute('data-state'), 'idle', 'captcha reset');
  assert.equal(await page.getByRole('checkbox', { name: "I'm not a robot" }).isChecked(), false);
  assert.equal(await page.getByRole('button', { name: 'Sign In', exact: true }).isDisabled(), true, 'submit disabled again');
  await screenshot(page, '22-failed-sign-in');
  assert.equal(new URL(page.url()).pathname, '/login');
  await page.context().close();
});

test('a visitor joins through an invite link, receives the confirmation e-mail, confirms and signs in', async () => {
  const inviteEmail = `invited-${Date.now()}@grace-e2e.org`;
  // Invites are a company-only screen (spec 001 §6): the company-domain ADMIN sends it.
  const adminToken = await apiSignIn(stack, people.get('ADMIN')!);
  const { invite } = await identityCall<{ invite: { id: string; link: string } }>(stack.origin, 'POST', '/invites', { email: inviteEmail, role: 'STAFF' }, adminToken);
  assert.equal(invite.link, `${stack.origin}/signup?invite=${invite.id}`);

  const page = await newPage();
  await page.goto(invite.link);
  await page.getByText('You were invited to join').waitFor(VISIBLE);
  assert.equal(await page.getByRole('group', { name: 'Signup mode' }).count(), 0, 'no mode toggle with an invite');
  assert.equal(await page.getByLabel('Email').inputValue(), inviteEmail);
  assert.equal(await page.getByLabel('Email').getAttribute('readonly'), '', 'e-mail fixed by the invite');
  assert.equal(await page.getByLabel('Organization').inputValue(), 'Grace Church');

  // Validation messages before anything is sent.
  await solveCaptcha(page);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('First name is required.').first().waitFor(VISIBLE);
  assert.ok(await page.getByText('Last name is required.').isVisible());
  assert.ok(await page.getByText('Please meet the password requirements.').isVisible());
  const checklist = page.getByRole('list', { name: 'Password requirements' });
  assert.equal(await checklist.locator('li[data-met="false"]').count(), 3, '8 characters, upper case and digit are missing');
  await screenshot(page, '23-invite-signup-errors');

  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Invited');
  await page.getByLabel('Password', { exact: true }).fill('Bright-Cedar-Window-58');
  assert.ok(await page.getByText('Password meets requirements.').isVisible());
  await page.getByRole('button', { name: 'Show password' }).click();
  assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('type'), 'text');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/verify-email');
  await page.getByText('Registration successful! Please check your email.').waitFor(VISIBLE);
  await screenshot(page, '24-verify-email');

  const message = await stack.mail.waitForMessage((m) => m.to.some((to) => to.address === inviteEmail) && /\/confirmed\?token=/.test(`${m.text ?? ''}${m.html ?? ''}`), 30_000);
  const link = /(https?:\/\/[^\s"'<>]+\/confirmed\?token=[^\s"'<>]+)/.exec(`${message.text ?? ''} ${message.html ?? ''}`)?.[1]?.replace(/&amp;/g, '&');
  assert.ok(link?.startsWith(`${stack.origin}/confirmed?token=`), `confirmation link on the one origin, got ${link}`);

  await page.goto(link!);
  await page.getByRole('heading', { name: 'Email confirmed!' }).waitFor(VISIBLE);
  await screenshot(page, '25-confirmed');
  const started = Date.now();
  await page.waitForURL(`${stack.origin}/dashboard`, VISIBLE);
  assert.ok(Date.now() - started < 4500, 'redirected after 1.2 s, well before the 5 s fallback');
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  assert.deepEqual(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents(), ['Dashboard', 'Sermons', 'Settings']);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signInThroughForm(page, inviteEmail, 'Bright-Cedar-Window-58');
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/dashboard', 'the invited STAFF user lands on the staff dashboard');

  // The invite is used: the link no longer works.
  const reuse = await newPage();
  await reuse.goto(invite.link);
  await reuse.getByText('Invalid or expired invite link. Please contact your administrator.').waitFor(VISIBLE);
  await reuse.context().close();
  await page.context().close();
  assert.deepEqual(pageErrors, [], 'no uncaught errors in any page');
});
