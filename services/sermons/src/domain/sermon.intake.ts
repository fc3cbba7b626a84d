// A sermon coming in: capacity and quota checked, the record and its progress created (with the
// created event), upload progress saved, the verified recording recorded and the pipeline
// started. Also the RSS migration's sermons, created under the id the migration chose.
import { randomUUID } from 'node:crypto';
import { createEvent } from '@lectern/events';
import { AppError, appendEvent, claimIdempotencyKey, ErrorCode, findIdempotentResult } from '@lectern/service-kit';
import type { IdempotentRequest } from '@lectern/service-kit';
import type { SermonProgressUpdate } from '../data/sermon-progress.table.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import { findSermon, findSermonAnyOrg, insertSermon, insertSermonOnce, updateSermon, upsertProgress } from '../data/sermon.repository.ts';
import type { Executor } from '../data/sermon.repository.ts';
import type { Actor } from './sermon.actor.ts';
import type { SermonChanges } from './sermon.changes.ts';
import type { SermonProcessing } from './sermon.processing.ts';
import type { QuotaService } from './quota.service.ts';
import { sermonErrors } from './sermon.errors.ts';

export interface NewSermonInput {
  title: string;
  speaker: string;
  recordedAt: string;
  uploadKey: string | null;
  contentType: string | null;
  size: number | null;
}

export interface MigratedSermonInput {
  orgId: string;
  title: string;
  recordedOn: string | null;
  createdBy: string;
  uploadKey: string;
}

export class SermonIntake {
  private readonly deps: { changes: SermonChanges; quota: QuotaService; processing: SermonProcessing; assertCapacity: (orgId: string) => Promise<void> };

  constructor(deps: SermonIntake['deps']) {
    this.deps = deps;
  }

  /**
   * Capacity → quota → sermon (PROCESSING) + progress + created event. With an idempotency key
   * (ADR 0033) the key is stored in the same transaction, first: a request whose key created a
   * sermon already gets that sermon back, with no second record, event or quota unit.
   */
  async create(actor: Actor, input: NewSermonInput, progress: SermonProgressUpdate = {}, idempotency?: IdempotentRequest): Promise<SermonsRow> {
    // A replay was answered before this (`earlier`, the route's first step); the claim below
    // catches one that committed since.
    await this.deps.assertCapacity(actor.orgId);
    return this.deps.changes.db.transaction().execute(async (trx) => {
      const id = randomUUID();
      if (idempotency) {
        // Another request with this key committed meanwhile (the unique key waited for it).
        const earlierId = await claimIdempotencyKey(trx, idempotency, id);
        if (earlierId) return this.createdBy(trx, idempotency, earlierId);
      }
      await this.deps.quota.consume(trx, actor.orgId);
      const sermon = await insertSermon(trx, {
        id,
        org_id: actor.orgId,
        title: input.title,
        speaker: input.speaker,
        recorded_on: input.recordedAt,
        created_by: actor.userId,
        upload_key: input.uploadKey,
        upload_content_type: input.contentType,
        upload_size: input.size,
      });
      await upsertProgress(trx, sermon.id, { upload_pct: 0, current_step: 'upload', status: 'processing', ...progress, error_message: null });
      await appendEvent(trx, createEvent('sermons.sermon.created.v1', {
        orgId: actor.orgId,
        subject: sermon.id,
        data: { sermonId: sermon.id, title: sermon.title, speaker: sermon.speaker, recordedOn: sermon.recorded_on, createdBy: actor.userId },
      }));
      return sermon;
    });
  }

  /** The sermon an earlier request with this idempotency key created, if any (409 when the key came with another request). */
  async earlier(idempotency: IdempotentRequest): Promise<SermonsRow | undefined> {
    const id = await findIdempotentResult(this.deps.changes.db, idempotency);
    return id === undefined ? undefined : this.createdBy(this.deps.changes.db, idempotency, id);
  }

