// SMTP trouble: the server down for a while, a server that refuses the recipient, a server that
// never comes back. Mail is delayed, never lost; a hopeless message ends as failed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, afterAll } from '@jest/globals';
import { createEvent } from '@lectern/events';
import type { EventEnvelope } from '@lectern/events';
import { mailOf, patience, startPrivateInfra } from '@lectern/local-stack/testing';
import { buildTestApp, messagesTo, publish, uniqueAddress, waitFor } from './helper.ts';
import { closedPort, startRejectingSmtp } from './fixtures/rejecting-smtp.server.ts';

function invite(email: string) {
  const inviteId = randomUUID();
  return createEvent('identity.invite.created.v1', {
    orgId: randomUUID(),
    subject: inviteId,
    data: { inviteId, email, role: 'STAFF', invitedBy: randomUUID(), inviterName: 'Paul', organizationName: 'Grace Church', inviteUrl: `http://localhost:8080/signup?invite=${inviteId}`, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  });
}

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function startApp(env: Record<string, string>): Promise<App> {
  const { app } = await buildTestApp(env);
  await app.ready();
  await app.kit.whenStarted();
  return app;
}

const rowOf = (app: App, event: EventEnvelope) => app.kit.db.selectFrom('sent_emails').selectAll().where('source_event_id', '=', event.id).executeTakeFirst();

async function outcomeEvent(app: App, emailId: string) {
  await waitFor('the outcome event to be published', async () => (await app.kit.db.selectFrom('outbox').select('published_at').where('key', '=', emailId).executeTakeFirst())?.published_at != null);
  const row = await app.kit.db.selectFrom('outbox').selectAll().where('key', '=', emailId).executeTakeFirstOrThrow();
  return { type: row.type, envelope: row.envelope as EventEnvelope };
}

describe('SMTP outages', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  it('SMTP down, then up again: the e-mail is retried with back-off and delivered once', async () => {
    const mail = await startPrivateInfra(['mail']);
    cleanup.push(() => mail.stop());
    const catcher = mailOf(mail);
    const app = await startApp({ SMTP_URL: mail.endpoints.smtpUrl });
    cleanup.push(() => app.close());

    await mail.stopComponent('mail');
    const to = uniqueAddress('outage');
    const event = invite(to);
    await publish(app.kit.kafka, app.kit.topicPrefix, event);
    await waitFor('two failed attempts', async () => ((await rowOf(app, event))?.attempts ?? 0) >= 2);
    const waiting = await rowOf(app, event);
    assert.ok(waiting?.status === 'pending' || waiting?.status === 'sending', `status ${waiting?.status}`);
    assert.match(waiting?.last_error ?? '', /ECONNREFUSED|ESOCKET|ECONNECTION/);
    // The row is written before the dispatcher's counters: wait for them rather than race them.
    await waitFor('two retries counted', () => app.mail.stats.retried >= 2);

    await mail.startComponent('mail');
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), patience(20_000));
    assert.equal(message.subject, 'Paul invited you to join Grace Church on Lectern Test');
    await waitFor('the row to be sent', async () => (await rowOf(app, event))?.status === 'sent');
    const sent = await rowOf(app, event);
    assert.ok((sent?.attempts ?? 0) >= 3, `attempts ${sent?.attempts}`);
    assert.equal(sent?.last_error, null);
    assert.equal((await messagesTo(catcher, to)).length, 1);
    const outcome = await outcomeEvent(app, sent!.id);
    assert.equal(outcome.type, 'comms.email.sent.v1');
    assert.equal((outcome.envelope as EventEnvelope<'comms.email.sent.v1'>).data.attempts, sent?.attempts);
  });

  it('a recipient the server refuses (550) is failed at once, not retried, and comms.email.failed.v1 says why', async () => {
    const smtp = await startRejectingSmtp();
    cleanup.push(() => smtp.close());
    const app = await startApp({ SMTP_URL: smtp.url });
    cleanup.push(() => app.close());

    const event = invite(uniqueAddress('refused'));
    await publish(app.kit.kafka, app.kit.topicPrefix, event);
    await waitFor('the row to fail', async () => (await rowOf(app, event))?.status === 'failed');
    const row = await rowOf(app, event);
    assert.equal(row?.attempts, 1);
    assert.match(row?.last_error ?? '', /550 5\.1\.1 No such user here/);
    const outcome = await outcomeEvent(app, row!.id);
    assert.equal(outcome.type, 'comms.email.failed.v1');
    const data = (outcome.envelope as EventEnvelope<'comms.email.failed.v1'>).data;
    assert.equal(data.permanent, true);
    assert.equal(data.attempts, 1);
    assert.equal(data.sourceEventId, event.id);
  });

  it('a server that never answers: after MAIL_MAX_ATTEMPTS the e-mail is recorded as failed', async () => {
    const app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '200' });
    cleanup.push(() => app.close());
    const event = invite(uniqueAddress('never'));
    await publish(app.kit.kafka, app.kit.topicPrefix, event);
    await waitFor('the row to fail', async () => (await rowOf(app, event))?.status === 'failed');
    const row = await rowOf(app, event);
    assert.equal(row?.attempts, 3);
    assert.match(row?.last_error ?? '', /^gave up after 3 attempts: .*ECONNREFUSED/);
    const outcome = await outcomeEvent(app, row!.id);
    assert.equal(outcome.type, 'comms.email.failed.v1');
    assert.equal((outcome.envelope as EventEnvelope<'comms.email.failed.v1'>).data.permanent, false);
  });
});
