// Sermon use cases: every query is scoped by organization; state changes and their events are
// written in one transaction (outbox); progress changes also reach live subscribers.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { createEvent } from '@lectern/events';
import { appendEvent, type Bucket, type LiveHub } from '@lectern/service-kit';
import type { PipelineStep } from '@lectern/workflows';
import type { SermonsConfig } from '../config.ts';
import type { SermonsDb } from '../data/database.ts';
import type { SermonProgressUpdate, SermonStep } from '../data/sermon-progress.table.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import type { PipelineClient } from '../pipeline/pipeline.client.ts';
import { QuotaService } from './quota.service.ts';
import { devotionalJson, progressJson, sermonJson } from './sermon.mapper.ts';
import { sermonErrors } from './sermon.errors.ts';

type Trx = Transaction<SermonsDb>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Actor {
  userId: string;
  orgId: string;
}

export interface NewSermonInput {
  title: string;
  speaker: string;
  recordedAt: string;
  uploadKey: string | null;
  contentType: string | null;
  size: number | null;
}

export interface SermonsDeps {
  db: Kysely<SermonsDb>;
  config: SermonsConfig;
  raw: () => Promise<Bucket>;
  hub: LiveHub;
  pipeline: PipelineClient;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

const SUMMARY_COLUMNS = [
  'sermons.id', 'sermons.org_id', 'sermons.title', 'sermons.speaker', 'sermons.recorded_on', 'sermons.duration', 'sermons.status',
  'sermons.temporary_media_path', 'sermons.media_url', 'sermons.created_by', 'sermons.created_at', 'sermons.updated_at', 'sermons.published_at',
  'sermons.upload_key', 'sermons.upload_content_type', 'sermons.upload_size',
] as const;

export class SermonsService {
  readonly quota: QuotaService;
  private readonly deps: SermonsDeps;

  constructor(deps: SermonsDeps) {
    this.deps = deps;
    this.quota = new QuotaService(deps.config);
  }

  get db(): Kysely<SermonsDb> {
    return this.deps.db;
  }

  static checkId(id: string): void {
    if (!UUID.test(id)) throw sermonErrors.invalidId();
  }

  async find(orgId: string, id: string): Promise<SermonsRow> {
    if (!UUID.test(id)) throw sermonErrors.notFound();
    const row = await this.db.selectFrom('sermons').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
    if (!row) throw sermonErrors.notFound();
    return row;
  }

  async orgOf(id: string): Promise<string | null> {
    if (!UUID.test(id)) return null;
    const row = await this.db.selectFrom('sermons').select('org_id').where('id', '=', id).executeTakeFirst();
    return row?.org_id ?? null;
  }

  async list(orgId: string, limit: number, cursor: string | undefined) {
    let query = this.db
      .selectFrom('sermons')
      .leftJoin('sermon_progress', 'sermon_progress.sermon_id', 'sermons.id')
      .select([...SUMMARY_COLUMNS, 'sermon_progress.upload_pct', 'sermon_progress.transcribe_pct', 'sermon_progress.outline_pct', 'sermon_progress.devotion_pct', 'sermon_progress.current_step', 'sermon_progress.status as progress_status'])
      .where('sermons.org_id', '=', orgId)
      .orderBy('sermons.created_at', 'desc')
      .orderBy('sermons.id', 'desc')
      .limit(limit + 1);
    const after = cursor ? decodeCursor(cursor) : null;
    if (cursor && !after) throw sermonErrors.badCursor();
    if (after) query = query.where(sql<boolean>`(sermons.created_at, sermons.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      sermons: page.map((row) => ({
        ...sermonJson(row as unknown as SermonsRow),
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
    const counts = await this.db
      .selectFrom('sermons')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) filter (where status = 'PUBLISHED'))::int`.as('published'),
        sql<number>`(count(*) filter (where status = 'PROCESSING'))::int`.as('processing'),
        sql<number>`(count(*) filter (where created_at >= ${monthStart}))::int`.as('thisMonth'),
      ])
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    const { sermons } = await this.list(orgId, 5, undefined);
    return { ...counts, recent: sermons };
  }

