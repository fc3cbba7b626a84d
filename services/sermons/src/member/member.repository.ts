// Every member read and write, in SQL. Visibility is one rule, applied inside each statement:
// the sermon is the caller's organization's and PUBLISHED. A write to an invisible sermon touches
// no row, so a draft, another organization's sermon and a missing one all look the same (404).
import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { DevotionalRow } from '../data/content.tables.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import type { DiscussionGuide, MemberDb } from './member.tables.ts';

export interface Reader {
  userId: string;
  orgId: string;
}

// A sermon's series ('Series: Title' → 'Series', anything else → 'General'; spec 001 §2) is the
// stored generated column sermons.series (migration 202611240010_member_series), indexed per church.

export interface LibraryFilter {
  search?: string;
  series?: string;
  favoritesOnly?: boolean;
  limit: number;
  offset: number;
}

export interface LibraryRow {
  id: string;
  title: string;
  speaker: string | null;
  recorded_on: string | null;
  created_at: Date;
  published_at: Date | null;
  duration: number | null;
  series: string;
  theme: string | null;
  has_media: boolean;
  favorite: boolean;
  outline_read: boolean;
  devotional_completed: boolean;
  video_completed: boolean;
}

export interface ProgressFlags {
  outlineRead?: boolean;
  devotionalCompleted?: boolean;
  videoCompleted?: boolean;
}

const COLUMN_OF: Record<keyof ProgressFlags, 'outline_read' | 'devotional_completed' | 'video_completed'> = {
  outlineRead: 'outline_read',
  devotionalCompleted: 'devotional_completed',
  videoCompleted: 'video_completed',
};

/** Share of the recording that counts as watched (the player reports its played ranges against it). */
export const WATCHED_SHARE = 0.9;
/** The fastest playback the player's own controls offer (Chromium and Firefox: 2×). */
export const MAX_PLAYBACK_RATE = 2;

/**
 * The server's rule for "video watched" (ADR 0018, consequences): the reader was handed a playback
 * link for this sermon (a playback session exists), and enough wall-clock time has passed since the
 * first hand-out to play WATCHED_SHARE of the recording at MAX_PLAYBACK_RATE. The client cannot
 * claim a recording it never fetched, nor one it could not have played through yet.
 */
