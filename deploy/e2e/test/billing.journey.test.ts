// Paid signup in headless Chromium through the one origin: live prices on /pricing, create step 1,
// step 2 with the test card form (declined first: the spec's message and no user), then paid →
// /billing/success → the confirmation e-mail → the new ADMIN signed in. Real identity, comms and
// billing services; the Stripe stand-in delivers signed webhooks to billing.
import { test, beforeAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { screenshot } from './frontend.helpers.ts';
import { assertNoOverflowAt390 } from './page-quality.helpers.ts';
import { assertNoSeriousAxeViolations } from './axe.helpers.ts';
import { browserJourney } from './journey.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { solveCaptcha, VISIBLE } from './signin.helpers.ts';

const journey = browserJourney({ billing: true });
const { newPage, pageErrors } = journey;
let stack: Stack;

beforeAll(() => {
  stack = journey.stack;
});

test('pricing shows live amounts (monthly by default; annual as a monthly equivalent with the savings)', async () => {
  const page = await newPage();
  await page.goto(`${stack.origin}/pricing`);
  await page.getByRole('heading', { name: 'Simple, Transparent Pricing' }).waitFor(VISIBLE);
  const standard = page.getByTestId('price-standard');
  const premium = page.getByTestId('price-premium');
  await page.getByText('$297 / month').first().waitFor(VISIBLE);
  assert.match(await standard.innerText(), /^\$297 \/ month$/);
  assert.match(await premium.innerText(), /^\$497 \/ month$/);
  assert.equal(await page.getByRole('button', { name: 'Monthly Plans' }).getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', { name: 'Annual Discount' }).click();
  assert.match(await premium.innerText(), /^\$297 \/ month, billed annually$/);
  await page.getByText('$3,564 per year — save $2,400').waitFor(VISIBLE);
  await page.getByText('$1,188 per year — save $2,376').waitFor(VISIBLE);
  await screenshot(page, '60-pricing-live');
  await assertNoSeriousAxeViolations(page, '/pricing');
  await assertNoOverflowAt390(page, `${stack.origin}/pricing`, (p) => p.getByTestId('price-premium').getByText('$497').waitFor(VISIBLE));
  await page.context().close();
});

test('create account: declined card shows the message and leaves no user; the test Visa pays; /billing/success; e-mail; the ADMIN signs in', async () => {
  const email = `ruth-${Date.now()}@harvest-${Date.now().toString(36)}.org`;
  const password = 'Morning-Cedar-Path-41';
  const page = await newPage();
  await page.goto(`${stack.origin}/pricing`);
  await page.getByText('$497 / month').waitFor(VISIBLE);
  await page.getByRole('link', { name: 'Choose Premium' }).click();
  await page.waitForURL(/\/signup\?mode=create&plan=premium&interval=monthly/, VISIBLE);

  await page.getByLabel('Organization name').fill(`Harvest Chapel ${Date.now().toString(36)}`);
  await page.getByLabel('First name').fill('Ruth');
  await page.getByLabel('Last name').fill('Harvest');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Step 2: Payment' }).waitFor(VISIBLE);
  await page.getByRole('button', { name: 'Pay $497.00' }).waitFor(VISIBLE);
  assert.equal(await page.getByLabel('Email').inputValue(), email, 'billing details prefilled from step 1');
  await screenshot(page, '61-signup-step2');
  await assertNoSeriousAxeViolations(page, 'signup step 2');
  await assertNoOverflowAt390(page, page.url(), async () => undefined);

  await page.getByRole('radio', { name: /0002/ }).check();
  await page.getByRole('button', { name: 'Pay $497.00' }).click();
  await page.getByRole('alert').getByText('Your card was declined.').waitFor(VISIBLE);
  await screenshot(page, '62-signup-declined');
  const users = await stack.identityDb.query('select id from users where email = $1', [email]);
  assert.equal(users.rowCount, 0, 'a declined card leaves no user');
  const lead = await stack.identityDb.query<{ status: string }>('select status from leads where email = $1', [email]);
  assert.deepEqual(lead.rows.map((r) => r.status), ['initiated']);

  await page.getByRole('radio', { name: /4242/ }).check();
  await page.getByRole('button', { name: 'Pay $497.00' }).click();
  await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor({ timeout: 40_000 });
  const url = new URL(page.url());
  assert.equal(url.pathname, '/billing/success');
  assert.match(url.searchParams.get('session_id') ?? '', /^sub_/);
  await page.getByText(`Session ID: ${url.searchParams.get('session_id')}`).waitFor(VISIBLE);
  await screenshot(page, '63-billing-success');
  await assertNoSeriousAxeViolations(page, '/billing/success');

  const converted = await stack.identityDb.query<{ status: string; converted_at: Date | null }>('select status, converted_at from leads where email = $1', [email]);
  assert.equal(converted.rows[0]?.status, 'converted');
  assert.ok(converted.rows[0]?.converted_at);
  const org = await stack.identityDb.query<{ subscription_status: string; plan_id: string }>('select o.subscription_status, o.plan_id from organizations o join users u on u.org_id = o.id where u.email = $1 and u.role = $2', [email, 'ADMIN']);
  assert.deepEqual(org.rows[0], { subscription_status: 'active', plan_id: 'premium' });

  const message = await stack.mail.waitForMessage((m) => m.to.some((to) => to.address === email) && /\/confirmed\?token=/.test(`${m.text ?? ''}${m.html ?? ''}`), 30_000);
  const link = /(https?:\/\/[^\s"'<>]+\/confirmed\?token=[^\s"'<>]+)/.exec(`${message.text ?? ''} ${message.html ?? ''}`)?.[1]?.replace(/&amp;/g, '&');
  assert.ok(link?.startsWith(`${stack.origin}/confirmed?token=`), `confirmation link, got ${link}`);
  await page.goto(link!);
  await page.getByRole('heading', { name: 'Email confirmed!' }).waitFor(VISIBLE);
  await page.waitForURL(`${stack.origin}/dashboard`, VISIBLE);
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  await screenshot(page, '64-new-admin-dashboard');

  await page.goto(`${stack.origin}/settings`);
  await page.getByTestId('org-status').waitFor(VISIBLE);
  assert.equal(await page.getByTestId('org-status').innerText(), 'ACTIVE');
  assert.equal(await page.getByTestId('org-plan').innerText(), 'Premium — $497/month');
  assert.equal(await page.getByTestId('org-seats').innerText(), '1 / 4');
  await page.getByText('Renews On').waitFor(VISIBLE);
  await screenshot(page, '65-settings-organization');

  // The new ADMIN renames the organization (PATCH /organization; other roles are refused by the server).
  const organization = page.getByRole('form', { name: 'Organization settings' });
  await organization.getByRole('button', { name: 'Edit' }).click();
  await organization.getByLabel('Organization name').fill('Harvest Chapel of the Valley');
  await organization.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Organization settings saved successfully').waitFor(VISIBLE);
  assert.equal(await page.getByTestId('org-name').innerText(), 'Harvest Chapel of the Valley');
  const renamed = await stack.identityDb.query<{ name: string }>('select o.name from organizations o join users u on u.org_id = o.id where u.email = $1', [email]);
  assert.equal(renamed.rows[0]?.name, 'Harvest Chapel of the Valley');
  await assertNoSeriousAxeViolations(page, '/settings (organization renamed)');

  // Every webhook the stand-in sent was accepted.
  await stack.stripe!.waitForDeliveries(20_000);
  assert.deepEqual(stack.stripe!.deliveries.filter((d) => d.status !== 200), []);
  await page.context().close();
  assert.deepEqual(pageErrors, [], 'no uncaught errors in any page');
});

test('special offer: /cotr-special → step 2 with $4,564 (the migration fee on the first invoice) → paid → /billing/success, stored checkout cleared', async () => {
  await stack.identityDb.query("update feature_flags set enabled = true where key = 'offers_cotr_enabled'");
  const email = `offer-${Date.now()}@cotr-${Date.now().toString(36)}.org`;
  const page = await newPage();
  await page.goto(`${stack.origin}/cotr-special`);
  await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor(VISIBLE);
  await page.getByText('Standard value $23,784 — you save $19,220.').waitFor(VISIBLE);
  await screenshot(page, '66-special-offer');
  await assertNoSeriousAxeViolations(page, '/cotr-special');
  await assertNoOverflowAt390(page, page.url(), (p) => p.getByRole('heading', { name: 'Frequently asked questions' }).waitFor(VISIBLE));
  await page.getByLabel('Organization name').fill(`Offer Church ${Date.now().toString(36)}`);
  await page.getByLabel('First name').fill('Olive');
  await page.getByLabel('Last name').fill('Offer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Golden-River-Bell-88');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(`${stack.origin}/cotr-special-step2`, VISIBLE);
  await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor(VISIBLE);
  await page.getByRole('button', { name: 'Pay $4,564' }).waitFor(VISIBLE);
  assert.equal(await page.getByTestId('offer-due').innerText(), '$4,564');
  await screenshot(page, '67-special-offer-step2');
  await assertNoSeriousAxeViolations(page, '/cotr-special-step2');
  await page.getByRole('button', { name: 'Pay $4,564' }).click();
  await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor({ timeout: 40_000 });
  assert.equal(await page.evaluate(() => sessionStorage.getItem('lectern.checkout.cotr')), null, 'stored checkout data cleared');

  const invoices = (await (await fetch(`${stack.stripe!.baseUrl}/v1/invoices?limit=100`, { headers: { authorization: 'Bearer sk_test_e2e' } })).json()) as { data: { status: string; amount_paid: number; customer: string }[] };
  assert.ok(invoices.data.some((i) => i.status === 'paid' && i.amount_paid === 456_400), 'the first invoice carries $3,564 + $1,000');
  const user = await stack.identityDb.query<{ role: string; subscription_status: string }>('select u.role, o.subscription_status from users u join organizations o on o.id = u.org_id where u.email = $1', [email]);
  assert.deepEqual(user.rows[0], { role: 'ADMIN', subscription_status: 'active' });
  await page.context().close();
});

test('special offer step 2 without a stored checkout says so', async () => {
  const page = await newPage();
  await page.goto(`${stack.origin}/cotr-special-step2`);
  await page.getByText('No checkout session found. Please start from the beginning.').waitFor(VISIBLE);
  await page.context().close();
});

test('legal pages: real text with the spec\'s terms and the update date', async () => {
  const page = await newPage();
  const expectations: [string, RegExp[]][] = [
    ['/terms-of-service', [/greater of \(a\) two times the fees your organisation paid us in the three months/, /USD 2,000/, /at least 18 years old/]],
    ['/privacy-policy', [/children under 13/, /kept for 7 years/, /Analytics data is kept for 2 years/]],
    ['/acceptable-use-policy', [/Acceptable Use Policy/, /spam/]],
  ];
  for (const [path, patterns] of expectations) {
    await page.goto(`${stack.origin}${path}`);
    await page.getByText('Last updated: July 29, 2025').waitFor(VISIBLE);
    const text = await page.locator('body').innerText();
    for (const pattern of patterns) assert.match(text, pattern, path);
  }
  await screenshot(page, '68-terms');
  await assertNoSeriousAxeViolations(page, '/terms-of-service');
  await assertNoOverflowAt390(page, `${stack.origin}/terms-of-service`, (p) => p.getByText('Last updated: July 29, 2025').waitFor(VISIBLE));
  await page.context().close();
});
