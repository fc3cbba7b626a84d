// One row per queued feed video (what the workflow runs, by position), and the queue's owner,
// workflow and end state. Duplicates are found by media URL or GUID within an organization.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('migration_queue')
    .addColumn('requested_by', 'uuid')
    .addColumn('workflow_id', 'text')
    .addColumn('error_message', 'text')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('migration_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('queue_id', 'uuid', (c) => c.notNull().references('migration_queue.id').onDelete('cascade'))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('media_url', 'text', (c) => c.notNull())
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz')
    .addColumn('duration', 'integer')
    // pending → running → completed | failed | cancelled; cleared after Clear removed its sermon.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('sermon_id', 'uuid', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('migration_items_queue_position', ['queue_id', 'position'])
    .execute();
  await sql`create index migration_items_org_media on migration_items (org_id, media_url)`.execute(db);
  await sql`create index migration_items_org_guid on migration_items (org_id, guid)`.execute(db);
  await sql`alter table migration_steps add column position integer`.execute(db);
  await sql`alter table migration_steps add column updated_at timestamptz not null default now()`.execute(db);
  await sql`create unique index migration_steps_queue_position on migration_steps (queue_id, position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table migration_steps drop column updated_at, drop column position`.execute(db);
  await db.schema.dropTable('migration_items').execute();
  await db.schema.alterTable('migration_queue').dropColumn('requested_by').dropColumn('workflow_id').dropColumn('error_message').dropColumn('finished_at').execute();
}
