// The public waiting list (spec 001 §2 Waitlist pages, §4, §7 waitlist-signup / waitlist-confirm):
// one row per e-mail address, and its confirmation links. Only the SHA-256 of a link's token is
// stored; a confirmed signup keeps its tokens so an old link answers "already confirmed".
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waitlist_signups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('waitlist_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('signup_id', 'uuid', (c) => c.notNull().references('waitlist_signups.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('waitlist_tokens_signup').on('waitlist_tokens').column('signup_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waitlist_tokens').execute();
  await db.schema.dropTable('waitlist_signups').execute();
}
