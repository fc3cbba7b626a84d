// identity.events → comms → SMTP → the real mail catcher, on real Kafka and Postgres.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { createEvent, mailLinkContext } from '@lectern/events';
import { createSecretBox, type SecretBox } from '@lectern/service-kit';
import type { EventEnvelope } from '@lectern/events';
import type { MailCatcher } from '@lectern/local-stack/testing';
import { buildTestApp, messagesTo, publish, sharedMail, uniqueAddress, waitFor } from './helper.ts';

const ORIGIN = 'http://localhost:8080';

// Identity seals the links with the SECRET_KEYS comms shares; set from the app's env.
let box: SecretBox;
const seal = (userId: string, url: string) => box.seal(url, mailLinkContext(userId));
/** The plain link inside a sealed event (what the recipient must get). */
const confirmationLinkOf = (event: EventEnvelope<'identity.user.registered.v1'>) => box.open(event.data.sealedConfirmationUrl!, mailLinkContext(event.data.userId));

function registered(email: string, overrides: Partial<EventEnvelope<'identity.user.registered.v1'>['data']> = {}, url = `${ORIGIN}/confirmed?token=${randomUUID()}`) {
  const userId = randomUUID();
  const orgId = randomUUID();
  return createEvent('identity.user.registered.v1', {
    orgId,
    subject: userId,
    data: {
      userId,
      email,
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'MEMBER',
      orgId,
      organizationName: 'Grace Church',
      sealedConfirmationUrl: seal(userId, url),
      confirmationExpiresAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      viaInvite: false,
      ...overrides,
    },
  });
}

/** An invite as identity publishes it: the id only inside the sealed link, known by its digest. */
function inviteCreated(email: string) {
  const inviteId = randomUUID();
  const inviteRef = createHash('sha256').update(inviteId).digest('hex');
  const inviteUrl = `${ORIGIN}/signup?invite=${inviteId}`;
  const event = createEvent('identity.invite.created.v1', {
    orgId: randomUUID(),
    subject: inviteRef,
    data: {
      inviteRef,
      email,
      role: 'PASTOR',
      invitedBy: randomUUID(),
      inviterName: 'Paul Smith',
      organizationName: 'Grace <Church> & Co',
      sealedInviteUrl: seal(inviteRef, inviteUrl),
      expiresAt: '2026-12-07T12:00:00.000Z',
    },
  });
  return { event, inviteId, inviteUrl };
}