function watchedSql(reader: Reader): RawBuilder<unknown> {
  return sql`exists (
    select 1 from member_playback_sessions ps
    where ps.user_id = ${reader.userId} and ps.sermon_id = s.id
      and extract(epoch from now() - ps.started_at) * ${MAX_PLAYBACK_RATE} >= ${WATCHED_SHARE} * coalesce(s.duration, 0))`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class MemberRepository {
  readonly db: Kysely<MemberDb>;

  constructor(db: Kysely<MemberDb>) {
    this.db = db;
  }

  /** One page of the library, newest recording first, with the reader's progress and favourite. */
  async library(reader: Reader, filter: LibraryFilter): Promise<{ rows: LibraryRow[]; total: number }> {
    const conditions: RawBuilder<unknown>[] = [sql`s.org_id = ${reader.orgId}`, sql`s.status = 'PUBLISHED'`];
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(sql`(s.title ilike ${pattern} or coalesce(s.speaker, '') ilike ${pattern} or o.outline->>'theme' ilike ${pattern})`);
    }
    if (filter.series) conditions.push(sql`s.series = ${filter.series}`);
    if (filter.favoritesOnly) conditions.push(sql`f.user_id is not null`);
    const where = sql.join(conditions, sql` and `);
    // The outline (a large jsonb) is joined for the search only; the page reads its theme for 12 rows.
    const searchJoin = filter.search ? sql`left join outlines o on o.sermon_id = s.id` : sql``;
    const favoriteJoin = sql`left join user_favorites f on f.sermon_id = s.id and f.user_id = ${reader.userId}`;
    const [page, count] = await Promise.all([
      sql<LibraryRow>`
        select s.id, s.title, s.speaker, s.recorded_on::text as recorded_on, s.created_at, s.published_at, s.duration,
          s.series, (select ot.outline->>'theme' from outlines ot where ot.sermon_id = s.id) as theme,
          (s.temporary_media_path is not null or s.media_url is not null) as has_media,
          (f.user_id is not null) as favorite,
          coalesce(p.outline_read, false) as outline_read,
          coalesce(p.devotional_completed, false) as devotional_completed,
          coalesce(p.video_completed, false) as video_completed
        from sermons s
        ${searchJoin}
        left join user_sermon_progress p on p.sermon_id = s.id and p.user_id = ${reader.userId}
        ${favoriteJoin}
        where ${where}
        order by s.recorded_on desc nulls last, s.created_at desc, s.id desc
        limit ${filter.limit} offset ${filter.offset}`.execute(this.db),
      sql<{ total: number }>`select count(*)::int as total from sermons s ${searchJoin} ${favoriteJoin} where ${where}`.execute(this.db),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  }

  /**
   * The dashboard's figures. Church-wide parts (total, series) read the published-sermon indexes;
   * the reader's parts start from the reader's own rows, so the cost follows what one reader did,
   * not the size of the church's library.
   */
  async stats(reader: Reader) {
    const { rows } = await sql<{ total: number; completed: number; in_progress: number; favorites: number; series: string[] | null }>`
      with mine as (
        select p.outline_read, p.devotional_completed, p.video_completed
        from user_sermon_progress p join sermons s on s.id = p.sermon_id
        where p.user_id = ${reader.userId} and s.org_id = ${reader.orgId} and s.status = 'PUBLISHED'
      )
      select
        (select count(*)::int from sermons s where s.org_id = ${reader.orgId} and s.status = 'PUBLISHED') as total,
        (select count(*)::int from mine where outline_read and devotional_completed and video_completed) as completed,
        (select count(*)::int from mine where (outline_read or devotional_completed or video_completed)
                                          and not (outline_read and devotional_completed and video_completed)) as in_progress,
        (select count(*)::int from user_favorites f join sermons s on s.id = f.sermon_id
          where f.user_id = ${reader.userId} and s.org_id = ${reader.orgId} and s.status = 'PUBLISHED') as favorites,
        array(select distinct s.series from sermons s where s.org_id = ${reader.orgId} and s.status = 'PUBLISHED') as series`.execute(this.db);
    const row = rows[0] ?? { total: 0, completed: 0, in_progress: 0, favorites: 0, series: [] };
    return { total: row.total, completed: row.completed, inProgress: row.in_progress, favorites: row.favorites, series: (row.series ?? []).sort() };
  }

  /** The reader's recently viewed published sermons, newest view first (spec: fetch limit 10). */
  async recentlyViewed(reader: Reader, limit: number): Promise<(LibraryRow & { viewed_at: Date })[]> {
    const { rows } = await sql<LibraryRow & { viewed_at: Date }>`
      select s.id, s.title, s.speaker, s.recorded_on::text as recorded_on, s.created_at, s.published_at, s.duration,
        s.series, o.outline->>'theme' as theme,
        (s.temporary_media_path is not null or s.media_url is not null) as has_media,
        (f.user_id is not null) as favorite,
        coalesce(p.outline_read, false) as outline_read,
        coalesce(p.devotional_completed, false) as devotional_completed,
        coalesce(p.video_completed, false) as video_completed,
        r.viewed_at
      from recently_viewed r
      join sermons s on s.id = r.sermon_id and s.org_id = ${reader.orgId} and s.status = 'PUBLISHED'
      left join outlines o on o.sermon_id = s.id
      left join user_sermon_progress p on p.sermon_id = s.id and p.user_id = ${reader.userId}
      left join user_favorites f on f.sermon_id = s.id and f.user_id = ${reader.userId}
      where r.user_id = ${reader.userId} and r.org_id = ${reader.orgId}
      order by r.viewed_at desc
      limit ${limit}`.execute(this.db);
    return rows;
  }

  async visibleSermon(reader: Reader, id: string): Promise<SermonsRow | undefined> {
    return this.db.selectFrom('sermons').selectAll().where('id', '=', id).where('org_id', '=', reader.orgId).where('status', '=', 'PUBLISHED').executeTakeFirst();
  }

  async content(sermonId: string, orgId: string) {
    const [outline, devotionals, guide] = await Promise.all([
      this.db.selectFrom('outlines').select('outline').where('sermon_id', '=', sermonId).where('org_id', '=', orgId).executeTakeFirst(),
      this.db.selectFrom('devotionals').selectAll().where('sermon_id', '=', sermonId).where('org_id', '=', orgId).orderBy('day_number').execute(),
      this.db.selectFrom('discussion_guides').select('guide').where('sermon_id', '=', sermonId).where('org_id', '=', orgId).executeTakeFirst(),
    ]);
    return { outline: (outline?.outline ?? null) as Record<string, unknown> | null, devotionals: devotionals as DevotionalRow[], guide: (guide?.guide ?? null) as DiscussionGuide | null };
  }

  async progressOf(reader: Reader, sermonId: string) {
    const [sermon, days, favorite] = await Promise.all([
      this.db.selectFrom('user_sermon_progress').select(['outline_read', 'devotional_completed', 'video_completed']).where('user_id', '=', reader.userId).where('sermon_id', '=', sermonId).executeTakeFirst(),
      this.db.selectFrom('user_devotional_progress').select(['devotional_id', 'completed']).where('user_id', '=', reader.userId).where('sermon_id', '=', sermonId).execute(),
      this.db.selectFrom('user_favorites').select('user_id').where('user_id', '=', reader.userId).where('sermon_id', '=', sermonId).executeTakeFirst(),
    ]);
    return {
      outlineRead: sermon?.outline_read ?? false,
      devotionalCompleted: sermon?.devotional_completed ?? false,
      videoCompleted: sermon?.video_completed ?? false,
      days: Object.fromEntries(days.map((d) => [d.devotional_id, d.completed])) as Record<string, boolean>,
      favorite: Boolean(favorite),
    };
  }

  /**
   * Sets only the flags given, in one statement: two tabs changing different flags at once both
   * keep their change (no read-modify-write), and each flag holds the value last asked for.
   * Returns false when the sermon is not visible to the reader.
   */
  async setProgress(reader: Reader, sermonId: string, flags: ProgressFlags): Promise<boolean> {
    const entries = (Object.keys(COLUMN_OF) as (keyof ProgressFlags)[]).filter((k) => flags[k] !== undefined).map((k) => [COLUMN_OF[k], flags[k] as boolean] as const);
    const columns = entries.map(([column]) => sql.ref(column));
    const values = entries.map(([, value]) => sql`${value}`);
    const updates = entries.map(([column]) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`);
    // "Watched" is the server's call, not the client's: see watchedRecently below.
    const watched = flags.videoCompleted === true ? sql`and ${watchedSql(reader)}` : sql``;
    const { rows } = await sql<{ sermon_id: string }>`
      insert into user_sermon_progress (user_id, sermon_id, org_id, ${sql.join(columns)})
      select ${reader.userId}::uuid, s.id, s.org_id, ${sql.join(values)}
      from sermons s where s.id = ${sermonId} and s.org_id = ${reader.orgId} and s.status = 'PUBLISHED' ${watched}
      on conflict (user_id, sermon_id) do update set ${sql.join(updates)}, updated_at = now()
      returning sermon_id`.execute(this.db);
    return rows.length === 1;
  }

  /** One devotional day's completion; false when the day's sermon is not visible to the reader. */
  async setDayCompleted(reader: Reader, devotionalId: string, completed: boolean): Promise<string | null> {
    const { rows } = await sql<{ sermon_id: string }>`
      insert into user_devotional_progress (user_id, devotional_id, sermon_id, org_id, completed, completed_at)
      select ${reader.userId}::uuid, d.id, d.sermon_id, d.org_id, ${completed}, case when ${completed} then now() end
      from devotionals d join sermons s on s.id = d.sermon_id
      where d.id = ${devotionalId} and s.org_id = ${reader.orgId} and s.status = 'PUBLISHED'
      on conflict (user_id, devotional_id) do update set completed = excluded.completed, completed_at = excluded.completed_at
      returning sermon_id`.execute(this.db);
    return rows[0]?.sermon_id ?? null;
  }

  async setFavorite(reader: Reader, sermonId: string, favorite: boolean): Promise<boolean> {
    const sermon = await this.visibleSermon(reader, sermonId);
    if (!sermon) return false;
    if (favorite) {
      await this.db.insertInto('user_favorites').values({ user_id: reader.userId, sermon_id: sermonId, org_id: reader.orgId }).onConflict((c) => c.columns(['user_id', 'sermon_id']).doNothing()).execute();
    } else {
      await this.db.deleteFrom('user_favorites').where('user_id', '=', reader.userId).where('sermon_id', '=', sermonId).execute();
    }
    return true;
  }

  /**
   * The reader was just handed a playback link for this sermon: the first hand-out starts the
   * playback session (kept across link renewals), so the clock for "watched" starts there.
   */
  async startPlayback(reader: Reader, sermonId: string): Promise<void> {
    await sql`
      insert into member_playback_sessions (user_id, sermon_id, org_id)
      select ${reader.userId}::uuid, s.id, s.org_id
      from sermons s where s.id = ${sermonId} and s.org_id = ${reader.orgId} and s.status = 'PUBLISHED'
      on conflict (user_id, sermon_id) do update set last_served_at = now()`.execute(this.db);
  }

  /** Seconds until a "watched" claim for this visible sermon would count; null when there is no playback session. */
  async secondsUntilWatched(reader: Reader, sermonId: string): Promise<number | null> {
    const { rows } = await sql<{ wait: number }>`
      select greatest(0, ${WATCHED_SHARE}::float8 * coalesce(s.duration, 0) / ${MAX_PLAYBACK_RATE}::float8
                         - extract(epoch from now() - ps.started_at))::float8 as wait
      from member_playback_sessions ps join sermons s on s.id = ps.sermon_id
      where ps.user_id = ${reader.userId} and ps.sermon_id = ${sermonId} and s.org_id = ${reader.orgId}`.execute(this.db);
    return rows[0] ? Math.ceil(rows[0].wait) : null;
  }

  async recordView(reader: Reader, sermonId: string): Promise<boolean> {
    const { rows } = await sql<{ sermon_id: string }>`
      insert into recently_viewed (user_id, sermon_id, org_id, viewed_at)
      select ${reader.userId}::uuid, s.id, s.org_id, now()
      from sermons s where s.id = ${sermonId} and s.org_id = ${reader.orgId} and s.status = 'PUBLISHED'
      on conflict (user_id, sermon_id) do update set viewed_at = excluded.viewed_at
      returning sermon_id`.execute(this.db);
    return rows.length === 1;
  }
}
