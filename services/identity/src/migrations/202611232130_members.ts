// Members (spec 001 §3 Member row, §2 Members admin page): the congregation an organization manages,
// added by staff, imported from CSV or synced from a church-management system. A member may be
// linked to a user (one who signs in); the synced ones carry the system's person id.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('MEMBER').check(sql`role in ('MEMBER', 'VOLUNTEER')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'inactive')`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual').check(sql`source in ('manual', 'import', 'planningCenter', 'rockRms')`))
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index members_org_email on members (org_id, lower(email))`.execute(db);
  await sql`create unique index members_org_external on members (org_id, source, external_id) where external_id is not null`.execute(db);
  await sql`create index members_org_created on members (org_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('members').execute();
}
