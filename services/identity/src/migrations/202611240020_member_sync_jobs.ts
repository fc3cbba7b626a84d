// Member sync out of the request (ADR 0021): one row per sync, claimed by an identity instance
// under a lease, resumed from its saved next page after a crash or restart, its progress read by
// the settings screen. At most one queued or running job per integration (partial unique index),
// so two instances — or two clicks — never run the same sync twice at once.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_sync_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('integration_type', 'text', (c) => c.notNull().check(sql`integration_type in ('rockRms', 'planningCenter')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'succeeded', 'failed')`))
    .addColumn('requested_by', 'uuid')
    .addColumn('next_url', 'text')
    .addColumn('pages_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('synced_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_limited_waits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('server_error_retries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('error_reason', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index member_sync_jobs_one_active on member_sync_jobs (org_id, integration_type) where status in ('queued', 'running')`.execute(db);
  await sql`create index member_sync_jobs_due on member_sync_jobs (created_at) where status in ('queued', 'running')`.execute(db);
  await sql`create index member_sync_jobs_latest on member_sync_jobs (org_id, integration_type, created_at desc)`.execute(db);
  await db.schema.alterTable('integration_configs').dropColumn('sync_started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('integration_configs').addColumn('sync_started_at', 'timestamptz').execute();
  await db.schema.dropTable('member_sync_jobs').execute();
}
