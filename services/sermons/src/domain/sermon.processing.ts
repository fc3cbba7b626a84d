// The pipeline's side of a sermon: starting and retrying its run, and what the worker reports
// (percent per step, transcript, outline, devotionals, failure, ready for review).
import { createEvent } from '@lectern/events';
import { appendEvent } from '@lectern/service-kit';
import type { PipelineStep } from '@lectern/workflow-contract';
import type { SermonStep } from '../data/sermon-progress.table.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import { findProgress, findSermon, updateSermon, upsertDevotional, upsertOutline, upsertTranscript } from '../data/sermon.repository.ts';
import type { PipelineClient } from '../pipeline/pipeline.client.ts';
import type { Actor, ServiceLog } from './sermon.actor.ts';
import type { SermonChanges } from './sermon.changes.ts';
import { normaliseDevotional, type DevotionalInput } from './devotional.input.ts';
import { sermonErrors } from './sermon.errors.ts';

export class SermonProcessing {
  private readonly deps: { changes: SermonChanges; pipeline: PipelineClient; log: ServiceLog; assertCapacity: (orgId: string) => Promise<void> };

  constructor(deps: SermonProcessing['deps']) {
    this.deps = deps;
  }

  /** Starts the run without waiting for it; a failure is only logged (spec: Retry starts it again). */
  async start(sermon: SermonsRow, key: string, startAt?: PipelineStep): Promise<void> {
    try {
      await this.deps.pipeline.start({ sermonId: sermon.id, orgId: sermon.org_id, mediaKey: key, ...(startAt ? { startAt } : {}) });
    } catch (error) {
      this.deps.log.warn({ err: error, sermonId: sermon.id }, 'could not start the sermon pipeline');
    }
  }

  /** Ends the run of a sermon about to be removed; a failure keeps the sermon (the caller stops). */
  async cancel(sermonId: string): Promise<void> {
    try {
      await this.deps.pipeline.cancel(sermonId);
    } catch (error) {
      this.deps.log.warn({ err: error, sermonId }, 'could not cancel the sermon pipeline');
      throw error;
    }
  }

  /** Retry of a failed sermon: the open run retries its failed step, or a new run starts at it. */
  async retry(actor: Actor, id: string): Promise<PipelineStep> {
    const sermon = await findSermon(this.deps.changes.db, actor.orgId, id);
    if (!sermon) throw sermonErrors.notFound();
    if (!sermon.temporary_media_path) throw sermonErrors.missingMedia();
    const progress = await findProgress(this.deps.changes.db, id);
    if (sermon.status !== 'FAILED' && progress?.status !== 'failed') throw sermonErrors.notFailed();
    await this.deps.assertCapacity(sermon.org_id);
    const failedStep = pipelineStepOf(progress?.current_step ?? 'transcribe', progress?.transcribe_pct ?? 0);
    await this.deps.changes.tx(async (trx, after) => {
      await updateSermon(trx, id, { status: 'PROCESSING' });
      await this.deps.changes.writeProgress(trx, after, sermon, { status: 'processing', error_message: null, message: null });
    });
    const resumed = await this.deps.pipeline.retryOpenRun(id);
    if (resumed) return resumed;
    await this.deps.pipeline.start({ sermonId: id, orgId: sermon.org_id, mediaKey: sermon.temporary_media_path, startAt: failedStep });
    return failedStep;
  }

  /** A step's percent (never lowered) and message. */
  async reportProgress(sermon: SermonsRow, step: SermonStep, percent: number, message: string | null): Promise<void> {
    const column = `${step}_pct` as const;
    await this.deps.changes.tx(async (trx, after) => {
      const current = await findProgress(trx, sermon.id, { forUpdate: true });
      const previous = current ? current[column] : 0;
      await this.deps.changes.writeProgress(trx, after, sermon, { [column]: Math.max(previous, percent), current_step: step, message, status: 'processing' });
    });
  }

  async storeTranscript(sermon: SermonsRow, text: string, words: unknown[], duration: number | undefined): Promise<void> {
    await this.deps.changes.db.transaction().execute(async (trx) => {
      await upsertTranscript(trx, sermon, text, words);
      if (duration !== undefined) await updateSermon(trx, sermon.id, { duration });
    });
  }

  async storeOutline(sermon: SermonsRow, outline: Record<string, unknown>): Promise<void> {
    await upsertOutline(this.deps.changes.db, sermon, outline);
  }

  async storeDevotionals(sermon: SermonsRow, days: (DevotionalInput & { dayNumber: number })[]): Promise<void> {
    await this.deps.changes.db.transaction().execute(async (trx) => {
      for (const day of days) await upsertDevotional(trx, sermon, day.dayNumber, normaliseDevotional(day));
    });
  }

  async markFailed(sermon: SermonsRow, step: SermonStep, message: string): Promise<void> {
    await this.deps.changes.tx(async (trx, after) => {
      await updateSermon(trx, sermon.id, { status: 'FAILED' });
      await this.deps.changes.writeProgress(trx, after, sermon, { status: 'failed', current_step: step, error_message: message, message: 'Processing failed' });
      await appendEvent(trx, createEvent('sermons.sermon.failed.v1', { orgId: sermon.org_id, subject: sermon.id, data: { sermonId: sermon.id, step, errorMessage: message } }));
    });
    this.deps.changes.live(sermon.id, { event: 'status', data: { sermonId: sermon.id, status: 'FAILED', errorMessage: message } });
  }

  async markReady(sermon: SermonsRow): Promise<void> {
    const changed = await this.deps.changes.tx(async (trx, after) => {
      const row = await updateSermon(trx, sermon.id, { status: 'REVIEW' }, ['PROCESSING', 'FAILED']);
      await this.deps.changes.writeProgress(trx, after, sermon, { upload_pct: 100, transcribe_pct: 100, outline_pct: 100, devotion_pct: 100, current_step: 'devotion', status: 'completed', error_message: null, message: 'Devotional series created' });
      if (row) await appendEvent(trx, createEvent('sermons.sermon.ready-for-review.v1', { orgId: sermon.org_id, subject: sermon.id, data: { sermonId: sermon.id, title: sermon.title } }));
      return Boolean(row);
    });
    if (changed) this.deps.changes.live(sermon.id, { event: 'status', data: { sermonId: sermon.id, status: 'REVIEW', errorMessage: null } });
  }
}

/** Maps the spec's step (sermon_progress) to the workflow's step to restart from. */
function pipelineStepOf(step: SermonStep, transcribePct: number): PipelineStep {
  if (step === 'outline') return 'outline';
  if (step === 'devotion') return 'devotional';
  return transcribePct > 0 ? 'transcribe' : 'normalize';
}

/** The worker's step names (normalize, devotional) → the spec's progress steps. */
export function spokenStep(step: string): SermonStep | null {
  if (step === 'normalize') return 'transcribe';
  if (step === 'devotional') return 'devotion';
  return step === 'upload' || step === 'transcribe' || step === 'outline' || step === 'devotion' ? step : null;
}