  private async createdBy(db: Executor, idempotency: IdempotentRequest, id: string): Promise<SermonsRow> {
    const sermon = await findSermon(db, idempotency.orgId, id);
    if (!sermon) throw sermonErrors.createdThenRemoved();
    return sermon;
  }

  /** The upload was verified: media path recorded, progress upload 100 → transcribe, pipeline started. */
  async markUploaded(sermon: SermonsRow, key: string, duration: number | null): Promise<SermonsRow> {
    const updated = await this.deps.changes.tx(async (trx, after) => {
      const row = await updateSermon(trx, sermon.id, { temporary_media_path: key, duration });
      if (!row) throw sermonErrors.notFound();
      await this.deps.changes.writeProgress(trx, after, row, { upload_pct: 100, current_step: 'transcribe', message: 'File uploaded successfully' });
      return row;
    });
    await this.deps.processing.start(updated, key);
    return updated;
  }

  /**
   * Saves upload_pct (called at each 5% step of a running upload). False when the sermon is gone:
   * a cancel on another instance removed it, and the upload must stop.
   */
  async uploadProgress(sermonId: string, orgId: string, pct: number): Promise<boolean> {
    const row = await findSermon(this.deps.changes.db, orgId, sermonId);
    if (!row) return false;
    try {
      await this.deps.changes.tx((trx, after) => this.deps.changes.writeProgress(trx, after, row, { upload_pct: pct, message: 'Uploading sermon file...' }));
    } catch (error) {
      // Removed between the read and the write (foreign key violation): gone as well.
      if ((error as { code?: string }).code === '23503') return false;
      throw error;
    }
    return true;
  }

  /** Creates the migrated sermon once: a repeated call with the same id returns the first. */
  /**
   * A migrated sermon counts like an upload: capacity (busy → the migration waits and tries again)
   * and the organization's quota (refused → the migration fails the rest with the message). A
   * repeated create of the same id finds the record and takes no second unit.
   */
  async createMigrated(id: string, input: MigratedSermonInput): Promise<SermonsRow> {
    if (!(await findSermonAnyOrg(this.deps.changes.db, id))) await this.deps.assertCapacity(input.orgId);
    return this.deps.changes.db.transaction().execute(async (trx) => {
      const created = await insertSermonOnce(trx, { id, org_id: input.orgId, title: input.title, speaker: null, recorded_on: input.recordedOn, created_by: input.createdBy, upload_key: input.uploadKey });
      if (!created) {
        const existing = await findSermonAnyOrg(trx, id);
        if (!existing || existing.org_id !== input.orgId) throw new AppError(ErrorCode.CONFLICT, { detail: 'This sermon id belongs to another organization.' });
        return existing;
      }
      // Inside the insert's transaction: a refused unit leaves no record behind.
      await this.deps.quota.consume(trx, input.orgId);
      await upsertProgress(trx, id, { upload_pct: 0, current_step: 'upload', status: 'processing', error_message: null, message: 'Waiting for the feed download' });
      await appendEvent(trx, createEvent('sermons.sermon.created.v1', {
        orgId: input.orgId,
        subject: id,
        data: { sermonId: id, title: created.title, speaker: null, recordedOn: created.recorded_on, createdBy: input.createdBy },
      }));
      return created;
    });
  }

  /** The migration downloaded the recording into the key it reserved. */
  async markDownloaded(sermon: SermonsRow, duration: number | null): Promise<void> {
    if (!sermon.upload_key) throw new AppError(ErrorCode.CONFLICT, { detail: 'This sermon has no reserved recording key.' });
    await updateSermon(this.deps.changes.db, sermon.id, { temporary_media_path: sermon.upload_key, duration });
    await this.deps.processing.reportProgress(sermon, 'upload', 100, 'Downloaded from the feed');
  }
}

export function newUploadKey(ext: string): string {
  return `${randomUUID()}.${ext}`;
}
