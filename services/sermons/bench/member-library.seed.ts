// A church whose member library holds N published sermons (with outlines) among drafts, plus
// readers with progress, favourites and recently viewed rows spread over those sermons.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { SermonsApp } from '../src/app.ts';

export async function seedMemberLibrary(db: SermonsApp['kit']['db'], options: { sermons: number; members: number; progressRows: number }): Promise<{ org: string; members: string[] }> {
  const org = randomUUID();
  const series = ['Faith Forward', 'Psalms of Ascent', 'The Good Shepherd', 'Acts Alive'];
  await sql`insert into sermons (org_id, title, speaker, recorded_on, created_by, created_at, status, published_at, temporary_media_path, duration)
    select ${org}::uuid, case when g % 3 = 0 then 'Sermon number ' || g else (${sql.val(series)}::text[])[1 + g % 4] || ': Week ' || g end,
      'Pastor ' || (g % 7), date '2020-01-01' + g, ${randomUUID()}::uuid, now() - (g || ' minutes')::interval,
      'PUBLISHED', now(), gen_random_uuid() || '.webm', 1800 + g
    from generate_series(1, ${options.sermons}) g`.execute(db);
  // Drafts of the same church and other churches' sermons the member queries must skip.
  await sql`insert into sermons (org_id, title, created_by, status) select ${org}::uuid, 'Draft ' || g, gen_random_uuid(), 'REVIEW' from generate_series(1, 200) g`.execute(db);
  await sql`insert into sermons (org_id, title, created_by, status) select gen_random_uuid(), 'other', gen_random_uuid(), 'PUBLISHED' from generate_series(1, 5000)`.execute(db);
  await sql`insert into outlines (sermon_id, org_id, outline)
    select id, org_id, jsonb_build_object('theme', 'Theme of ' || title, 'mainPoints', jsonb_build_array(jsonb_build_object('title', 'Point', 'summary', 'Summary')))
    from sermons where org_id = ${org}::uuid`.execute(db);
  const members = Array.from({ length: options.members }, () => randomUUID());
  const perMember = Math.ceil(options.progressRows / options.members);
  await sql`with m as (select unnest(${sql.val(members)}::uuid[]) as user_id, generate_series(0, ${members.length - 1}) as n),
    s as (select id, row_number() over (order by id) as k from sermons where org_id = ${org}::uuid and status = 'PUBLISHED')
    insert into user_sermon_progress (user_id, sermon_id, org_id, outline_read, devotional_completed, video_completed)
    select m.user_id, s.id, ${org}::uuid, (s.k + m.n) % 2 = 0, (s.k + m.n) % 3 = 0, (s.k + m.n) % 5 = 0
    from m join s on (s.k + m.n * 7) % ${Math.max(1, Math.floor(options.sermons / perMember))} = 0
    limit ${options.progressRows}`.execute(db);
  await sql`insert into user_favorites (user_id, sermon_id, org_id) select user_id, sermon_id, org_id from user_sermon_progress where org_id = ${org}::uuid and outline_read and video_completed`.execute(db);
  await sql`insert into recently_viewed (user_id, sermon_id, org_id, viewed_at) select user_id, sermon_id, org_id, now() - (random() * 1000 || ' minutes')::interval from user_sermon_progress where org_id = ${org}::uuid`.execute(db);
  for (const table of ['sermons', 'outlines', 'user_sermon_progress', 'user_favorites', 'recently_viewed']) await sql`analyze ${sql.table(table)}`.execute(db);
  return { org, members };
}
