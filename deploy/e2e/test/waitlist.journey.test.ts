// The waiting list in headless Chromium through the one origin (issue 8, spec 001 §2, §4): with
// signup closed, the landing page (logo strip, testimonial) captures an address → identity records
// it → comms e-mails the link through the real mail catcher → /waitlist/thank-you → the link →
// "You’re in!", again → "Already Confirmed"; an expired link → "Link Expired" with a fresh link
// from that page; a made-up or missing token → "Something went wrong". Every page at 390 px and
// with axe-core; no token in any service log.
import { test, beforeAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot } from './frontend.helpers.ts';
import { assertNoOverflowAt390 } from './page-quality.helpers.ts';
import { assertNoSeriousAxeViolations } from './axe.helpers.ts';
import { browserJourney } from './journey.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { VISIBLE } from './signin.helpers.ts';

const journey = browserJourney();
const { newPage, pageErrors } = journey;
let stack: Stack;
const tokensSeen: string[] = [];
const FORM_LABEL = 'Join the waiting list with your e-mail address';

beforeAll(async () => {
  stack = journey.stack;
  // The waiting list is the landing form's job while signup is closed.
  await stack.identityDb.query("update feature_flags set enabled = false where key = 'signup_enabled'");
});

const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@waitlist-journey.org`;

async function joinFromHome(page: Page, email: string): Promise<void> {
  await page.goto(`${stack.origin}/`);
  await page.getByLabel(FORM_LABEL).fill(email);
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();
}

/** The confirmation link of the newest e-mail to `email`, once more than `earlier` have arrived. */
async function confirmationLink(email: string, earlier = 0): Promise<string> {
  const deadline = Date.now() + 30_000;
  let mine = (await stack.mail.listMessages()).filter((m) => m.to.some((to) => to.address === email));
  while (mine.length <= earlier) {
    assert.ok(Date.now() < deadline, `no confirmation e-mail #${earlier + 1} to ${email} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    mine = (await stack.mail.listMessages()).filter((m) => m.to.some((to) => to.address === email));
  }
  const links = mine.map((message) => {
    assert.equal(message.subject, 'Confirm your spot on the Lectern waiting list');
    const link = /(https?:\/\/[^\s"'<>]+\/waitlist\/confirm\?token=[^\s"'<>]+)/.exec(message.text ?? '')?.[1];
    assert.ok(link?.startsWith(`${stack.origin}/waitlist/confirm?token=`), `confirmation link, got ${link}`);
    return link!;
  });
  // the one not handed out yet (the catcher's order is not guaranteed)
  const link = links.find((l) => !tokensSeen.includes(new URL(l).searchParams.get('token')!))!;
  tokensSeen.push(new URL(link).searchParams.get('token')!);
  return link;
}

test('the landing page shows the capture form, the logo strip and the testimonial; 390 px and axe clean', async () => {
  const page = await newPage();
  await page.goto(`${stack.origin}/`);
  await page.getByLabel(FORM_LABEL).waitFor(VISIBLE);
  const strip = page.getByRole('list', { name: 'Churches using Lectern' });
  assert.equal(await strip.getByRole('listitem').count(), 6);
  await strip.getByText('Grace Community Church').waitFor(VISIBLE);
  await page.getByText('Pastor Daniel Okafor').waitFor(VISIBLE);
  await page.getByRole('heading', { name: 'Trusted by churches of every size' }).scrollIntoViewIfNeeded();
  await screenshot(page, '70-home-waitlist');
  await assertNoSeriousAxeViolations(page, '/ (waitlist form, logos, testimonial)');
  await assertNoOverflowAt390(page, `${stack.origin}/`, async (narrow) => {
    await narrow.getByRole('list', { name: 'Churches using Lectern' }).getByText('Living Water Church').waitFor(VISIBLE);
    await narrow.getByRole('heading', { name: 'Trusted by churches of every size' }).scrollIntoViewIfNeeded();
    await screenshot(narrow, '71-home-logos-390');
  });
  await page.context().close();
});

test('join → thank-you → the e-mail in the catcher → "You’re in!" → the same link again → "Already Confirmed"; joining again is refused', async () => {
  const email = uniqueEmail('ruth');
  const page = await newPage();
  await page.goto(`${stack.origin}/`);
  await page.getByLabel(FORM_LABEL).fill('not-an-email');
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();
  await page.getByRole('alert').getByText('Enter a valid email address').waitFor(VISIBLE);

  await joinFromHome(page, email);
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/waitlist/thank-you');
  await page.getByText(email).waitFor(VISIBLE);
  await page.getByRole('link', { name: 'Back to Home' }).waitFor(VISIBLE);
  await screenshot(page, '72-waitlist-thank-you');
  await assertNoSeriousAxeViolations(page, '/waitlist/thank-you');
  await assertNoOverflowAt390(page, `${stack.origin}/waitlist/thank-you`, (p) => p.getByRole('heading', { name: 'Check your inbox' }).waitFor(VISIBLE));
  const recorded = await stack.identityDb.query<{ status: string; source: string }>('select status, source from waitlist_signups where email = $1', [email]);
  assert.deepEqual(recorded.rows, [{ status: 'pending', source: 'marketing-landing' }]);

  const link = await confirmationLink(email);
  await page.goto(link);
  await page.getByRole('heading', { name: 'You’re in!' }).waitFor(VISIBLE);
  await page.getByRole('button', { name: 'Close window' }).waitFor(VISIBLE);
  await screenshot(page, '73-waitlist-confirmed');
  await assertNoSeriousAxeViolations(page, '/waitlist/confirm (confirmed)');
  const confirmed = await stack.identityDb.query<{ status: string }>('select status from waitlist_signups where email = $1', [email]);
  assert.equal(confirmed.rows[0]?.status, 'confirmed');

  await page.goto(link);
  await page.getByRole('heading', { name: 'Already Confirmed' }).waitFor(VISIBLE);
  await screenshot(page, '74-waitlist-already-confirmed');
  await assertNoSeriousAxeViolations(page, '/waitlist/confirm (already confirmed)');
  await assertNoOverflowAt390(page, link, (p) => p.getByRole('heading', { name: 'Already Confirmed' }).waitFor(VISIBLE));

  await joinFromHome(page, email);
  await page.getByRole('alert').getByText('This email address is already on the waiting list.').waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/');
  await page.context().close();
});

test('an expired link shows "Link Expired" and sends a fresh link from that page, which confirms', async () => {
  const email = uniqueEmail('expired');
  const page = await newPage();
  await joinFromHome(page, email);
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor(VISIBLE);
  const expired = await confirmationLink(email);
  await stack.identityDb.query("update waitlist_tokens set expires_at = now() - interval '1 minute' where signup_id = (select id from waitlist_signups where email = $1)", [email]);

  await page.goto(expired);
  await page.getByRole('heading', { name: 'Link Expired' }).waitFor(VISIBLE);
  await screenshot(page, '75-waitlist-link-expired');
  await assertNoSeriousAxeViolations(page, '/waitlist/confirm (expired)');
  await assertNoOverflowAt390(page, expired, (p) => p.getByRole('heading', { name: 'Link Expired' }).waitFor(VISIBLE));

  await page.getByLabel(FORM_LABEL).fill(email);
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor(VISIBLE);
  const fresh = await confirmationLink(email, 1);
  assert.notEqual(fresh, expired);
  await page.goto(fresh);
  await page.getByRole('heading', { name: 'You’re in!' }).waitFor(VISIBLE);
  await page.context().close();
});

test('on a tall window the waitlist pages end with the footer at the window\u2019s bottom edge (no band under it)', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 1600 } });
  for (const [path, heading] of [['/waitlist/thank-you', 'Check your inbox'], ['/waitlist/confirm', 'Something went wrong']] as const) {
    await page.goto(`${stack.origin}${path}`);
    await page.getByRole('heading', { name: heading }).waitFor(VISIBLE);
    const fit = await page.locator('#area-marketing footer').evaluate((element) => {
      const footer = element as unknown as { getBoundingClientRect(): { bottom: number }; ownerDocument: { documentElement: { scrollHeight: number; clientHeight: number } } };
      const root = footer.ownerDocument.documentElement;
      return { footerBottom: Math.round(footer.getBoundingClientRect().bottom), window: root.clientHeight, page: root.scrollHeight };
    });
    assert.deepEqual(fit, { footerBottom: fit.window, window: fit.window, page: fit.window }, `${path}: the footer ends at the bottom of a 1600 px window`);
  }
  await screenshot(page, '77-waitlist-tall-window');
  await page.context().close();
});

test('a made-up token and a missing token show "Something went wrong"; no token reached a service log', async () => {
  const page = await newPage();
  for (const url of [`${stack.origin}/waitlist/confirm?token=made-up-token-never-issued`, `${stack.origin}/waitlist/confirm`]) {
    await page.goto(url);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor(VISIBLE);
    await page.getByRole('link', { name: 'support@lectern.app' }).waitFor(VISIBLE);
  }
  await screenshot(page, '76-waitlist-error');
  await assertNoSeriousAxeViolations(page, '/waitlist/confirm (error)');
  await assertNoOverflowAt390(page, `${stack.origin}/waitlist/confirm`, (p) => p.getByRole('heading', { name: 'Something went wrong' }).waitFor(VISIBLE));
  await page.context().close();

  assert.ok(tokensSeen.length >= 3);
  const logs = readdirSync(stack.logDir).map((file) => readFileSync(join(stack.logDir, file), 'utf8')).join('\n');
  assert.match(logs, /\/waitlist\/confirm\?token=\[redacted\]/, 'the confirm calls were logged, redacted');
  for (const token of tokensSeen) assert.ok(!logs.includes(token), 'a waitlist token reached a log');
  assert.deepEqual(pageErrors, [], 'no uncaught errors in any page');
});
