// sent_emails may also hold password links (identity.password-link.requested.v1).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails drop constraint sent_emails_kind_check, add constraint sent_emails_kind_check check (kind in ('email-confirmation', 'invitation', 'password-link'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails drop constraint sent_emails_kind_check, add constraint sent_emails_kind_check check (kind in ('email-confirmation', 'invitation'))`.execute(db);
}
