// The member library's series ('Series: Title' → 'Series', else 'General'; spec 001 §2) as a
// stored generated column of sermons, indexed per organization's published sermons: the dashboard's
// series list and the series filter read the index instead of running the pattern over every title
// of the church on every request (it was most of the dashboard statement's time at 1,000 sermons).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sermons add column series text not null
    generated always as (case when title ~ '^[^:]+:\\s*\\S' then btrim(split_part(title, ':', 1)) else 'General' end) stored`.execute(db);
  await sql`create index sermons_org_series on sermons (org_id, series) where status = 'PUBLISHED'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index sermons_org_series`.execute(db);
  await sql`alter table sermons drop column series`.execute(db);
}
