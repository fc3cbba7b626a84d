// Issue 9 in a browser: an internal-domain ADMIN adds a SendGrid-shaped SMTP integration pointing at
// the mail catcher, sends a test e-mail, composes a templated e-mail to three contacts, which arrive
// with HTML and text; one is opened and one of its links clicked (from the catcher's HTML), the cards
// show 33 % / 33 %; a SendGrid event batch signed with a key made here (bounce + delivered) updates
// the table and a forged one is refused. Real identity and comms services, Kafka, Postgres, MailDev.
import { test, beforeAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { screenshot } from './frontend.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { seedOrganization, seedPerson } from './auth.fixtures.ts';
import type { Person } from './auth.fixtures.ts';
import { browserJourney } from './journey.helpers.ts';
import { VISIBLE } from './signin.helpers.ts';
import { assertNoOverflowAt390 } from './page-quality.helpers.ts';
import { assertNoSeriousAxeViolations } from './axe.helpers.ts';

const journey = browserJourney();
const { pageErrors } = journey;
let stack: Stack;
let admin: Person;
let outsider: Person;
const run = randomBytes(3).toString('hex');
const contacts = [
  { name: 'Ann Lee', email: `ann-${run}@grace-e2e.org` },
  { name: 'Ben Ode', email: `ben-${run}@grace-e2e.org` },
  { name: 'Cy Ray', email: `cy-${run}@grace-e2e.org` },
];
const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const webhookKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

beforeAll(async () => {
  stack = journey.stack;
  const orgId = await seedOrganization(stack, 'Grace Chapel');
  admin = await seedPerson(stack, orgId, 'ADMIN', { email: `comms-admin-${run}@lectern.app` });
  outsider = await seedPerson(stack, orgId, 'ADMIN');
});

/** Signed in at `path`, with the clipboard allowed (the webhook URL's Copy button). */
const signedInAt = (person: Person, path: string) => journey.signedInAt(person, path, { permissions: ['clipboard-read', 'clipboard-write'] });

const mailTo = (address: string, subject?: RegExp) => stack.mail.waitForMessage((m) => m.to.some((to) => to.address === address) && (!subject || subject.test(m.subject)), 30_000);

test('SMTP integration → test e-mail → templated e-mail to three contacts → opens, clicks, SendGrid events', async () => {
  const page = await signedInAt(admin, '/settings');
  const toggle = page.getByRole('button', { name: 'Email Integrations (SMTP)', exact: true });
  await toggle.waitFor(VISIBLE);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByText('No SMTP integrations found.').waitFor(VISIBLE);
  await page.getByRole('link', { name: 'Add Email Integration' }).click();
  await page.waitForURL(/\/settings\/email-integrations\/new$/);
  await page.getByRole('heading', { name: 'Add Email Integration' }).waitFor(VISIBLE);

  const smtp = new URL(stack.infra.env().SMTP_URL!);
  const field = (label: string) => page.getByLabel(label, { exact: false }).first();
  assert.equal(await field('SMTP port').inputValue(), '587', 'default port 587');
  await field('From name').fill('Grace Chapel');
  await field('From e-mail').fill('hello@grace-e2e.org');
  await field('SMTP server').fill(smtp.hostname);
  await field('SMTP port').fill(smtp.port);
  await field('SMTP password').fill('SG.e2e-api-key');
  await field('Address line 1').fill('1 Chapel Road');
  await field('City').fill('Springfield');
  await field('SendGrid event webhook public key').fill(webhookKey);
  const webhookUrl = (await page.getByTestId('webhook-url').textContent()) ?? '';
  assert.match(webhookUrl, new RegExp(`^${stack.origin.replace(/[.]/g, '\\.')}/smtp_webhook/[0-9a-f-]{36}/sendgrid$`));
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Webhook URL copied!').waitFor(VISIBLE);

  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await page.getByText('Test e-mail sent', { exact: true }).waitFor(VISIBLE);
  const testMail = await mailTo(admin.email, /^Test e-mail from Grace Chapel$/);
  assert.equal(testMail.from[0]?.address, 'hello@grace-e2e.org');
  await screenshot(page, '90-email-integration-editor');
  await assertNoSeriousAxeViolations(page, '/settings/email-integrations/new');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.waitForURL((url) => url.pathname === '/settings', VISIBLE);
  await page.getByText('SMTP integration added').first().waitFor(VISIBLE);

  // Communications: three contacts, then Compose Email.
  await page.goto(`${stack.origin}/communications`);
  await page.getByRole('heading', { name: 'Communications', exact: true }).waitFor(VISIBLE);
  await page.getByText('No communications sent yet').waitFor(VISIBLE);
  const addContact = page.getByRole('form', { name: 'Add a contact' });
  for (const contact of contacts) {
    await addContact.getByLabel('Name').fill(contact.name);
    await addContact.getByLabel('E-mail').fill(contact.email);
    await addContact.getByRole('button', { name: 'Add contact' }).click();
    await page.getByRole('list', { name: 'Contacts' }).getByText(contact.email, { exact: false }).waitFor(VISIBLE);
  }
  // A template of the church's own: the body is sanitised when saved.
  await page.getByRole('button', { name: 'New template' }).click();
  const editor = page.getByRole('dialog', { name: 'New template' });
  await editor.getByLabel('Name', { exact: true }).fill('Harvest news');
  await editor.getByLabel('Subject', { exact: true }).fill('Harvest news for {{firstName}}');
  await editor.getByLabel('Body (HTML)').fill('<p>Hi {{firstName}},</p><script>alert(1)</script><p>Harvest supper on Friday.</p>');
  await editor.getByRole('button', { name: 'Save template' }).click();
  await page.getByRole('list', { name: 'Email templates' }).getByText('Harvest news — Harvest news for {{firstName}}').waitFor(VISIBLE);
  await page.getByRole('list', { name: 'Email templates' }).getByRole('button', { name: 'Edit Harvest news' }).click();
  assert.doesNotMatch(await page.getByRole('dialog', { name: 'Edit template' }).getByLabel('Body (HTML)').inputValue(), /script/);
  await page.getByRole('dialog', { name: 'Edit template' }).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Compose Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose Email' });
  await dialog.waitFor(VISIBLE);
  await dialog.getByRole('button', { name: 'Choose all contacts' }).click();
  assert.equal(await dialog.getByRole('button', { name: 'Send', exact: true }).isDisabled(), true, 'Send is disabled until a template is chosen');
  await dialog.getByLabel('Template').selectOption({ label: 'Weekly devotional reminder' });
  await dialog.getByTitle('E-mail preview').waitFor(VISIBLE);
  await dialog.getByText(/Preview: This week's devotional/).waitFor(VISIBLE);
  await screenshot(page, '91-compose-email');
  await assertNoSeriousAxeViolations(page, 'Compose Email dialog');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('Email sent successfully!').first().waitFor(VISIBLE);

  const mails = await Promise.all(contacts.map((c) => mailTo(c.email)));
  for (const [i, mail] of mails.entries()) {
    const first = contacts[i]!.name.split(' ')[0]!;
    assert.equal(mail.from[0]?.address, 'hello@grace-e2e.org');
    assert.match(mail.html ?? '', new RegExp(`<p>Hi ${first},</p>`));
    assert.match(mail.html ?? '', /1 Chapel Road/);
    assert.match(mail.text ?? '', new RegExp(`Hi ${first},`));
    assert.match(mail.text ?? '', /Open this week's devotional \[https:\/\/lectern\.app\/member\/dashboard\]/);
  }

  // Ann opens the mail (the pixel) and clicks its link; the redirect goes to the template's link.
  const annHtml = mails[0]!.html!;
  const pixel = /<img src="([^"]+\/open\.gif)"/.exec(annHtml)![1]!;
  const click = /href="([^"]+\/click\?[^"]+)"/.exec(annHtml)![1]!.replace(/&amp;/g, '&');
  assert.ok(pixel.startsWith(stack.origin) && click.startsWith(stack.origin));
  assert.equal((await page.request.get(pixel)).status(), 200);
  const clicked = await page.request.get(click, { maxRedirects: 0 });
  assert.equal(clicked.status(), 302);
  assert.equal(clicked.headers().location, 'https://lectern.app/member/dashboard');
  const forgedClick = await page.request.get(click.replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example/')}`), { maxRedirects: 0 });
  assert.equal(forgedClick.status(), 404);

  await page.reload();
  await page.getByTestId('stat-open-rate').getByText('33%').waitFor(VISIBLE);
  await page.getByTestId('stat-click-rate').getByText('33%').waitFor(VISIBLE);
  await page.getByTestId('stat-total-sent').getByText('3').waitFor(VISIBLE);

  // SendGrid's signed event batch through the edge: Ben bounced, Cy delivered.
  // (The list loads apart from the stats: wait for its rows before counting them.)
  await page.getByTestId('communication-row').nth(2).waitFor(VISIBLE);
  assert.equal(await page.getByTestId('communication-row').count(), 3);
  const now = Math.floor(Date.now() / 1000);
  const messageIds = await Promise.all(mails.map((m) => String(m.headers?.['message-id'] ?? '')));
  const batch = JSON.stringify([
    { email: contacts[1]!.email, event: 'bounce', reason: '550 5.1.1 mailbox unavailable', sg_event_id: `e2e-b-${run}`, timestamp: now, 'smtp-id': messageIds[1] },
    { email: contacts[2]!.email, event: 'delivered', sg_event_id: `e2e-d-${run}`, timestamp: now, 'smtp-id': messageIds[2] },
  ]);
  const signBatch = (key: typeof privateKey) => {
    const timestamp = String(now);
    return { 'content-type': 'application/json', 'x-twilio-email-event-webhook-timestamp': timestamp, 'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + batch), { key, dsaEncoding: 'der' }).toString('base64') };
  };
  const forged = await fetch(webhookUrl, { method: 'POST', headers: signBatch(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey), body: batch });
  assert.equal(forged.status, 401, 'a batch signed with another key is refused');
  const accepted = await fetch(webhookUrl, { method: 'POST', headers: signBatch(privateKey), body: batch });
  assert.equal(accepted.status, 200, await accepted.text());
  await page.reload();
  const rowOf = (email: string) => page.getByTestId('communication-row').filter({ hasText: email });
  await rowOf(contacts[1]!.email).getByText('bounced').waitFor(VISIBLE);
  await rowOf(contacts[2]!.email).getByText('delivered').waitFor(VISIBLE);
  await rowOf(contacts[0]!.email).getByText('Opened, Clicked').waitFor(VISIBLE);
  await screenshot(page, '92-communications');
  await assertNoSeriousAxeViolations(page, '/communications');
  await page.goto(`${stack.origin}/settings`);
  const emailSection = page.getByRole('button', { name: 'Email Integrations (SMTP)', exact: true });
  if ((await emailSection.getAttribute('aria-expanded')) !== 'true') await emailSection.click();
  await page.getByRole('list', { name: 'SMTP integrations' }).getByText('Default').waitFor(VISIBLE);
  await assertNoSeriousAxeViolations(page, '/settings with the Email Integrations section');
  await assertNoOverflowAt390(page, `${stack.origin}/communications`, (p) => p.getByText('Recent Communications').waitFor(VISIBLE));
  await assertNoOverflowAt390(page, `${stack.origin}/settings/email-integrations/new`, (p) => p.getByRole('heading', { name: 'Add Email Integration' }).waitFor(VISIBLE));
  assert.deepEqual(pageErrors, []);
});

test('an ADMIN off the company domain is sent away from /communications and the SMTP editor', async () => {
  const page = await signedInAt(outsider, '/communications');
  await page.waitForURL((url) => url.pathname !== '/communications', VISIBLE);
  await page.goto(`${stack.origin}/settings/email-integrations/new`);
  await page.waitForURL((url) => !url.pathname.startsWith('/settings/email-integrations'), VISIBLE);
});
