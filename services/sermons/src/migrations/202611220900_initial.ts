// The sermons service's first tables: sermons, sermon_progress.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sermons')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('speaker', 'text')
    .addColumn('recorded_on', 'date')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PROCESSING').check(sql`status in ('PROCESSING', 'REVIEW', 'PUBLISHED', 'FAILED')`))
    .addColumn('temporary_media_path', 'text')
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('sermon_progress')
    .addColumn('sermon_id', 'uuid', (c) => c.primaryKey().references('sermons.id').onDelete('cascade'))
    .addColumn('upload_pct', 'integer', (c) => c.notNull().defaultTo(0).check(sql`upload_pct between 0 and 100`))
    .addColumn('transcribe_pct', 'integer', (c) => c.notNull().defaultTo(0).check(sql`transcribe_pct between 0 and 100`))
    .addColumn('outline_pct', 'integer', (c) => c.notNull().defaultTo(0).check(sql`outline_pct between 0 and 100`))
    .addColumn('devotion_pct', 'integer', (c) => c.notNull().defaultTo(0).check(sql`devotion_pct between 0 and 100`))
    .addColumn('current_step', 'text', (c) => c.notNull().defaultTo('upload').check(sql`current_step in ('upload', 'transcribe', 'outline', 'devotion')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('processing').check(sql`status in ('processing', 'completed', 'failed')`))
    .addColumn('error_message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sermons_org_created on sermons (org_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sermon_progress').execute();
  await db.schema.dropTable('sermons').execute();
}
