// sent_emails: one row per e-mail the service was asked to send by an event (the delivery queue
// and its record). Unique per (source event, kind): a redelivered event can never queue a second copy.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sent_emails')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('email-confirmation', 'invitation')`))
    .addColumn('source_event_id', 'uuid', (c) => c.notNull())
    .addColumn('source_event_type', 'text', (c) => c.notNull())
    .addColumn('org_id', 'uuid')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('smtp_response', 'text')
    // pending: not before this time (back-off); sending: the claim's lease ends then
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addUniqueConstraint('sent_emails_source_kind', ['source_event_id', 'kind'])
    .execute();
  await sql`create index sent_emails_due on sent_emails (available_at) where status in ('pending', 'sending')`.execute(db);
  await sql`create index sent_emails_recipient on sent_emails (lower(recipient), created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sent_emails').execute();
}
