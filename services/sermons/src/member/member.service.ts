// Member use cases: the library (page, stats, recently viewed), one sermon to read, and the
// reader's own progress. Not-visible is always "Sermon not found" (404), whatever the reason.
import type { Kysely } from 'kysely';
import { devotionalJson } from '../domain/sermon.mapper.ts';
import { sermonErrors } from '../domain/sermon.errors.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import { MemberRepository, type LibraryFilter, type LibraryRow, type ProgressFlags, type Reader } from './member.repository.ts';
import type { MemberDb } from './member.tables.ts';
import type { Bucket } from '@lectern/service-kit';
import { memberErrors } from './member.errors.ts';
import { playbackOf } from './playback.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Spec 001 §9: recently viewed, fetch limit 10 (the page shows 3). */
export const RECENTLY_VIEWED_LIMIT = 10;

/** Completed items among outline, devotional and video, over 3, rounded (spec 001 §2). */
export function progressPercent(flags: { outlineRead: boolean; devotionalCompleted: boolean; videoCompleted: boolean }): number {
  return Math.round(((Number(flags.outlineRead) + Number(flags.devotionalCompleted) + Number(flags.videoCompleted)) / 3) * 100);
}

export function seriesOf(title: string): string {
  const match = /^([^:]+):\s*\S/.exec(title);
  return match ? (match[1] as string).trim() : 'General';
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function summaryJson(row: LibraryRow) {
  const flags = { outlineRead: row.outline_read, devotionalCompleted: row.devotional_completed, videoCompleted: row.video_completed };
  return {
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    recordedAt: row.recorded_on,
    createdAt: iso(row.created_at),
    publishedAt: iso(row.published_at),
    duration: row.duration,
    series: row.series,
    theme: row.theme,
    hasMedia: row.has_media,
    favorite: row.favorite,
    progress: { ...flags, percent: progressPercent(flags) },
  };
}
export type MemberSermonSummary = ReturnType<typeof summaryJson>;

function readerSermonJson(row: SermonsRow) {
  return {
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    recordedAt: row.recorded_on,
    createdAt: iso(row.created_at),
    publishedAt: iso(row.published_at),
    duration: row.duration,
    series: seriesOf(row.title),
    hasMedia: row.temporary_media_path !== null || row.media_url !== null,
  };
}

export class MemberService {
  readonly repository: MemberRepository;

  constructor(db: Kysely<MemberDb>) {
    this.repository = new MemberRepository(db);
  }

  async library(reader: Reader, filter: LibraryFilter) {
    const { rows, total } = await this.repository.library(reader, filter);
    return { sermons: rows.map(summaryJson), total, page: Math.floor(filter.offset / filter.limit) + 1, pageSize: filter.limit };
  }

  async dashboard(reader: Reader) {
    const [stats, recent] = await Promise.all([this.repository.stats(reader), this.repository.recentlyViewed(reader, RECENTLY_VIEWED_LIMIT)]);
    return { stats, recentlyViewed: recent.map((row) => ({ ...summaryJson(row), viewedAt: iso(row.viewed_at) })) };
  }

  async visible(reader: Reader, id: string): Promise<SermonsRow> {
    if (!UUID.test(id)) throw sermonErrors.notFound();
    const sermon = await this.repository.visibleSermon(reader, id);
    if (!sermon) throw sermonErrors.notFound();
    return sermon;
  }

  async sermon(reader: Reader, id: string) {
    const sermon = await this.visible(reader, id);
    const [content, progress] = await Promise.all([this.repository.content(sermon.id, sermon.org_id), this.progress(reader, sermon.id)]);
    return {
      sermon: { ...readerSermonJson(sermon), theme: typeof content.outline?.theme === 'string' ? content.outline.theme : null },
      outline: content.outline,
      devotionals: content.devotionals.map(devotionalJson),
      discussionGuide: content.guide,
      progress,
    };
  }

  async progress(reader: Reader, sermonId: string) {
    const { favorite, ...state } = await this.repository.progressOf(reader, sermonId);
    return { ...state, favorite, percent: progressPercent(state) };
  }

  async setProgress(reader: Reader, id: string, flags: ProgressFlags) {
    if (!UUID.test(id)) throw sermonErrors.notFound();
    if (!(await this.repository.setProgress(reader, id, flags))) {
      // Nothing written: either the sermon is not visible (404) or the "watched" claim is not yet believable (409).
      if (flags.videoCompleted !== true || !(await this.repository.visibleSermon(reader, id))) throw sermonErrors.notFound();
      throw memberErrors.notWatched(await this.repository.secondsUntilWatched(reader, id));
    }
    return this.progress(reader, id);
  }

  /** The recording's playback link for a visible sermon; handing it out starts the reader's playback session. */
  async playback(reader: Reader, id: string, bucket: Bucket) {
    const sermon = await this.visible(reader, id);
    const link = await playbackOf(sermon, bucket);
    await this.repository.startPlayback(reader, sermon.id);
    return link;
  }

  async setDayCompleted(reader: Reader, devotionalId: string, completed: boolean) {
    const sermonId = UUID.test(devotionalId) ? await this.repository.setDayCompleted(reader, devotionalId, completed) : null;
    if (!sermonId) throw sermonErrors.devotionalNotFound();
    return this.progress(reader, sermonId);
  }

  async setFavorite(reader: Reader, id: string, favorite: boolean) {
    if (!UUID.test(id) || !(await this.repository.setFavorite(reader, id, favorite))) throw sermonErrors.notFound();
    return this.progress(reader, id);
  }

  async recordView(reader: Reader, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.repository.recordView(reader, id))) throw sermonErrors.notFound();
  }
}
