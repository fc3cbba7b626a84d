// A comms process dies after the SMTP server took a message and before it recorded the fact.
// The row says the message was handed over (handed_over_at, written before the final "." of DATA),
// but a hand-over does not prove the "." left the process (a SIGKILL in between lost mail under
// load), so once the claim's lease runs out another dispatcher sends it again with the same
// Message-ID (ADR 0029): at-least-once, and a second copy a mail system can recognise.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { describe, it, afterAll } from '@jest/globals';
import { createEvent } from '@lectern/events';
import { createDatabase, createKafka, parseBrokers } from '@lectern/service-kit';
import { patience } from '@lectern/service-kit/testing';
import type { CommsDatabase } from '../src/data/database.ts';
import { MailDispatcher } from '../src/delivery/mail.dispatcher.ts';
import { createSmtpTransport } from '../src/mail/mail.transport.ts';
import { commsTestEnv, messagesTo, publish, sharedMail, uniqueAddress, waitFor } from './helper.ts';

describe('crash between SMTP delivery and recording it', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  it('sends the handed-over e-mail again after the lease runs out, with the same Message-ID', async () => {
    const { catcher } = await sharedMail();
    // lease = 4 × MAIL_SMTP_TIMEOUT_MS = 4 s
    const env = await commsTestEnv({ MAIL_SMTP_TIMEOUT_MS: '1000' });
    const child = spawn(process.execPath, [new URL('./fixtures/crashing-comms.ts', import.meta.url).pathname], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanup.push(async () => child.kill('SIGKILL'));
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    const exited = once(child, 'exit') as Promise<[number | null]>;
    await waitFor('the crashing comms process to start', () => output.includes('ready') || child.exitCode !== null, patience(60_000));

    const kafka = createKafka({ brokers: parseBrokers(env.KAFKA_BROKERS!), clientId: 'crash-window-test' });
    const to = uniqueAddress('crash');
    const userId = randomUUID();
    const event = createEvent('identity.user.verification-requested.v1', {
      orgId: null,
      subject: userId,
      data: { userId, email: to, firstName: 'Cy', confirmationUrl: `http://localhost:8080/confirmed?token=${randomUUID()}`, confirmationExpiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    await publish(kafka, env.KAFKA_TOPIC_PREFIX!, event);
    const [code] = await exited;
    assert.equal(code, 17, `the process should die in the crash window; output: ${output}`);

    // The first copy arrived, but the row still says 'sending' under a lease.
    const first = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 10_000);
    const database = createDatabase<CommsDatabase>({ connectionString: env.DATABASE_URL!, schema: env.DATABASE_SCHEMA! });
    cleanup.push(() => database.close());
    const row = () => database.db.selectFrom('sent_emails').selectAll().where('source_event_id', '=', event.id).executeTakeFirstOrThrow();
    const stuck = await row();
    assert.equal(stuck.status, 'sending');
    assert.equal(stuck.attempts, 1);
    assert.ok(stuck.handed_over_at, 'the hand-over was recorded before the final "."');
    assert.ok(stuck.available_at.getTime() > Date.now(), 'still under its lease');

    // A new dispatcher (a restarted or second instance) leaves it alone until the lease ends, then sends it.
    const dispatcher = new MailDispatcher({
      db: database.db,
      transport: createSmtpTransport({ url: env.SMTP_URL!, from: { name: 'Lectern Test', address: 'no-reply@lectern.test' }, timeoutMs: 5000 }),
      logger: { error() {}, warn() {}, info() {}, debug() {} },
      maxAttempts: 5,
      retryBaseMs: 200,
      retryMaxMs: 1000,
      pollMs: 200,
      leaseMs: 20_000,
    });
    dispatcher.start();
    cleanup.push(() => dispatcher.stop());
    await dispatcher.flush();
    assert.equal(dispatcher.stats.sent, 0, 'nothing is sent again while the lease holds');
    await waitFor('the row to be sent after the lease', async () => (await row()).status === 'sent', patience(20_000));

    const sent = await row();
    assert.equal(sent.attempts, 2);
    assert.match(sent.smtp_response ?? '', /^250/);
    assert.equal(dispatcher.stats.resentAfterHandover, 1);
    await waitFor('the second copy to arrive', async () => (await messagesTo(catcher, to)).length === 2, patience(10_000));
    const copies = await messagesTo(catcher, to);
    assert.deepEqual(copies.map((m) => m.headers?.['message-id']), [sent.message_id, sent.message_id], 'both copies carry the row\'s Message-ID');
    assert.equal(first.headers?.['message-id'], sent.message_id);
    const outcomes = await database.db.selectFrom('outbox').select('type').where('key', '=', sent.id).execute();
    assert.deepEqual(outcomes.map((o) => o.type), ['comms.email.sent.v1']);
  });
});