  async details(orgId: string, id: string) {
    SermonsService.checkId(id);
    const sermon = await this.find(orgId, id);
    const [progress, transcript, outline, devotionals] = await Promise.all([
      this.db.selectFrom('sermon_progress').selectAll().where('sermon_id', '=', id).executeTakeFirst(),
      this.db.selectFrom('transcripts').select(['text']).where('sermon_id', '=', id).where('org_id', '=', orgId).executeTakeFirst(),
      this.db.selectFrom('outlines').select(['outline']).where('sermon_id', '=', id).where('org_id', '=', orgId).executeTakeFirst(),
      this.db.selectFrom('devotionals').selectAll().where('sermon_id', '=', id).where('org_id', '=', orgId).orderBy('day_number').execute(),
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
    await this.find(orgId, id);
    const row = await this.db.selectFrom('transcripts').select(['text', 'words']).where('sermon_id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
    if (!row) throw sermonErrors.noTranscript();
    return { text: row.text, characterCount: row.text.length, words: row.words };
  }

  /** What the pipeline's later steps read back: the transcript and the outline, when stored. */
  async pipelineContent(sermon: SermonsRow) {
    const [transcript, outline] = await Promise.all([
      this.db.selectFrom('transcripts').select(['text']).where('sermon_id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst(),
      this.db.selectFrom('outlines').select(['outline']).where('sermon_id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst(),
    ]);
    // Text only: the steps that read it back never need the word timings (large for a long sermon).
    return { transcript: transcript ? { text: transcript.text } : null, outline: outline?.outline ?? null };
  }

  /** Sermons in the pipeline now, every organization: the capacity that makes 429 busy. */
  async assertCapacity(): Promise<void> {
    const row = await this.db
      .selectFrom('sermons')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'PROCESSING')
      .executeTakeFirstOrThrow();
    if (row.n >= this.deps.config.SERMON_PIPELINE_CAPACITY) throw sermonErrors.busy();
  }

  /** Validate → capacity → quota → sermon (PROCESSING) + progress + created event. */
  async create(actor: Actor, input: NewSermonInput, progress: SermonProgressUpdate = {}): Promise<SermonsRow> {
    await this.assertCapacity();
    return this.db.transaction().execute(async (trx) => {
      await this.quota.consume(trx, actor.orgId);
      const sermon = await trx
        .insertInto('sermons')
        .values({
          org_id: actor.orgId,
          title: input.title,
          speaker: input.speaker,
          recorded_on: input.recordedAt,
          created_by: actor.userId,
          upload_key: input.uploadKey,
          upload_content_type: input.contentType,
          upload_size: input.size,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('sermon_progress').values({ sermon_id: sermon.id, upload_pct: 0, current_step: 'upload', status: 'processing', ...progress, error_message: null }).execute();
      await appendEvent(trx, createEvent('sermons.sermon.created.v1', {
        orgId: actor.orgId,
        subject: sermon.id,
        data: { sermonId: sermon.id, title: sermon.title, speaker: sermon.speaker, recordedOn: sermon.recorded_on, createdBy: actor.userId },
      }));
      return sermon;
    });
  }

  /** The upload was verified: media path recorded, progress upload 100 → transcribe, pipeline started. */
  async markUploaded(sermon: SermonsRow, key: string, duration: number | null): Promise<SermonsRow> {
    const updated = await this.tx(async (trx, after) => {
      const row = await trx
        .updateTable('sermons')
        .set({ temporary_media_path: key, duration, updated_at: sql`now()` })
        .where('id', '=', sermon.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw sermonErrors.notFound();
      await this.writeProgress(trx, after, row, { upload_pct: 100, current_step: 'transcribe', message: 'File uploaded successfully' });
      return row;
    });
    await this.startPipeline(updated, key);
    return updated;
  }

  async startPipeline(sermon: SermonsRow, key: string, startAt?: PipelineStep): Promise<void> {
    try {
      await this.deps.pipeline.start({ sermonId: sermon.id, orgId: sermon.org_id, mediaKey: key, ...(startAt ? { startAt } : {}) });
    } catch (error) {
      // Spec: process-sermon failures at upload time are only logged; Retry starts it again.
      this.deps.log.warn({ err: error, sermonId: sermon.id }, 'could not start the sermon pipeline');
    }
  }

  /**
   * Saves upload_pct (called at each 5% step of a running upload). False when the sermon is gone:
   * a cancel on another instance removed it, and the upload must stop.
   */
  async uploadProgress(sermonId: string, orgId: string, pct: number): Promise<boolean> {
    const row = await this.db.selectFrom('sermons').selectAll().where('id', '=', sermonId).where('org_id', '=', orgId).executeTakeFirst();
    if (!row) return false;
    try {
      await this.tx((trx, after) => this.writeProgress(trx, after, row, { upload_pct: pct, message: 'Uploading sermon file...' }));
    } catch (error) {
      // Removed between the read and the write (foreign key violation): gone as well.
      if ((error as { code?: string }).code === '23503') return false;
      throw error;
    }
    return true;
  }

  /** Removes media then record (delete, stop, cancelled or refused upload). */
  async remove(sermon: SermonsRow, actorId: string, options: { releaseQuota: boolean }): Promise<void> {
    const bucket = await this.deps.raw();
    for (const key of new Set([sermon.temporary_media_path, sermon.upload_key])) if (key) await bucket.delete(key);
    const deleted = await this.db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('sermons').where('id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst();
      if (gone.numDeletedRows === 0n) return false;
      if (options.releaseQuota) await this.quota.release(trx, sermon.org_id, sermon.created_at);
      await appendEvent(trx, createEvent('sermons.sermon.deleted.v1', { orgId: sermon.org_id, subject: sermon.id, data: { sermonId: sermon.id, deletedBy: actorId } }));
      return true;
    });
    if (deleted) this.deps.hub.publish(`sermon:${sermon.id}`, { event: 'deleted', data: { sermonId: sermon.id } });
  }

  /** Deleting a sermon gives its upload back to the cycle it was counted in. */
  async delete(actor: Actor, id: string): Promise<void> {
    const sermon = await this.find(actor.orgId, id);
    await this.cancelRun(sermon.id);
    await this.remove(sermon, actor.userId, { releaseQuota: true });
  }

  async stop(actor: Actor, id: string): Promise<void> {
    const sermon = await this.find(actor.orgId, id);
    await this.cancelRun(sermon.id);
    await this.remove(sermon, actor.userId, { releaseQuota: false });
  }

  private async cancelRun(sermonId: string): Promise<void> {
    try {
      await this.deps.pipeline.cancel(sermonId);
    } catch (error) {
      this.deps.log.warn({ err: error, sermonId }, 'could not cancel the sermon pipeline');
      throw error;
    }
  }

  async publish(actor: Actor, id: string) {
    const sermon = await this.find(actor.orgId, id);
    return this.tx(async (trx, after) => {
      const row = await trx
        .updateTable('sermons')
        .set({ status: 'PUBLISHED', published_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', sermon.id)
        .where('org_id', '=', actor.orgId)
        .where('status', '=', 'REVIEW')
        .returningAll()
        .executeTakeFirst();
      if (!row) throw sermonErrors.notInReview();
      await appendEvent(trx, createEvent('sermons.sermon.published.v1', {
        orgId: actor.orgId,
        subject: row.id,
        data: { sermonId: row.id, title: row.title, publishedBy: actor.userId, publishedAt: (row.published_at as Date).toISOString() },
      }));
      after(() => this.deps.hub.publish(`sermon:${row.id}`, { event: 'status', data: { sermonId: row.id, status: row.status, errorMessage: null } }));
      return sermonJson(row);
    });
  }

  async saveOutline(actor: Actor, id: string, outline: Record<string, unknown>) {
    const sermon = await this.find(actor.orgId, id);
    if (sermon.status === 'PROCESSING') throw sermonErrors.stillProcessing();
    await this.upsertOutline(sermon, outline);
    return outline;
  }

  async upsertOutline(sermon: SermonsRow, outline: Record<string, unknown>): Promise<void> {
    const json = JSON.stringify(outline);
    await this.db
      .insertInto('outlines')
      .values({ sermon_id: sermon.id, org_id: sermon.org_id, outline: json })
      .onConflict((c) => c.column('sermon_id').doUpdateSet({ outline: json, updated_at: sql`now()` }))
      .execute();
  }

  async saveDevotional(actor: Actor, devotionalId: string, body: DevotionalInput) {
    if (!UUID.test(devotionalId)) throw sermonErrors.devotionalNotFound();
    const clean = normaliseDevotional(body);
    const row = await this.db
      .updateTable('devotionals')
      .set({ ...clean, updated_at: sql`now()` })
      .where('id', '=', devotionalId)
      .where('org_id', '=', actor.orgId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw sermonErrors.devotionalNotFound();
    return devotionalJson(row);
  }

  async upsertDevotionals(sermon: SermonsRow, days: (DevotionalInput & { dayNumber: number })[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const day of days) {
        const clean = normaliseDevotional(day);
        await trx
          .insertInto('devotionals')
          .values({ sermon_id: sermon.id, org_id: sermon.org_id, day_number: day.dayNumber, ...clean })
          .onConflict((c) => c.columns(['sermon_id', 'day_number']).doUpdateSet({ ...clean, updated_at: sql`now()` }))
          .execute();
      }
    });
  }

  async upsertTranscript(sermon: SermonsRow, text: string, words: unknown[], duration: number | undefined): Promise<void> {
    const json = JSON.stringify(words);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('transcripts')
        .values({ sermon_id: sermon.id, org_id: sermon.org_id, text, words: json })
        .onConflict((c) => c.column('sermon_id').doUpdateSet({ text, words: json, updated_at: sql`now()` }))
        .execute();
      if (duration !== undefined) await trx.updateTable('sermons').set({ duration, updated_at: sql`now()` }).where('id', '=', sermon.id).execute();
    });
  }

  async retry(actor: Actor, id: string): Promise<PipelineStep> {
    const sermon = await this.find(actor.orgId, id);
    if (!sermon.temporary_media_path) throw sermonErrors.missingMedia();
    const progress = await this.db.selectFrom('sermon_progress').selectAll().where('sermon_id', '=', id).executeTakeFirst();
    if (sermon.status !== 'FAILED' && progress?.status !== 'failed') throw sermonErrors.notFailed();
    await this.assertCapacity();
    const failedStep = pipelineStepOf(progress?.current_step ?? 'transcribe', progress?.transcribe_pct ?? 0);
    await this.tx(async (trx, after) => {
      await trx.updateTable('sermons').set({ status: 'PROCESSING', updated_at: sql`now()` }).where('id', '=', id).execute();
      await this.writeProgress(trx, after, sermon, { status: 'processing', error_message: null, message: null });
    });
    const resumed = await this.deps.pipeline.retryOpenRun(id);
    if (resumed) return resumed;
    await this.deps.pipeline.start({ sermonId: id, orgId: sermon.org_id, mediaKey: sermon.temporary_media_path, startAt: failedStep });
    return failedStep;
  }

  /** A pipeline report: the step's percent (never lowered) and message. */
  async reportProgress(sermon: SermonsRow, step: SermonStep, percent: number, message: string | null): Promise<void> {
    const column = `${step}_pct` as const;
    await this.tx(async (trx, after) => {
      const current = await trx.selectFrom('sermon_progress').selectAll().where('sermon_id', '=', sermon.id).forUpdate().executeTakeFirst();
      const previous = current ? current[column] : 0;
      await this.writeProgress(trx, after, sermon, { [column]: Math.max(previous, percent), current_step: step, message, status: 'processing' });
    });
  }

  async markFailed(sermon: SermonsRow, step: SermonStep, message: string): Promise<void> {
    await this.tx(async (trx, after) => {
      await trx.updateTable('sermons').set({ status: 'FAILED', updated_at: sql`now()` }).where('id', '=', sermon.id).execute();
      await this.writeProgress(trx, after, sermon, { status: 'failed', current_step: step, error_message: message, message: 'Processing failed' });
      await appendEvent(trx, createEvent('sermons.sermon.failed.v1', { orgId: sermon.org_id, subject: sermon.id, data: { sermonId: sermon.id, step, errorMessage: message } }));
    });
    this.deps.hub.publish(`sermon:${sermon.id}`, { event: 'status', data: { sermonId: sermon.id, status: 'FAILED', errorMessage: message } });
  }

  async markReady(sermon: SermonsRow): Promise<void> {
    const changed = await this.tx(async (trx, after) => {
      const row = await trx.updateTable('sermons').set({ status: 'REVIEW', updated_at: sql`now()` }).where('id', '=', sermon.id).where('status', 'in', ['PROCESSING', 'FAILED']).returning('id').executeTakeFirst();
      await this.writeProgress(trx, after, sermon, { upload_pct: 100, transcribe_pct: 100, outline_pct: 100, devotion_pct: 100, current_step: 'devotion', status: 'completed', error_message: null, message: 'Devotional series created' });
      if (row) await appendEvent(trx, createEvent('sermons.sermon.ready-for-review.v1', { orgId: sermon.org_id, subject: sermon.id, data: { sermonId: sermon.id, title: sermon.title } }));
      return Boolean(row);
    });
    if (changed) this.deps.hub.publish(`sermon:${sermon.id}`, { event: 'status', data: { sermonId: sermon.id, status: 'REVIEW', errorMessage: null } });
  }

  async findAnyOrg(id: string): Promise<SermonsRow> {
    if (!UUID.test(id)) throw sermonErrors.notFound();
    const row = await this.db.selectFrom('sermons').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw sermonErrors.notFound();
    return row;
  }

  async progressOf(id: string) {
    return progressJson(id, await this.db.selectFrom('sermon_progress').selectAll().where('sermon_id', '=', id).executeTakeFirst());
  }

  /** A transaction whose `after` callbacks run once it has committed (live pushes must not show uncommitted state). */
  private async tx<T>(fn: (trx: Trx, after: (callback: () => void) => void) => Promise<T>): Promise<T> {
    const callbacks: (() => void)[] = [];
    const result = await this.db.transaction().execute((trx) => fn(trx, (callback) => callbacks.push(callback)));
    for (const callback of callbacks) callback();
    return result;
  }

  /** Upserts the progress row, writes `progressed` to the outbox and tells live subscribers after commit. */
  private async writeProgress(trx: Trx, after: (callback: () => void) => void, sermon: SermonsRow, change: SermonProgressUpdate): Promise<void> {
    const row = await trx
      .insertInto('sermon_progress')
      .values({ sermon_id: sermon.id, error_message: null, message: null, ...change } as never)
      .onConflict((c) => c.column('sermon_id').doUpdateSet({ ...change, updated_at: sql`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendEvent(trx, createEvent('sermons.sermon.progressed.v1', {
      orgId: sermon.org_id,
      subject: sermon.id,
      data: { sermonId: sermon.id, currentStep: row.current_step, uploadPct: row.upload_pct, transcribePct: row.transcribe_pct, outlinePct: row.outline_pct, devotionPct: row.devotion_pct },
    }));
    const payload = progressJson(sermon.id, row);
    after(() => this.deps.hub.publish(`sermon:${sermon.id}`, { event: 'progress', data: payload }));
  }
}

export interface DevotionalInput {
  title?: unknown;
  theme?: unknown;
  openingPrayer?: unknown;
  scripturePassage?: unknown;
  reflection?: unknown;
  closingPrayer?: unknown;
  additionalScripture?: unknown;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
function quickFull(value: unknown) {
  const r = record(value);
  return { quick: text(r.quick), full: text(r.full) };
}
function passage(value: unknown) {
  const r = record(value);
  return { reference: text(r.reference), text: text(r.text), context: text(r.context) };
}
function reflectionPart(value: unknown) {
  const r = record(value);
  const observations = Array.isArray(r.observations) ? r.observations.filter((o): o is string => typeof o === 'string').map((o) => o.trim()).filter((o) => o !== '') : [];
  return { observations, interpretation: text(r.interpretation), application: text(r.application), keyTakeaway: text(r.keyTakeaway), question: text(r.question) };
}

/** Spec §5: missing fields become empty text / empty quick-full; observations trimmed, empties dropped. */
export function normaliseDevotional(input: DevotionalInput) {
  const sp = record(input.scripturePassage);
  const rf = record(input.reflection);
  return {
    title: text(input.title),
    theme: text(input.theme),
    opening_prayer: JSON.stringify(quickFull(input.openingPrayer)),
    scripture_passage: JSON.stringify({ quick: passage(sp.quick), full: passage(sp.full) }),
    reflection: JSON.stringify({ quick: reflectionPart(rf.quick), full: reflectionPart(rf.full) }),
    closing_prayer: JSON.stringify(quickFull(input.closingPrayer)),
    additional_scripture: JSON.stringify(Array.isArray(input.additionalScripture)
      ? input.additionalScripture.map((a) => ({ reference: text(record(a).reference), note: text(record(a).note) }))
      : null),
  };
}

/** Maps the spec's step (sermon_progress) to the workflow's step to restart from. */
function pipelineStepOf(step: SermonStep, transcribePct: number): PipelineStep {
  if (step === 'outline') return 'outline';
  if (step === 'devotion') return 'devotional';
  return transcribePct > 0 ? 'transcribe' : 'normalize';
}

export function spokenStep(step: string): SermonStep | null {
  if (step === 'normalize') return 'transcribe';
  if (step === 'devotional') return 'devotion';
  return step === 'upload' || step === 'transcribe' || step === 'outline' || step === 'devotion' ? step : null;
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Only what encodeCursor writes: an ISO timestamp (as toISOString gives it) and a uuid. */
function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const [createdAt, id] = parts;
  if (parts.length !== 2 || !createdAt || !id || !CURSOR_TIME.test(createdAt) || !UUID.test(id)) return null;
  const time = new Date(createdAt);
  return !Number.isNaN(time.getTime()) && time.toISOString() === createdAt ? { createdAt, id } : null;
}

export function newUploadKey(ext: string): string {
  return `${randomUUID()}.${ext}`;
}
