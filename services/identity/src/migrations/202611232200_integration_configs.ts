// Church-management integrations (spec 001 §2 Integrations, §3 integration_configs): one per
// system per organization; the API key is sealed with the kit's secret box (never stored plain).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integration_configs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('integration_type', 'text', (c) => c.notNull().check(sql`integration_type in ('rockRms', 'planningCenter')`))
    .addColumn('api_key_sealed', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_synced_at', 'timestamptz')
    .addColumn('last_sync_count', 'integer')
    // lease of a running member sync (one per integration across instances; stale after 15 min)
    .addColumn('sync_started_at', 'timestamptz')
    .execute();
  await sql`create unique index integration_configs_org_type on integration_configs (org_id, integration_type)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('integration_configs').execute();
}
