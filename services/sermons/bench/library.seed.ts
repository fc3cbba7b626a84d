// An organization with N sermons (mixed statuses, each with a progress row) plus 5,000 sermons of
// other organizations in the same table, so the library query has to use its index.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { SermonsApp } from '../src/app.ts';

export async function seedLibrary(db: SermonsApp['kit']['db'], sermons: number): Promise<string> {
  const org = randomUUID();
  await sql`insert into sermons (org_id, title, speaker, recorded_on, created_by, created_at, status, temporary_media_path, duration)
    select ${org}::uuid, 'Sermon number ' || g, 'Pastor ' || (g % 7), date '2026-01-01' + (g % 300), ${randomUUID()}::uuid, now() - (g || ' minutes')::interval,
      (array['PROCESSING','REVIEW','PUBLISHED','FAILED'])[1 + g % 4], gen_random_uuid() || '.mp3', 1800 + g
    from generate_series(1, ${sermons}) g`.execute(db);
  await sql`insert into sermon_progress (sermon_id, upload_pct, transcribe_pct, current_step)
    select id, 100, 50, 'transcribe' from sermons where org_id = ${org}::uuid`.execute(db);
  await sql`insert into sermons (org_id, title, created_by) select gen_random_uuid(), 'other', gen_random_uuid() from generate_series(1, 5000)`.execute(db);
  await sql`analyze sermons`.execute(db);
  return org;
}