describe('identity e-mails through comms', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let catcher: MailCatcher;
  const send = (...events: EventEnvelope[]) => publish(built.app.kit.kafka, built.app.kit.topicPrefix, ...events);
  const rowsFor = (sourceEventId: string) => built.app.kit.db.selectFrom('sent_emails').selectAll().where('source_event_id', '=', sourceEventId).execute();
  const outboxFor = (emailId: string) => built.app.kit.db.selectFrom('outbox').selectAll().where('key', '=', emailId).execute();

  beforeAll(async () => {
    ({ catcher } = await sharedMail());
    built = await buildTestApp();
    box = createSecretBox({ SECRET_KEYS: built.env.SECRET_KEYS! });
    await built.app.ready();
    await built.app.kit.whenStarted();
  });
  afterAll(() => built?.app.close());

  it('user registered → the confirmation e-mail with the link reaches the recipient', async () => {
    const to = uniqueAddress('ann');
    const event = registered(to);
    await send(event);
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    assert.equal(message.subject, 'Confirm your e-mail address for Lectern Test');
    assert.deepEqual(message.from.map((f) => f.address), ['no-reply@lectern.test']);
    assert.equal(message.from[0]?.name, 'Lectern Test');
    const link = confirmationLinkOf(event);
    assert.ok(message.text?.includes(link), message.text);
    assert.ok(message.html?.includes(`href="${link}"`), 'link in the HTML part');
    assert.match(message.text ?? '', /^Hi Ann,/);

    await waitFor('the row to be recorded as sent', async () => (await rowsFor(event.id))[0]?.status === 'sent');
    const [row] = await rowsFor(event.id);
    assert.equal(row?.kind, 'email-confirmation');
    assert.equal(row?.recipient, to);
    assert.equal(row?.attempts, 1);
    assert.equal(row?.org_id, event.orgId);
    assert.ok(row?.sent_at);
    // MailDev returns headers lower-cased
    assert.equal(message.headers?.['message-id'], row?.message_id);

    await waitFor('comms.email.sent.v1 to be published', async () => (await outboxFor(row!.id)).some((o) => o.published_at !== null));
    const [outbox] = await outboxFor(row!.id);
    assert.equal(outbox?.type, 'comms.email.sent.v1');
    const sent = outbox?.envelope as EventEnvelope<'comms.email.sent.v1'>;
    assert.equal(sent.data.sourceEventId, event.id);
    assert.equal(sent.data.recipient, to);
    assert.equal(sent.data.kind, 'email-confirmation');
    assert.equal(sent.orgId, event.orgId);
  });

  it('invite created → the invitation names inviter, organization and role, escaped, with the invite link', async () => {
    const to = uniqueAddress('invitee');
    const { event, inviteId, inviteUrl } = inviteCreated(to);
    assert.ok(!JSON.stringify(event).includes(inviteId), 'the envelope holds the invite id only sealed');
    await send(event);
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    assert.equal(message.subject, 'Paul Smith invited you to join Grace <Church> & Co on Lectern Test');
    assert.ok(message.text?.includes(`Accept invitation: ${inviteUrl}`));
    assert.match(message.text ?? '', /Paul Smith has invited you to join Grace <Church> & Co on Lectern Test as a pastor\./);
    assert.match(message.text ?? '', /expires on Dec 7, 2026/);
    assert.ok(message.html?.includes('Grace &lt;Church&gt; &amp; Co'), 'organization name escaped in HTML');
    assert.ok(!message.html?.includes('<Church>'));
    assert.ok(message.html?.includes(`href="${inviteUrl}"`));
    await waitFor('the invite link to be removed from the stored message once sent', async () => {
      const [stored] = await rowsFor(event.id);
      return stored?.status === 'sent' && !JSON.stringify(stored).includes(inviteId);
    });
  });

  it('an invite link sealed for another invite does not open: the e-mail is recorded as failed, nothing sent', async () => {
    const to = uniqueAddress('swapped-invite');
    const { event } = inviteCreated(to);
    const other = inviteCreated(uniqueAddress('other-invite'));
    const swapped = { ...event, data: { ...event.data, sealedInviteUrl: other.event.data.sealedInviteUrl } };
    await send(swapped);
    await waitFor('the e-mail to be recorded as failed', async () => (await rowsFor(event.id))[0]?.status === 'failed');
    assert.match((await rowsFor(event.id))[0]?.last_error ?? '', /could not render the invitation e-mail/);
    assert.equal((await messagesTo(catcher, to)).length, 0);
  });

  it('verification requested → a new confirmation e-mail', async () => {
    const to = uniqueAddress('resend');
    const userId = randomUUID();
    const url = `${ORIGIN}/confirmed?token=${randomUUID()}`;
    await send(createEvent('identity.user.verification-requested.v1', { orgId: null, subject: userId, data: { userId, email: to, firstName: null, sealedConfirmationUrl: seal(userId, url), confirmationExpiresAt: new Date(Date.now() + 24 * 3_600_000).toISOString() } }));
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    assert.match(message.text ?? '', /Here is a new link/);
    assert.ok(message.text?.includes(url));
  });

  it('password link requested → "Reset your password" or, for a member added by staff, "Set your password", with the single-use link', async () => {
    const to = uniqueAddress('reset');
    const userId = randomUUID();
    const linkUrl = `${ORIGIN}/reset-password#token=${randomUUID()}`;
    const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
    await send(createEvent('identity.password-link.requested.v1', { orgId: null, subject: userId, data: { userId, email: to, firstName: 'Ruth', organizationName: null, purpose: 'reset', sealedLinkUrl: seal(userId, linkUrl), expiresAt } }));
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    assert.equal(message.subject, 'Reset your Lectern Test password');
    assert.ok(message.text?.includes(linkUrl), message.text);
    assert.match(message.text ?? '', /works for 30 minutes and can be used once/);

    const member = uniqueAddress('member');
    await send(createEvent('identity.password-link.requested.v1', { orgId: randomUUID(), subject: userId, data: { userId, email: member, firstName: null, organizationName: 'Grace Church', purpose: 'set-password', sealedLinkUrl: seal(userId, linkUrl), expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() } }));
    const welcome = await catcher.waitForMessage((m) => m.to.some((t) => t.address === member), 20_000);
    assert.equal(welcome.subject, 'Set your password for Grace Church on Lectern Test');
    assert.ok(welcome.html?.includes(`href="${linkUrl}"`));
  });

  it('waitlist confirmation requested → "Confirm your spot on the waiting list" with the link, valid 48 hours', async () => {
    const to = uniqueAddress('waitlist');
    const signupId = randomUUID();
    const confirmUrl = `${ORIGIN}/waitlist/confirm?token=${randomUUID()}`;
    const expiresAt = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const event = createEvent('identity.waitlist.confirmation-requested.v1', { orgId: null, subject: signupId, data: { signupId, email: to, source: 'marketing-landing', sealedConfirmUrl: seal(signupId, confirmUrl), expiresAt } });
    await send(event);
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    assert.equal(message.subject, 'Confirm your spot on the Lectern Test waiting list');
    assert.ok(message.text?.includes(confirmUrl), message.text);
    assert.ok(message.html?.includes(`href="${confirmUrl}"`));
    assert.match(message.text ?? '', /works for 2 days/);
    const [row] = await rowsFor(event.id);
    assert.equal(row?.kind, 'waitlist-confirmation');
    await waitFor('the link to be removed from the stored message once sent', async () => {
      const [stored] = await rowsFor(event.id);
      return stored?.status === 'sent' && !stored.text_body.includes(confirmUrl) && !stored.html_body.includes(confirmUrl);
    });
  });

  it('organization created then renamed → the name e-mails show follows, in order', async () => {
    const organizationId = randomUUID();
    await send(
      createEvent('identity.organization.created.v1', { orgId: organizationId, subject: organizationId, data: { organizationId, name: 'Grace Church', subdomain: 'grace', domain: null, plan: null, createdBy: null, via: 'signup' } }),
      createEvent('identity.organization.renamed.v1', { orgId: organizationId, subject: organizationId, data: { organizationId, name: 'Grace Community Church', previousName: 'Grace Church', renamedBy: randomUUID() } }),
    );
    const nameOf = async () => (await built.app.kit.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst())?.name;
    await waitFor('the rename to reach comms', async () => (await nameOf()) === 'Grace Community Church');
  });

  it('a redelivered event does not send a second e-mail', async () => {
    const to = uniqueAddress('twice');
    const event = registered(to);
    const duplicatesBefore = built.app.kit.consumers[0]!.stats.duplicates;
    // twice in one batch, then again after the first was applied and sent (a relay replay)
    await send(event, event);
    await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    await send(event);
    await waitFor('both copies to be recognised as duplicates', () => built.app.kit.consumers[0]!.stats.duplicates >= duplicatesBefore + 2);
    await built.app.mail.flush();
    assert.equal((await messagesTo(catcher, to)).length, 1);
    assert.equal((await rowsFor(event.id)).length, 1);
  });

  it('a message that cannot be built is recorded as failed and does not block the partition', async () => {
    const bad = uniqueAddress('bad');
    const good = uniqueAddress('good');
    const subject = randomUUID();
    // same key → same partition, bad one first
    const badEvent = { ...registered(bad, {}, 'javascript:alert(1)'), subject };
    const goodEvent = { ...registered(good), subject };
    await send(badEvent, goodEvent);
    await catcher.waitForMessage((m) => m.to.some((t) => t.address === good), 20_000);
    const [row] = await rowsFor(badEvent.id);
    assert.equal(row?.status, 'failed');
    assert.match(row?.last_error ?? '', /could not render the email-confirmation e-mail: refusing a javascript: link/);
    assert.equal((await messagesTo(catcher, bad)).length, 0);
    const [outbox] = await outboxFor(row!.id);
    assert.equal(outbox?.type, 'comms.email.failed.v1');
    assert.equal((outbox?.envelope as EventEnvelope<'comms.email.failed.v1'>).data.permanent, true);
  });
  it('the stored e-mail loses its link once delivered; the event on Kafka never held it in plain', async () => {
    const to = uniqueAddress('purge');
    const token = randomUUID();
    const event = registered(to, {}, `${ORIGIN}/confirmed?token=${token}`);
    assert.ok(!JSON.stringify(event).includes(token), 'the envelope holds the token only sealed');
    await send(event);
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    assert.ok(message.text?.includes(token), 'the recipient gets the working link');
    await waitFor('the row to be recorded as sent', async () => (await rowsFor(event.id))[0]?.status === 'sent');
    const [row] = await rowsFor(event.id);
    assert.ok(!JSON.stringify(row).includes(token), 'no token in sent_emails');
    assert.ok(row!.text_body.includes('[link removed after delivery]'), row!.text_body);
    assert.match(row!.text_body, /^Hi Ann,/);

    const reset = uniqueAddress('purge-reset');
    const userId = randomUUID();
    const resetToken = randomUUID();
    const resetEvent = createEvent('identity.password-link.requested.v1', { orgId: null, subject: userId, data: { userId, email: reset, firstName: null, organizationName: null, purpose: 'reset', sealedLinkUrl: seal(userId, `${ORIGIN}/reset-password#token=${resetToken}`), expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() } });
    await send(resetEvent);
    await waitFor('the reset e-mail to be recorded as sent', async () => (await rowsFor(resetEvent.id))[0]?.status === 'sent');
    assert.ok(!JSON.stringify(await rowsFor(resetEvent.id)).includes(resetToken), 'no password token in sent_emails');
  });

  it('a sealed link opens only for the user it was sealed for; an event from before sealing (plain link) is still delivered', async () => {
    const stolen = uniqueAddress('stolen');
    const victim = registered(uniqueAddress('victim'));
    // The victim's sealed link copied into another user's event does not open there.
    const forged = registered(stolen, { sealedConfirmationUrl: victim.data.sealedConfirmationUrl! });
    await send(forged);
    await waitFor('the forged event to be recorded as failed', async () => (await rowsFor(forged.id))[0]?.status === 'failed');
    assert.match((await rowsFor(forged.id))[0]!.last_error ?? '', /does not open/);
    assert.equal((await messagesTo(catcher, stolen)).length, 0);

    const legacy = uniqueAddress('legacy');
    const userId = randomUUID();
    const url = `${ORIGIN}/confirmed?token=${randomUUID()}`;
    await send(createEvent('identity.user.verification-requested.v1', { orgId: null, subject: userId, data: { userId, email: legacy, firstName: null, confirmationUrl: url, confirmationExpiresAt: new Date(Date.now() + 3_600_000).toISOString() } }));
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === legacy), 20_000);
    assert.ok(message.text?.includes(url));
  });
});
