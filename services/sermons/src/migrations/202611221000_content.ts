// Transcripts, outlines, devotionals and quota; upload bookkeeping on sermons; progress message.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sermons')
    .addColumn('duration', 'double precision')
    .addColumn('media_url', 'text')
    .addColumn('upload_key', 'text')
    .addColumn('upload_content_type', 'text')
    .addColumn('upload_size', 'bigint')
    .execute();
  await db.schema.alterTable('sermon_progress').addColumn('message', 'text').execute();

  await db.schema
    .createTable('transcripts')
    .addColumn('sermon_id', 'uuid', (c) => c.primaryKey().references('sermons.id').onDelete('cascade'))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('outlines')
    .addColumn('sermon_id', 'uuid', (c) => c.primaryKey().references('sermons.id').onDelete('cascade'))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('outline', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('devotionals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sermon_id', 'uuid', (c) => c.notNull().references('sermons.id').onDelete('cascade'))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('day_number', 'integer', (c) => c.notNull().check(sql`day_number between 1 and 5`))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('opening_prayer', 'jsonb', (c) => c.notNull())
    .addColumn('scripture_passage', 'jsonb', (c) => c.notNull())
    .addColumn('reflection', 'jsonb', (c) => c.notNull())
    .addColumn('closing_prayer', 'jsonb', (c) => c.notNull())
    .addColumn('additional_scripture', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('devotionals_sermon_day', ['sermon_id', 'day_number'])
    .execute();

  // Plan per organization (billing will feed it by event); usage per organization and cycle.
  await db.schema
    .createTable('org_plans')
    .addColumn('org_id', 'uuid', (c) => c.primaryKey())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('quota_usage')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('cycle_start', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used >= 0`))
    .addPrimaryKeyConstraint('quota_usage_pk', ['org_id', 'cycle_start'])
    .execute();

  await sql`create index sermons_processing on sermons (status) where status = 'PROCESSING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['quota_usage', 'org_plans', 'devotionals', 'outlines', 'transcripts']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('sermon_progress').dropColumn('message').execute();
  await db.schema.alterTable('sermons').dropColumn('duration').dropColumn('media_url').dropColumn('upload_key').dropColumn('upload_content_type').dropColumn('upload_size').execute();
}
