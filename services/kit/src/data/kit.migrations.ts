// The kit's migrations, tracked apart from the service's own (table `kit_migration`), so the kit
// can add one later without interleaving with a service's history.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const kitMigrations: Record<string, Migration> = {
  '202601010000_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('seq', 'bigserial', (c) => c.primaryKey())
        .addColumn('id', 'uuid', (c) => c.notNull().unique())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('published_at', 'timestamptz')
        .execute();
      await sql`create index outbox_pending on outbox (seq) where published_at is null`.execute(db);
      await sql`create index outbox_published_at on outbox (published_at) where published_at is not null`.execute(db);
      // One NOTIFY per inserting statement wakes the relay as soon as the transaction commits.
      await sql`
        create function outbox_notify() returns trigger language plpgsql as $$
        begin
          perform pg_notify('outbox_' || tg_table_schema, '');
          return null;
        end $$`.execute(db);
      await sql`create trigger outbox_notify after insert on outbox for each statement execute function outbox_notify()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').execute();
      await sql`drop function outbox_notify()`.execute(db);
    },
  },
  '202601010001_processed_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('processed_events')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('processed_events_pk', ['consumer', 'event_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('processed_events').execute();
    },
  },
  '202611220000_outbox_wake_after_commit': {
    // The relay is now woken after the commit (in-process, or one NOTIFY sent after the commit by a
    // process without a relay): a NOTIFY inside every writing transaction serialised commits.
    async up(db: Kysely<unknown>) {
      await sql`drop trigger if exists outbox_notify on outbox`.execute(db);
      await sql`drop function if exists outbox_notify()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`
        create function outbox_notify() returns trigger language plpgsql as $$
        begin
          perform pg_notify('outbox_' || tg_table_schema, '');
          return null;
        end $$`.execute(db);
      await sql`create trigger outbox_notify after insert on outbox for each statement execute function outbox_notify()`.execute(db);
    },
  },
  '202611250100_idempotency_keys': {
    // A client's key for one creation, stored in the creation's transaction (ADR 0033): a retry
    // with the same key finds what the first attempt created. One key per organization and kind.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['org_id', 'scope', 'key'])
        .execute();
      await sql`create index idempotency_keys_expires_at on idempotency_keys (expires_at)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  },
};
