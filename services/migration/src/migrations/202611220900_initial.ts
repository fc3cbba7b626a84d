// The migration service's first tables: migration_queue, migration_steps.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('migration_queue')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('feed_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('processed_videos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_videos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_videos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_video', 'integer')
    .addColumn('current_video_title', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('migration_steps')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('queue_id', 'uuid', (c) => c.notNull().references('migration_queue.id').onDelete('cascade'))
    .addColumn('step_name', 'text', (c) => c.notNull())
    .addColumn('step_message', 'text')
    .addColumn('error_message', 'text')
    .addColumn('step_status', 'text', (c) => c.notNull())
    .addColumn('step_progress', 'integer', (c) => c.notNull().defaultTo(0).check(sql`step_progress between 0 and 100`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index migration_steps_queue_created on migration_steps (queue_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('migration_steps').execute();
  await db.schema.dropTable('migration_queue').execute();
}
