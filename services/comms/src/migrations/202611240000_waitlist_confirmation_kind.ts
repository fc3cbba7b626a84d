// sent_emails may also hold waitlist confirmations (identity.waitlist.confirmation-requested.v1).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails drop constraint sent_emails_kind_check, add constraint sent_emails_kind_check check (kind in ('email-confirmation', 'invitation', 'password-link', 'communication', 'waitlist-confirmation'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sent_emails where kind = 'waitlist-confirmation'`.execute(db);
  await sql`alter table sent_emails drop constraint sent_emails_kind_check, add constraint sent_emails_kind_check check (kind in ('email-confirmation', 'invitation', 'password-link', 'communication'))`.execute(db);
}
