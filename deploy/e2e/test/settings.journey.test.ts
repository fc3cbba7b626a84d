// Issue 13 in a browser: the settings page by role (an internal-domain ADMIN, a non-internal
// ADMIN, a MEMBER), profile editing, inviting a PASTOR whose e-mailed link signs up and takes a
// seat, revoking an invite, and password recovery from /login — against the real identity and
// comms services, Kafka, Postgres and the mail catcher.
import { test, beforeAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { patience } from '@lectern/local-stack/testing';
import type { Page } from 'playwright-core';
import { screenshot } from './frontend.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { seedOrganization, seedPerson } from './auth.fixtures.ts';
import type { Person } from './auth.fixtures.ts';
import { browserJourney } from './journey.helpers.ts';
import { signInThroughForm, solveCaptcha, VISIBLE } from './signin.helpers.ts';
import { assertDialogFitsAt390, assertNoOverflowAt390, assertSidebarSpansPage } from './page-quality.helpers.ts';
import { assertNoSeriousAxeViolations } from './axe.helpers.ts';

const journey = browserJourney();
const { newPage, signedInAt, pageErrors } = journey;
let stack: Stack;
let internalAdmin: Person;
let externalAdmin: Person;
let member: Person;

beforeAll(async () => {
  stack = journey.stack;
  const orgId = await seedOrganization(stack, 'Hope Chapel');
  internalAdmin = await seedPerson(stack, orgId, 'ADMIN', { email: `settings-admin-${Date.now()}@lectern.app` });
  externalAdmin = await seedPerson(stack, orgId, 'ADMIN');
  member = await seedPerson(stack, orgId, 'MEMBER');
});

const sectionTitles = (page: Page) => page.locator('section[aria-label] h2 button').allTextContents();
const section = (page: Page, title: string) => page.getByRole('region', { name: title });
const openSection = async (page: Page, title: string) => {
  const toggle = page.getByRole('button', { name: title, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
};
const linkIn = (text: string, pattern: RegExp): string | undefined => pattern.exec(text)?.[1]?.replace(/&amp;/g, '&');

test('an internal-domain ADMIN edits the profile, invites a PASTOR (mail, signup, seat), revokes an invite', async () => {
  const page = await signedInAt(internalAdmin, '/settings');
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor(VISIBLE);
  assert.deepEqual((await sectionTitles(page)).map((t) => t.replace('▼', '').trim()), ['Organization Settings', 'User Profile', 'Team Members', 'Integrations', 'Email Integrations (SMTP)']);
  assert.ok(await page.locator('#area-staff').getByRole('button', { name: 'Sign Out' }).isVisible());
  assert.equal(await page.getByRole('button', { name: 'Organization Settings' }).getAttribute('aria-expanded'), 'true', 'Organization open by default');

  // Profile: Cancel reverts, Save Changes persists on the server.
  await openSection(page, 'User Profile');
  const profile = section(page, 'User Profile');
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('First name').fill('Temporary');
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await profile.getByText('Admin', { exact: true }).waitFor(VISIBLE);
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('First name').fill('Abigail');
  await profile.getByLabel('Last name').fill('Adams');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('User profile saved successfully').waitFor(VISIBLE);
  await profile.getByText('Abigail', { exact: true }).waitFor(VISIBLE);
  const { rows } = await stack.identityDb.query<{ first_name: string; last_name: string }>('select first_name, last_name from users where email = $1', [internalAdmin.email]);
  assert.deepEqual(rows[0], { first_name: 'Abigail', last_name: 'Adams' });
  assert.ok((await profile.innerText()).includes(internalAdmin.email), 'e-mail shown read only');

  // Team: 3 seats (two admins … plus nobody else on a seat), invite a PASTOR and a STAFF.
  await openSection(page, 'Team Members');
  const team = section(page, 'Team Members');
  await team.getByTestId('seats').getByText('2 of 4 seats used').waitFor(VISIBLE);
  const pastorEmail = `pastor-invite-${Date.now()}@grace-e2e.org`;
  const staffEmail = `staff-invite-${Date.now()}@grace-e2e.org`;
  assert.equal(await team.getByLabel('Role').inputValue(), 'STAFF', 'role defaults to STAFF');
  await team.getByLabel('Email').fill(staffEmail);
  await team.getByRole('button', { name: 'Send Invite' }).click();
  await page.getByText(`Invite sent to ${staffEmail}`).waitFor(VISIBLE);
  await team.getByLabel('Email').fill(pastorEmail);
  await team.getByLabel('Role').selectOption('PASTOR');
  await team.getByRole('button', { name: 'Send Invite' }).click();
  await page.getByText(`Invite sent to ${pastorEmail}`).waitFor(VISIBLE);
  const pending = team.getByRole('list', { name: 'Pending invites' });
  const listed = await pending.locator('li').allInnerTexts();
  assert.ok(listed[0]!.includes(pastorEmail) && listed[1]!.includes(staffEmail), 'newest first');
  await screenshot(page, '60-settings-team-invites');
  await assertNoSeriousAxeViolations(page, '/settings (team and invites open)');

  // Copy link puts {origin}/signup?invite={id} on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.origin });
  await team.getByRole('button', { name: `Copy link for ${pastorEmail}` }).click();
  await page.getByText('Invite link copied to clipboard').waitFor(VISIBLE);
  const copied = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
  assert.match(copied, new RegExp(`^${stack.origin.replace(/[.]/g, '\\.')}/signup\\?invite=[0-9a-f-]{36}$`));

  // Revoke the STAFF invite.
  await team.getByRole('button', { name: `Revoke invite for ${staffEmail}` }).click();
  await page.getByText('Invite revoked successfully').waitFor(VISIBLE);
  assert.equal(await pending.getByText(staffEmail).count(), 0);

  // The PASTOR's e-mail arrives; its link signs up.
  const mail = await stack.mail.waitForMessage((m) => m.to.some((to) => to.address === pastorEmail), 30_000);
  const inviteLink = linkIn(`${mail.text ?? ''} ${mail.html ?? ''}`, /(https?:\/\/[^\s"'<>]+\/signup\?invite=[0-9a-f-]{36})/);
  assert.equal(inviteLink, copied);
  const invitee = await newPage();
  await invitee.goto(inviteLink!);
  await invitee.getByText('You were invited to join').waitFor(VISIBLE);
  await invitee.getByLabel('First name').fill('Paula');
  await invitee.getByLabel('Last name').fill('Pastor');
  await invitee.getByLabel('Password', { exact: true }).fill('Steady-River-Stone-31');
  await solveCaptcha(invitee);
  await invitee.getByRole('button', { name: 'Continue' }).click();
  await invitee.getByRole('heading', { name: 'Check your email' }).waitFor(VISIBLE);
  await invitee.context().close();

  await page.reload();
  await openSection(page, 'Team Members');
  await section(page, 'Team Members').getByTestId('seats').getByText('3 of 4 seats used').waitFor(VISIBLE);
  assert.ok(await section(page, 'Team Members').getByRole('list', { name: 'Team members' }).getByText(pastorEmail).isVisible());
  assert.equal(await section(page, 'Team Members').getByRole('list', { name: 'Pending invites' }).count(), 0, 'the used invite left the pending list');
  await screenshot(page, '61-settings-after-signup');
  await assertNoOverflowAt390(page, `${stack.origin}/settings`, (p) => p.getByRole('heading', { name: 'Settings', exact: true }).waitFor(VISIBLE));
  await page.context().close();
});

test('an internal-domain ADMIN manages members on /members: empty state, Add Member (with a set-password e-mail), filters, role and status selects, Export and Import', async () => {
  const page = await signedInAt(internalAdmin, '/members');
  await page.getByRole('heading', { name: 'Members', exact: true }).waitFor(VISIBLE);
  await page.getByText('Get started by adding your first member.').waitFor(VISIBLE);
  await page.getByTestId('member-count').getByText('0 Members').waitFor(VISIBLE);
  await screenshot(page, '66-members-empty');
  await assertNoSeriousAxeViolations(page, '/members (empty)');

  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Member' });
  const memberEmail = `lydia-${Date.now()}@grace-e2e.org`;
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await dialog.getByText('Email is required.').waitFor(VISIBLE);
  await dialog.getByLabel('Email').fill(memberEmail);
  await dialog.getByLabel('First name').fill('Lydia');
  await dialog.getByLabel('Last name').fill('Thyatira');
  await dialog.getByLabel('Phone (optional)').fill('555-0142');
  await dialog.getByLabel('Role').selectOption('VOLUNTEER');
  await dialog.getByLabel('Let this member sign in').check();
  await screenshot(page, '67-members-add-modal');
  await assertNoSeriousAxeViolations(page, 'Add Member dialog');
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await page.getByText('Member added successfully').waitFor(VISIBLE);
  const row = page.getByRole('listitem', { name: 'Lydia Thyatira' });
  await row.waitFor(VISIBLE);
  assert.match(await row.innerText(), /Active[\s\S]*Volunteer[\s\S]*555-0142[\s\S]*Joined [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  const mail = await stack.mail.waitForMessage((m) => m.to.some((to) => to.address === memberEmail), 30_000);
  assert.match(mail.subject ?? '', /^Set your password for Hope Chapel/);
  assert.ok((mail.text ?? '').includes('/reset-password#token='), 'a set-password link, not a password');

  // Import: a file with an error imports nothing; a good file adds two members.
  await page.getByRole('button', { name: 'Import' }).click();
  const importer = page.getByRole('dialog', { name: 'Import Members' });
  await importer.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('first_name,last_name,email\nAnna,Asher,anna@grace-e2e.org\n,Simeon,not-an-email\n') });
  await importer.getByText('1 row ready, 1 with errors.').waitFor(VISIBLE);
  // each of a row's errors on its own line, not run together into one sentence
  assert.ok(await importer.getByText('Enter a valid email address', { exact: true }).isVisible());
  assert.ok(await importer.getByText('First name is required.', { exact: true }).isVisible());
  assert.equal(await importer.getByRole('button', { name: 'Import 1 member' }).isDisabled(), true);
  await screenshot(page, '68-members-import-errors');
  await assertNoSeriousAxeViolations(page, 'Import dialog with errors');
  await importer.getByLabel('CSV file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from('first_name,last_name,email,role\nAnna,Asher,anna@grace-e2e.org,MEMBER\nSimeon,Temple,simeon@grace-e2e.org,VOLUNTEER\n') });
  await importer.getByRole('button', { name: 'Import 2 members' }).click();
  await page.getByText('Imported 2 members (2 added, 0 updated).').waitFor(VISIBLE);
  await page.getByTestId('member-count').getByText('3 Members').waitFor(VISIBLE);

  // Filters, search and the selects saved on the server.
  await page.getByLabel('Role filter').selectOption('VOLUNTEER');
  await page.getByTestId('member-count').getByText('2 Members').waitFor(VISIBLE);
  await page.getByLabel('Search members').fill('temple');
  await page.getByTestId('member-count').getByText('1 Member').waitFor(VISIBLE);
  await page.getByLabel('Role of Simeon Temple').selectOption('MEMBER');
  await page.getByText('Member role updated').waitFor(VISIBLE);
  await page.getByLabel('Role filter').selectOption('');
  await page.getByLabel('Status of Simeon Temple').selectOption('inactive');
  await page.getByText('Member status updated').waitFor(VISIBLE);
  const { rows } = await stack.identityDb.query<{ role: string; status: string }>("select role, status from members where email = 'simeon@grace-e2e.org'");
  assert.deepEqual(rows[0], { role: 'MEMBER', status: 'inactive' });
  await page.getByLabel('Search members').fill('nobody-matches-this');
  await page.getByText('Try adjusting your search or filters.').waitFor(VISIBLE);
  await page.getByLabel('Search members').fill('');
  await page.getByTestId('member-count').getByText('3 Members').waitFor(VISIBLE);
  await screenshot(page, '69-members-list');
  await assertNoSeriousAxeViolations(page, '/members (rows)');

  // Export the filtered rows.
  await page.getByLabel('Status filter').selectOption('active');
  await page.getByTestId('member-count').getByText('2 Members').waitFor(VISIBLE);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  const lines = csv.trim().split('\n');
  assert.equal(lines[0], 'first_name,last_name,email,phone,role,status,joined');
  assert.deepEqual(lines.slice(1).map((l) => l.split(',')[2]).sort(), ['anna@grace-e2e.org', memberEmail].sort());
  await assertNoOverflowAt390(page, `${stack.origin}/members`, (p) => p.getByTestId('member-count').waitFor(VISIBLE));
  await assertDialogFitsAt390(page, `${stack.origin}/members`, async (p) => {
    await p.getByTestId('member-count').waitFor(VISIBLE);
    await p.getByRole('button', { name: 'Import' }).click();
    return p.getByRole('dialog', { name: 'Import Members' });
  });
  await page.context().close();
});

test('an internal-domain ADMIN connects Planning Center (stand-in), syncs 250 people in 3 pages, edits them on /members, exports and re-imports the CSV', async () => {
  const orgId = await seedOrganization(stack, 'Cornerstone Fellowship');
  const admin = await seedPerson(stack, orgId, 'ADMIN', { email: `sync-admin-${Date.now()}@lectern.app` });
  const page = await signedInAt(admin, '/settings');
  // Not connected yet is an expected state: the editor finds that out without a failed request.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  await openSection(page, 'Integrations');
  const integrations = section(page, 'Integrations');
  await integrations.getByText('No integrations connected yet.').waitFor(VISIBLE);
  await integrations.getByRole('button', { name: 'Add New Integration' }).click();
  await integrations.getByRole('button', { name: 'Email', exact: true }).click();
  await integrations.getByText('No integrations found.').waitFor(VISIBLE);
  await integrations.getByRole('button', { name: 'Church Management Systems (CMS)' }).click();
  assert.equal(await integrations.getByRole('list', { name: 'Integration catalogue' }).locator('li').count(), 2);
  await integrations.getByLabel('Search integrations').fill('planning');
  assert.equal(await integrations.getByRole('list', { name: 'Integration catalogue' }).locator('li').count(), 1);
  await screenshot(page, '70-integrations-catalogue');
  await assertNoSeriousAxeViolations(page, 'integration catalogue');
  await integrations.getByRole('link', { name: 'Connect' }).click();
  await page.waitForURL(`${stack.origin}/settings/integrations/new/planningCenter`, VISIBLE);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('API Key is required.').waitFor(VISIBLE);
  assert.ok(await page.getByText('From Email is required.').isVisible());
  assert.deepEqual(consoleErrors, [], 'the catalogue and the new-integration editor log no console error');
  await page.getByLabel('API Key').fill('lectern-demo-app:lectern-demo-secret');
  await page.getByLabel('From Email').fill('office@cornerstone.example');
  await screenshot(page, '71-integration-editor');
  await assertNoSeriousAxeViolations(page, 'integration editor');
  // Connected but never synced: the section asks for the latest sync and gets an empty state, not a 404.
  const latestSync = page.waitForResponse((response) => response.url().endsWith('/integrations/planningCenter/sync-members/latest'), VISIBLE);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${stack.origin}/settings`, VISIBLE);
  await page.getByText('Integration added!').waitFor(VISIBLE);

  await openSection(page, 'Integrations');
  const yours = section(page, 'Integrations').getByRole('list', { name: 'Your integrations' });
  await yours.getByText('Planning Center').waitFor(VISIBLE);
  assert.equal((await latestSync).status(), 200);
  assert.deepEqual(consoleErrors, [], 'a connected integration that has never synced logs no console error');
  await yours.getByRole('button', { name: 'Sync Members' }).click();
  // The sync runs in the background on the server; the page follows its progress.
  await yours.getByRole('status').getByText(/^Syncing… \d+ members? from \d+ pages? so far$/).waitFor(VISIBLE);
  await screenshot(page, '72a-integrations-sync-progress');
  await page.getByText('Member sync completed! Synced 250 members from 3 pages.').waitFor({ timeout: patience(60_000) });
  await yours.getByText(/last synced .* \(250 members\)/).waitFor(VISIBLE);
  await screenshot(page, '72-integrations-synced');

  // Edit: Test Connection (the simulated 1-second wait).
  await yours.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'Edit Planning Center' }).waitFor(VISIBLE);
  assert.equal(await page.getByLabel('API Key').inputValue(), '', 'the saved key is never sent back');
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await page.getByText('Connection to Planning Center succeeded.').waitFor(VISIBLE);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(`${stack.origin}/settings`, VISIBLE);

  // The synced people on /members: filter, edit, export, re-import.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  await page.getByTestId('member-count').getByText('250 Members').waitFor(VISIBLE);
  await page.getByLabel('Search members').fill('naomi.adams.3@');
  await page.getByTestId('member-count').getByText('1 Member').waitFor(VISIBLE);
  await page.getByLabel('Role of Naomi Adams').selectOption('VOLUNTEER');
  await page.getByText('Member role updated').waitFor(VISIBLE);
  await page.getByLabel('Search members').fill('');
  await page.getByLabel('Role filter').selectOption('VOLUNTEER');
  await page.getByTestId('member-count').getByText('1 Member').waitFor(VISIBLE);
  await page.getByLabel('Role filter').selectOption('');
  await page.getByTestId('member-count').getByText('250 Members').waitFor(VISIBLE);
  await screenshot(page, '73-members-synced');
  await assertSidebarSpansPage(page, '/members with 250 people');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  assert.equal(csv.trim().split('\n').length, 251, 'header + 250 rows');
  await page.getByRole('button', { name: 'Import' }).click();
  const importer = page.getByRole('dialog', { name: 'Import Members' });
  await importer.getByLabel('CSV file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importer.getByText('250 rows ready, 0 with errors.').waitFor(VISIBLE);
  await importer.getByRole('button', { name: 'Import 250 members' }).click();
  await page.getByText('Imported 250 members (0 added, 250 updated).').waitFor(VISIBLE);
  await page.getByTestId('member-count').getByText('250 Members').waitFor(VISIBLE);
  const { rows } = await stack.identityDb.query<{ n: string }>("select count(*) as n from members where org_id = $1 and role = 'VOLUNTEER'", [orgId]);
  assert.equal(rows[0]!.n, '1', 'the edited role survived the round trip');

  // Delete with confirmation.
  await page.goto(`${stack.origin}/settings/integrations/edit/planningCenter`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Planning Center?' }).getByRole('button', { name: 'Delete Integration' }).click();
  await page.waitForURL(`${stack.origin}/settings`, VISIBLE);
  await page.getByText('Integration deleted!').waitFor(VISIBLE);
  await page.goto(`${stack.origin}/settings/integrations/edit/salesforce`);
  await page.getByText('Integration not found.').waitFor(VISIBLE);
  await page.context().close();
});

test('an internal-domain ADMIN connects Planning Center with its OAuth 2 sign-in (stand-in), syncs with it in the background, and disconnects (tokens revoked)', async () => {
  const orgId = await seedOrganization(stack, 'Living Water Church');
  const admin = await seedPerson(stack, orgId, 'ADMIN', { email: `oauth-admin-${Date.now()}@lectern.app` });
  const page = await signedInAt(admin, '/settings/integrations/new/planningCenter');
  const signIn = page.getByRole('region', { name: 'Planning Center sign-in' });
  await signIn.getByRole('button', { name: 'Connect with Planning Center' }).waitFor(VISIBLE);
  await signIn.getByRole('button', { name: 'Connect with Planning Center' }).click();
  await page.getByText('From Email is required.').waitFor(VISIBLE);
  await page.getByLabel('From Email').fill('office@livingwater.example');
  await screenshot(page, '73-integration-oauth-connect');
  await assertNoSeriousAxeViolations(page, 'integration editor with the Planning Center sign-in');
  await assertNoOverflowAt390(page, `${stack.origin}/settings/integrations/new/planningCenter`, async (p) => {
    await p.getByRole('button', { name: 'Connect with Planning Center' }).waitFor(VISIBLE);
    await screenshot(p, '73b-integration-editor-390');
  });
  await page.getByLabel('From Email').fill('office@livingwater.example');
  const revokedBefore = stack.churchSystems.stats.oauthRevoked;
  await page.getByRole('button', { name: 'Connect with Planning Center' }).click();
  // Off to Planning Center (the stand-in approves), back to the callback page, then /settings.
  await page.waitForURL(`${stack.origin}/settings`, { timeout: 30_000 });
  await page.getByText('Planning Center connected!').waitFor(VISIBLE);
  assert.equal(stack.churchSystems.stats.oauthTokenGrants.authorization_code >= 1, true);

  await openSection(page, 'Integrations');
  const yours = section(page, 'Integrations').getByRole('list', { name: 'Your integrations' });
  await yours.getByText(/connected with Planning Center sign-in/).waitFor(VISIBLE);
  await yours.getByRole('button', { name: 'Sync Members' }).click();
  await page.getByText('Member sync completed! Synced 250 members from 3 pages.').waitFor({ timeout: patience(60_000) });
  await screenshot(page, '74-integrations-oauth-synced');

  await yours.getByRole('link', { name: 'Edit' }).click();
  await page.getByText('Connected with your Planning Center sign-in.', { exact: false }).waitFor(VISIBLE);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText("Lectern's access is revoked at Planning Center", { exact: false }).waitFor(VISIBLE);
  await dialog.getByRole('button', { name: 'Delete Integration' }).click();
  await page.getByText('Integration deleted!').waitFor(VISIBLE);
  assert.equal(stack.churchSystems.stats.oauthRevoked - revokedBefore, 2, 'refresh and access tokens revoked at Planning Center');

  // A callback with a state nobody started is refused on the page, nothing connected.
  await page.goto(`${stack.origin}/settings/integrations/oauth/planningCenter?code=forged&state=forged`);
  await page.getByText('This Planning Center authorization is invalid, was already used or has expired. Connect again.').waitFor(VISIBLE);
  await assertNoSeriousAxeViolations(page, 'Planning Center callback refused');
  await page.close();
});

test('a non-internal ADMIN sees Organization and User Profile only, and is sent from /members to /', async () => {
  const page = await signedInAt(externalAdmin, '/settings');
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor(VISIBLE);
  assert.deepEqual((await sectionTitles(page)).map((t) => t.replace('▼', '').trim()), ['Organization Settings', 'User Profile']);
  await screenshot(page, '62-settings-external-admin');
  await page.goto(`${stack.origin}/members`);
  await page.waitForURL(`${stack.origin}/`, VISIBLE);
  await page.goto(`${stack.origin}/settings/integrations/new/planningCenter`);
  await page.waitForURL(`${stack.origin}/`, VISIBLE);
  // The server refuses what the screens hide.
  const token = await page.evaluate(() => JSON.parse((globalThis as unknown as { localStorage: { getItem(k: string): string } }).localStorage.getItem('lectern.session')).state.accessToken as string);
  for (const path of ['/members', '/integrations', '/invites', '/organization/users']) {
    const res = await fetch(`${stack.origin}/api/identity${path}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 403, path);
  }
  await page.context().close();
});

test('a MEMBER sees only the User Profile', async () => {
  const page = await signedInAt(member, '/settings');
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor(VISIBLE);
  assert.deepEqual((await sectionTitles(page)).map((t) => t.replace('▼', '').trim()), ['User Profile']);
  assert.ok(await section(page, 'User Profile').getByRole('button', { name: 'Edit' }).isVisible());
  await screenshot(page, '63-settings-member');
  await assertNoSeriousAxeViolations(page, '/settings (MEMBER)');
  const token = await page.evaluate(() => JSON.parse((globalThis as unknown as { localStorage: { getItem(k: string): string } }).localStorage.getItem('lectern.session')).state.accessToken as string);
  for (const path of ['/members', '/integrations', '/invites']) {
    assert.equal((await fetch(`${stack.origin}/api/identity${path}`, { headers: { authorization: `Bearer ${token}` } })).status, 403, path);
  }
  await page.goto(`${stack.origin}/members`);
  await page.waitForURL(`${stack.origin}/`, VISIBLE);
  await page.context().close();
});

test('Forgot password? sends a single-use link; the new password signs in, the old one no longer does', async () => {
  const page = await newPage();
  await page.goto(`${stack.origin}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Forgot password?' }).waitFor(VISIBLE);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('If an account exists for this email address').waitFor(VISIBLE);
  await screenshot(page, '64-forgot-password-sent');
  await assertNoSeriousAxeViolations(page, '/forgot-password');

  const mail = await stack.mail.waitForMessage((m) => m.to.some((to) => to.address === member.email) && /reset-password#token=/.test(`${m.text ?? ''}`), 30_000);
  const link = linkIn(mail.text ?? '', /(https?:\/\/\S+\/reset-password#token=\S+)/);
  assert.ok(link?.startsWith(`${stack.origin}/reset-password#token=`), link);
  await page.goto(link!);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor(VISIBLE);
  await screenshot(page, '65-reset-password-form');
  await assertNoSeriousAxeViolations(page, '/reset-password');
  assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Please meet the password requirements.').first().waitFor(VISIBLE);
  await page.getByLabel('New password', { exact: true }).fill('Fresh-Meadow-Light-64');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Your password has been updated.').waitFor(VISIBLE);
  await screenshot(page, '65-reset-password-done');
  await assertNoOverflowAt390(page, `${stack.origin}/forgot-password`, (p) => p.getByRole('heading', { name: 'Forgot password?' }).waitFor(VISIBLE));

  // A second use of the link (a fresh load: the same path with a fragment would not reload).
  await page.goto('about:blank');
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('Another-Meadow-Light-65');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('This password link is invalid, has expired or was already used.').waitFor(VISIBLE);

  await page.goto(`${stack.origin}/login`);
  await signInThroughForm(page, member.email, member.password);
  await page.getByText('Invalid email or password').waitFor(VISIBLE);
  await page.getByLabel('Password', { exact: true }).fill('Fresh-Meadow-Light-64');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${stack.origin}/member/dashboard`, VISIBLE);
  await page.context().close();
  assert.deepEqual(pageErrors, [], 'no uncaught errors in any page');
});
