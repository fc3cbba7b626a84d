// The migration rows (queue, items, steps) and their live pushes: every change is written, then
// sent to the page's subscribers of `migration:<id>` once committed.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { LiveHub } from '@lectern/service-kit';
import type { MigrationDb } from '../data/database.ts';
import type { MigrationItemRow, MigrationItemStatus } from '../data/migration-items.table.ts';
import type { MigrationQueueRow, MigrationQueueUpdate } from '../data/migration-queue.table.ts';
import type { MigrationStepsRow } from '../data/migration-steps.table.ts';

export const migrationTopic = (id: string) => `migration:${id}`;

export function queueJson(row: MigrationQueueRow) {
  return {
    id: row.id,
    orgId: row.org_id,
    feedUrl: row.feed_url,
    status: row.status,
    processedVideos: row.processed_videos,
    totalVideos: row.total_videos,
    failedVideos: row.failed_videos,
    currentVideo: row.current_video,
    currentVideoTitle: row.current_video_title,
    workflowId: row.workflow_id,
    errorMessage: row.error_message,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

export function stepJson(row: MigrationStepsRow) {
  return {
    id: row.id,
    queueId: row.queue_id,
    position: row.position,
    stepName: row.step_name,
    stepMessage: row.step_message,
    errorMessage: row.error_message,
    stepStatus: row.step_status,
    stepProgress: row.step_progress,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export type QueueJson = ReturnType<typeof queueJson>;
export type StepJson = ReturnType<typeof stepJson>;

export class MigrationStore {
  readonly db: Kysely<MigrationDb>;
  private readonly hub: LiveHub;

  constructor(db: Kysely<MigrationDb>, hub: LiveHub) {
    this.db = db;
    this.hub = hub;
  }

  async queue(id: string): Promise<MigrationQueueRow | undefined> {
    return this.db.selectFrom('migration_queue').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async steps(queueId: string): Promise<MigrationStepsRow[]> {
    return this.db.selectFrom('migration_steps').selectAll().where('queue_id', '=', queueId).orderBy('created_at').orderBy('position').execute();
  }

  async item(queueId: string, position: number): Promise<MigrationItemRow> {
    return this.db.selectFrom('migration_items').selectAll().where('queue_id', '=', queueId).where('position', '=', position).executeTakeFirstOrThrow();
  }

  async items(queueId: string, statuses?: MigrationItemStatus[]): Promise<MigrationItemRow[]> {
    let query = this.db.selectFrom('migration_items').selectAll().where('queue_id', '=', queueId);
    if (statuses) query = query.where('status', 'in', statuses);
    return query.orderBy('position').execute();
  }

  async updateQueue(id: string, change: MigrationQueueUpdate): Promise<MigrationQueueRow> {
    const row = await this.db.updateTable('migration_queue').set({ ...change, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    this.hub.publish(migrationTopic(id), { event: 'queue', data: queueJson(row) });
    return row;
  }

  /** Recounts processed/failed from the items (repeating it is harmless). */
  async recount(id: string, change: MigrationQueueUpdate = {}): Promise<MigrationQueueRow> {
    const counts = await this.db
      .selectFrom('migration_items')
      .select([
        sql<number>`count(*) filter (where status in ('completed', 'failed'))::int`.as('processed'),
        sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
      ])
      .where('queue_id', '=', id)
      .executeTakeFirstOrThrow();
    return this.updateQueue(id, { processed_videos: counts.processed, failed_videos: counts.failed, ...change });
  }

  async setItem(queueId: string, position: number, status: MigrationItemStatus, errorMessage: string | null = null, sermonId?: string): Promise<void> {
    await this.db
      .updateTable('migration_items')
      .set({ status, error_message: errorMessage, updated_at: sql`now()`, ...(sermonId ? { sermon_id: sermonId } : {}) })
      .where('queue_id', '=', queueId)
      .where('position', '=', position)
      .execute();
  }

  /** One step row per video (upserted by position) so the list shows each video's latest state. */
  async upsertStep(queueId: string, position: number | null, step: { name: string; message: string | null; status: string; progress: number; error?: string | null }): Promise<StepJson> {
    const values = {
      step_name: step.name,
      step_message: step.message,
      step_status: step.status,
      step_progress: Math.max(0, Math.min(100, Math.round(step.progress))),
      error_message: step.error ?? null,
    };
    const row = position === null
      ? await this.db.insertInto('migration_steps').values({ queue_id: queueId, position: null, ...values }).returningAll().executeTakeFirstOrThrow()
      : await this.db
        .insertInto('migration_steps')
        .values({ queue_id: queueId, position, ...values })
        .onConflict((c) => c.columns(['queue_id', 'position']).doUpdateSet({ ...values, updated_at: sql`now()` }))
        .returningAll()
        .executeTakeFirstOrThrow();
    const json = stepJson(row);
    this.hub.publish(migrationTopic(queueId), { event: 'step', data: json });
    return json;
  }
}
