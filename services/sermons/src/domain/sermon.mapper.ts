// Rows → the API's JSON bodies (API.md "Bodies").
import type { DevotionalRow } from '../data/content.tables.ts';
import type { SermonProgressRow } from '../data/sermon-progress.table.ts';
import type { SermonsRow } from '../data/sermons.table.ts';

export function sermonJson(row: SermonsRow) {
  return {
    id: row.id,
    orgId: row.org_id,
    title: row.title,
    speaker: row.speaker,
    recordedAt: row.recorded_on,
    duration: row.duration,
    status: row.status,
    temporaryMediaPath: row.temporary_media_path,
    mediaUrl: row.media_url,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    publishedAt: row.published_at ? iso(row.published_at) : null,
  };
}
export type SermonJson = ReturnType<typeof sermonJson>;

export function progressJson(sermonId: string, row: SermonProgressRow | undefined | null) {
  return {
    sermonId,
    uploadPct: row?.upload_pct ?? 0,
    transcribePct: row?.transcribe_pct ?? 0,
    outlinePct: row?.outline_pct ?? 0,
    devotionPct: row?.devotion_pct ?? 0,
    currentStep: row?.current_step ?? 'upload',
    status: row?.status ?? 'processing',
    errorMessage: row?.error_message ?? null,
    message: row?.message ?? null,
    updatedAt: row ? iso(row.updated_at) : null,
  };
}
export type ProgressJson = ReturnType<typeof progressJson>;

export function devotionalJson(row: DevotionalRow) {
  return {
    id: row.id,
    sermonId: row.sermon_id,
    dayNumber: row.day_number,
    title: row.title,
    theme: row.theme,
    openingPrayer: row.opening_prayer,
    scripturePassage: row.scripture_passage,
    reflection: row.reflection,
    closingPrayer: row.closing_prayer,
    additionalScripture: row.additional_scripture,
    updatedAt: iso(row.updated_at),
  };
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
