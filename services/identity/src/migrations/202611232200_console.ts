// The staff console's own settings: the TEST/LIVE mode and the catalog items last synced.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('TEST').check(sql`mode in ('TEST', 'LIVE')`))
    .addColumn('catalog_items', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_by', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into console_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_settings').execute();
}
