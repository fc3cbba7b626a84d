// Product analytics (spec 001 §7 Other, ADR 0025): one row per captured event, the link from a
// browser's random analytics id to the account it identified, nothing else (no IP, no e-mail,
// no user agent). Kept 2 years (analytics.retention.ts).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('anonymous_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('analytics_events_occurred_idx').on('analytics_events').column('occurred_at').execute();
  await db.schema.createIndex('analytics_events_visitor_idx').on('analytics_events').columns(['anonymous_id', 'occurred_at']).execute();
  await db.schema
    .createTable('analytics_identities')
    .addColumn('anonymous_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('identified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('analytics_identities_user_idx').on('analytics_identities').column('user_id').execute();
  // Ingestion rate limit, shared by every identity instance: requests per client per minute,
  // the client known only by a keyed hash of its address; rows live an hour.
  await db.schema
    .createTable('analytics_rate_windows')
    .addColumn('client_hash', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_rate_windows_pk', ['client_hash', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_rate_windows').execute();
  await db.schema.dropTable('analytics_identities').execute();
  await db.schema.dropTable('analytics_events').execute();
}
