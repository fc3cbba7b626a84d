// The path identity will really use: the event written with the kit's outbox in an identity-like
// schema, in the transaction of its state change, published by the kit's relay → comms → SMTP.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { sql } from 'kysely';
import { createEvent } from '@lectern/events';
import { appendEvent, createDatabase, migrateToLatest, OutboxRelay } from '@lectern/service-kit';
import type { Database } from '@lectern/service-kit';
import { freshSchemaName } from '@lectern/service-kit/testing';
import type { MailCatcher } from '@lectern/local-stack/testing';
import { buildTestApp, messagesTo, sharedMail, uniqueAddress, waitFor } from './helper.ts';

describe('identity outbox → relay → comms', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let catcher: MailCatcher;
  let identity: Database<Record<string, never>>;
  let relay: OutboxRelay;

  beforeAll(async () => {
    ({ catcher } = await sharedMail());
    built = await buildTestApp();
    await built.app.ready();
    const schema = freshSchemaName('identity');
    identity = createDatabase({ connectionString: built.env.DATABASE_URL!, schema });
    await migrateToLatest(identity.db, { schema });
    relay = new OutboxRelay({ db: identity.db, connectionString: built.env.DATABASE_URL!, schema, kafka: built.app.kit.kafka, topicPrefix: built.app.kit.topicPrefix, pollMs: 200 });
    await relay.start();
    await built.app.kit.whenStarted();
  });
  afterAll(async () => {
    await relay?.stop();
    await identity?.close();
    await built?.app.close();
  });

  it('an invite written with its outbox event reaches the invitee once; a rolled-back one sends nothing', async () => {
    const to = uniqueAddress('outbox');
    const ghost = uniqueAddress('rolled-back');
    // In the format published before invite links were sealed (plain id and link): still delivered.
    const invite = (email: string) => {
      const inviteId = randomUUID();
      return createEvent('identity.invite.created.v1', {
        orgId: randomUUID(),
        subject: inviteId,
        data: { inviteId, email, role: 'STAFF', invitedBy: randomUUID(), inviterName: 'Ruth', organizationName: 'Hope Chapel', inviteUrl: `http://localhost:8080/signup?invite=${inviteId}`, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
      });
    };
    await assert.rejects(
      identity.db.transaction().execute(async (trx) => {
        await appendEvent(trx, invite(ghost));
        throw new Error('the invite insert failed');
      }),
      /the invite insert failed/,
    );
    const event = invite(to);
    await identity.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx); // stands for the invite_tokens insert
      await appendEvent(trx, event);
    });
    const message = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to), 20_000);
    assert.equal(message.subject, 'Ruth invited you to join Hope Chapel on Lectern Test');
    assert.ok(message.text?.includes(event.data.inviteUrl!));
    await waitFor('the sent record', async () => (await built.app.kit.db.selectFrom('sent_emails').select('status').where('source_event_id', '=', event.id).executeTakeFirst())?.status === 'sent');
    assert.equal((await messagesTo(catcher, to)).length, 1);
    assert.equal((await messagesTo(catcher, ghost)).length, 0);
  });
});
