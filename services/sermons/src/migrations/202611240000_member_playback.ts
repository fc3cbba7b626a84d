// Playback sessions of the member area: when a reader was first handed a playback link for a
// sermon. "Video watched" is accepted only against one (src/member/member.repository.ts).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table member_playback_sessions (
    user_id uuid not null,
    sermon_id uuid not null references sermons(id) on delete cascade,
    org_id uuid not null,
    started_at timestamptz not null default now(),
    last_served_at timestamptz not null default now(),
    primary key (user_id, sermon_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_playback_sessions`.execute(db);
}
