// `npm start`'s demo church plan (deploy/local/src/launcher/demo-subscription.ts) on the real stack:
// identity creates the demo church as `npm start` does (with its signup lead), the launcher's step
// buys Lectern Standard through billing (prepare-subscription, Stripe test card, signed webhooks from
// the Stripe stand-in), and the demo ADMIN's Settings → Organization shows the plan as ACTIVE with
// its renewal date instead of the no-subscription fallback ("No plan ⚠ … UNKNOWN"). A second start
// buys nothing more.
import { test, beforeAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { ensureDemoSubscription } from '@lectern/local-stack/demo-subscription';
import { screenshot } from './frontend.helpers.ts';
import { browserJourney } from './journey.helpers.ts';
import { assertNoOverflowAt390 } from './page-quality.helpers.ts';
import { assertNoSeriousAxeViolations } from './axe.helpers.ts';
import type { Person } from './auth.fixtures.ts';
import type { Stack } from './stack.helpers.ts';
import { VISIBLE } from './signin.helpers.ts';

const admin: Person = { email: `admin-${Date.now().toString(36)}@grace-demo.example`, password: 'Lectern-Demo-2026', role: 'ADMIN', firstName: 'Admin' };
const journey = browserJourney({ billing: true, demoChurch: { adminEmail: admin.email, password: admin.password } });
const { signedInAt, pageErrors } = journey;
let stack: Stack;
const lines: string[] = [];

beforeAll(() => {
  stack = journey.stack;
});

const subscriptionCreates = () => stack.stripe!.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').length;

test('the demo church buys its plan through billing, and Settings shows it', async () => {
  const status = await ensureDemoSubscription({ origin: stack.origin, email: admin.email, password: admin.password, log: (line) => lines.push(line) });
  assert.equal(status, 'active', lines.join('\n'));
  assert.equal(subscriptionCreates(), 1, 'one Stripe subscription');
  assert.match(lines.at(-1)!, /subscribed to standard monthly through billing/);

  const page = await signedInAt(admin, '/settings');
  await page.getByTestId('org-status').waitFor(VISIBLE);
  assert.equal(await page.getByTestId('org-status').innerText(), 'ACTIVE');
  assert.equal(await page.getByTestId('org-plan').innerText(), 'Standard — $297/month');
  await page.getByText('Renews On').waitFor(VISIBLE);
  assert.equal(await page.getByText('Contact support if this seems incorrect', { exact: false }).count(), 0, 'no fallback warning');
  await screenshot(page, '66-demo-church-plan');
  await assertNoSeriousAxeViolations(page, 'settings with the demo plan');
  await assertNoOverflowAt390(page, `${stack.origin}/settings`, async (narrow) => {
    await narrow.getByTestId('org-status').waitFor(VISIBLE);
    await screenshot(narrow, '66b-demo-church-plan-390');
  });
  // The bootstrap administrator has no personal name: the dashboard greets the role, not "Lectern".
  await page.goto(`${stack.origin}/dashboard`);
  await page.getByText("Welcome, Admin. Your church's sermons at a glance.").waitFor(VISIBLE);
  await page.context().close();
});

test('a second start finds the plan and buys nothing more', async () => {
  const status = await ensureDemoSubscription({ origin: stack.origin, email: admin.email, password: admin.password, log: (line) => lines.push(line) });
  assert.equal(status, 'active');
  assert.equal(subscriptionCreates(), 1);
  assert.match(lines.at(-1)!, /holds its plan \(standard, active\)/);
  assert.deepEqual(pageErrors, []);
});
