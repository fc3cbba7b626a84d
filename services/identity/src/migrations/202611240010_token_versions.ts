// Access tokens ended before they expire (password reset, member deactivated): each user has a
// token version, carried by every access token as `tv`; raising it revokes every earlier token.
// `tokens_revoked_at` keeps the published revocation list short (only changes within one token
// lifetime matter).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_revoked_at', 'timestamptz')
    .execute();
  await sql`create index users_tokens_revoked_at on users (tokens_revoked_at) where tokens_revoked_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('token_version').dropColumn('tokens_revoked_at').execute();
}
