// One version number per organization's library, bumped by triggers in the writing transaction,
// so the cached library body is checked with a primary-key read (domain/library.cache.ts).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table library_versions (org_id uuid primary key, version bigint not null default 0)`.execute(db);
  await sql`create function bump_library_version(target uuid) returns void language sql as $$
    insert into library_versions as v (org_id, version) values (target, 1)
    on conflict (org_id) do update set version = v.version + 1
  $$`.execute(db);
  await sql`create function sermons_library_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then perform bump_library_version(old.org_id); return old; end if;
      perform bump_library_version(new.org_id);
      return new;
    end $$`.execute(db);
  await sql`create function progress_library_changed() returns trigger language plpgsql as $$
    declare target uuid;
    begin
      select org_id into target from sermons where id = case when tg_op = 'DELETE' then old.sermon_id else new.sermon_id end;
      if target is not null then perform bump_library_version(target); end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger sermons_library_changed after insert or update or delete on sermons for each row execute function sermons_library_changed()`.execute(db);
  await sql`create trigger progress_library_changed after insert or update or delete on sermon_progress for each row execute function progress_library_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger progress_library_changed on sermon_progress`.execute(db);
  await sql`drop trigger sermons_library_changed on sermons`.execute(db);
  await sql`drop function progress_library_changed(); drop function sermons_library_changed(); drop function bump_library_version(uuid)`.execute(db);
  await sql`drop table library_versions`.execute(db);
}
