// What staff read: the library (paged by a cursor), the dashboard, one sermon with its content,
// the transcript. Every read is scoped by the caller's organization; an unknown id and another
// organization's id are the same 404.
import type { Kysely } from 'kysely';
import type { SermonsDb } from '../data/database.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import {
  countSermons, findOutline, findProgress, findSermon, findSermonAnyOrg, findTranscript, findTranscriptText, isUuid, listDevotionals, listSermonPage,
} from '../data/sermon.repository.ts';
import { devotionalJson, progressJson, sermonJson } from './sermon.mapper.ts';
import { sermonErrors } from './sermon.errors.ts';

export class SermonQueries {
  readonly db: Kysely<SermonsDb>;

  constructor(db: Kysely<SermonsDb>) {
    this.db = db;
  }

  async find(orgId: string, id: string): Promise<SermonsRow> {
    const row = await findSermon(this.db, orgId, id);
    if (!row) throw sermonErrors.notFound();
    return row;
  }

  async findAnyOrg(id: string): Promise<SermonsRow> {
    const row = await findSermonAnyOrg(this.db, id);
    if (!row) throw sermonErrors.notFound();
    return row;
  }

  async orgOf(id: string): Promise<string | null> {
    return (await findSermonAnyOrg(this.db, id))?.org_id ?? null;
  }

  async list(orgId: string, limit: number, cursor: string | undefined) {
    const after = cursor ? decodeCursor(cursor) : null;
    if (cursor && !after) throw sermonErrors.badCursor();
    const rows = await listSermonPage(this.db, orgId, limit, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      sermons: page.map((row) => ({
        ...sermonJson(row),
        progress: {
          currentStep: row.current_step ?? 'upload',
          status: row.progress_status ?? 'processing',
          uploadPct: row.upload_pct ?? 0,
          transcribePct: row.transcribe_pct ?? 0,
          outlinePct: row.outline_pct ?? 0,
          devotionPct: row.devotion_pct ?? 0,
        },
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
    };
  }

  async dashboard(orgId: string) {
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const counts = await countSermons(this.db, orgId, monthStart);
    const { sermons } = await this.list(orgId, 5, undefined);
    return { ...counts, recent: sermons };
  }

  async details(orgId: string, id: string) {
    if (!isUuid(id)) throw sermonErrors.invalidId();
    const sermon = await this.find(orgId, id);
    const [progress, transcript, outline, devotionals] = await Promise.all([
      findProgress(this.db, id),
      findTranscriptText(this.db, sermon),
      findOutline(this.db, sermon),
      listDevotionals(this.db, sermon),
    ]);
    return {
      sermon: sermonJson(sermon),
      progress: progressJson(id, progress),
      transcript: transcript ? { text: transcript.text, characterCount: transcript.text.length } : null,
      outline: outline?.outline ?? null,
      devotionals: devotionals.map(devotionalJson),
    };
  }

  async transcript(orgId: string, id: string) {
    const sermon = await this.find(orgId, id);
    const row = await findTranscript(this.db, sermon);
    if (!row) throw sermonErrors.noTranscript();
    return { text: row.text, characterCount: row.text.length, words: row.words };
  }

  async progressOf(id: string) {
    return progressJson(id, await findProgress(this.db, id));
  }

  /** What the pipeline's later steps read back: the transcript's text and the outline, when stored. */
  async pipelineContent(sermon: SermonsRow, options: { words?: boolean } = {}) {
    if (options.words) {
      const [transcript, outline] = await Promise.all([findTranscript(this.db, sermon), findOutline(this.db, sermon)]);
      return { transcript: transcript ? { text: transcript.text, words: transcript.words } : null, outline: outline?.outline ?? null };
    }
    const [transcript, outline] = await Promise.all([findTranscriptText(this.db, sermon), findOutline(this.db, sermon)]);
    return { transcript: transcript ? { text: transcript.text } : null, outline: outline?.outline ?? null };
  }
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Only what encodeCursor writes: an ISO timestamp (as toISOString gives it) and a uuid. */
function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const [createdAt, id] = parts;
  if (parts.length !== 2 || !createdAt || !id || !CURSOR_TIME.test(createdAt) || !isUuid(id)) return null;
  const time = new Date(createdAt);
  return !Number.isNaN(time.getTime()) && time.toISOString() === createdAt ? { createdAt, id } : null;
}
