// sent_emails.handed_over_at: set (by the claim that holds the row) right before the SMTP client
// sends the final "." of DATA. A claim that finds it set after an interruption sends the message
// again with the same Message-ID (ADR 0029; ADR 0014 had recorded it as sent).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sent_emails').addColumn('handed_over_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sent_emails').dropColumn('handed_over_at').execute();
}
