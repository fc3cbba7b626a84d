// Migration use cases behind the console (spec 001 §7: bulk-migrate-sardius, cancel-migration,
// clear-migration, and Retry of failed items): rows here, runs in Temporal, sermons through their
// owner's internal API.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AppError, ErrorCode } from '@lectern/service-kit';
import type { MigrationItemRow } from '../data/migration-items.table.ts';
import { clampVideoCount } from '../feed/feed.reader.ts';
import type { MigratedSermonsClient } from './sermons.client.ts';
import type { MigrationTemporal } from './migration.temporal.ts';
import { queueJson, stepJson, type MigrationStore } from './migration.store.ts';

export interface QueuedVideo {
  title: string;
  mediaUrl: string;
  guid?: string | null;
  publishedAt?: string | null;
  duration?: number | null;
}

export interface StartMigrationInput {
  rssUrl: string;
  targetOrgId: string;
  videos: QueuedVideo[];
  allowDuplicates?: boolean;
  maxToQueue?: number;
}

/** Statuses of an item that count as "already migrated or on its way" for the duplicate rule. */
const TAKEN: MigrationItemRow['status'][] = ['pending', 'running', 'completed'];

const notFound = () => new AppError(ErrorCode.NOT_FOUND, { detail: 'Failed to fetch migration data: no such migration.' });

export class MigrationService {
  private readonly store: MigrationStore;
  private readonly temporal: MigrationTemporal;
  private readonly sermons: MigratedSermonsClient;

  constructor(deps: { store: MigrationStore; temporal: MigrationTemporal; sermons: MigratedSermonsClient }) {
    this.store = deps.store;
    this.temporal = deps.temporal;
    this.sermons = deps.sermons;
  }

  async start(requestedBy: string, input: StartMigrationInput) {
    const limit = clampVideoCount(input.maxToQueue ?? input.videos.length);
    const wanted: QueuedVideo[] = [];
    const seen = new Set<string>();
    for (const video of input.videos) {
      const guid = video.guid?.trim() || video.mediaUrl;
      if (seen.has(video.mediaUrl) || seen.has(`guid:${guid}`)) continue;
      seen.add(video.mediaUrl);
      seen.add(`guid:${guid}`);
      wanted.push({ ...video, guid });
      if (wanted.length >= limit) break;
    }

    const created = await this.store.db.transaction().execute(async (trx) => {
      // Two starts for one organization at once must not both pass the duplicate check.
      await sql`select pg_advisory_xact_lock(hashtext(${`migration:${input.targetOrgId}`}))`.execute(trx);
      let fresh = wanted;
      let skipped = 0;
      if (!input.allowDuplicates && wanted.length > 0) {
        const taken = await trx
          .selectFrom('migration_items')
          .select(['media_url', 'guid'])
          .where('org_id', '=', input.targetOrgId)
          .where('status', 'in', TAKEN)
          .where((eb) => eb.or([eb('media_url', 'in', wanted.map((v) => v.mediaUrl)), eb('guid', 'in', wanted.map((v) => v.guid as string))]))
          .execute();
        const takenUrls = new Set(taken.map((t) => t.media_url));
        const takenGuids = new Set(taken.map((t) => t.guid));
        fresh = wanted.filter((v) => !takenUrls.has(v.mediaUrl) && !takenGuids.has(v.guid as string));
        skipped = wanted.length - fresh.length;
      }
      if (fresh.length === 0) {
        throw new AppError(ErrorCode.CONFLICT, {
          detail: `Failed to start migration: all ${wanted.length} video(s) were already migrated for this organization.`,
        });
      }
      const queue = await trx
        .insertInto('migration_queue')
        .values({ org_id: input.targetOrgId, feed_url: input.rssUrl, total_videos: fresh.length, requested_by: requestedBy, current_video: null, current_video_title: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('migration_items')
        .values(fresh.map((video, index) => ({
          queue_id: queue.id,
          org_id: input.targetOrgId,
          position: index + 1,
          title: video.title.slice(0, 500) || 'Untitled sermon',
          media_url: video.mediaUrl,
          guid: video.guid as string,
          published_at: publishedDate(video.publishedAt),
          duration: video.duration ?? null,
          sermon_id: randomUUID(),
          error_message: null,
        })))
        .execute();
      return { queue, count: fresh.length, skipped };
    });

    try {
      const workflowId = await this.temporal.start({ migrationId: created.queue.id, orgId: input.targetOrgId, positions: range(created.count) });
      await this.store.updateQueue(created.queue.id, { workflow_id: workflowId });
    } catch (error) {
      // Nothing may stay queued that no run will ever process.
      await this.store.db.deleteFrom('migration_queue').where('id', '=', created.queue.id).execute();
      throw new AppError(ErrorCode.DEPENDENCY_UNAVAILABLE, { detail: `Failed to start migration: the workflow engine is not reachable (${(error as Error).message}).` });
    }
    const skippedNote = created.skipped > 0 ? ` (${created.skipped} already migrated, skipped)` : '';
    return { success: true, migrationId: created.queue.id, message: `Queued ${created.count} video(s) for migration${skippedNote}.` };
  }

  async view(id: string) {
    const queue = await this.existing(id);
    return { queue: queueJson(queue), steps: (await this.store.steps(id)).map(stepJson) };
  }

  async cancel(id: string) {
    const queue = await this.existing(id);
    const stopping = queue.workflow_id ? await this.temporal.stop(queue.workflow_id) : false;
    return { success: true, message: stopping ? 'Migration cancellation requested' : 'The migration is not running.' };
  }

  /** Clear Pending Sermons: every sermon of this migration that has not reached review is removed. */
  async clear(id: string) {
    const queue = await this.existing(id);
    if (queue.workflow_id && (await this.temporal.isRunning(queue.workflow_id))) {
      await this.temporal.stop(queue.workflow_id);
      if (!(await this.temporal.waitClosed(queue.workflow_id, 120_000))) {
        throw new AppError(ErrorCode.CONFLICT, { detail: 'Failed to clear migration: it is still stopping. Try again in a moment.' });
      }
    }
    let removed = 0;
    for (const item of await this.store.items(id)) {
      if (item.status === 'cleared') continue;
      if (item.status === 'failed') await this.temporal.cancelPipeline(item.sermon_id);
      const result = await this.sermons.removeUnlessReviewed(item.sermon_id);
      if (result.removed) removed += 1;
      if (result.status !== 'REVIEW' && result.status !== 'PUBLISHED') await this.store.setItem(id, item.position, 'cleared');
    }
    await this.store.upsertStep(id, null, { name: 'Pending sermons cleared', message: `${removed} sermon(s) that had not reached review were removed.`, status: 'completed', progress: 100 });
    await this.store.recount(id);
    return { success: true, message: removed > 0 ? `Migration cleared successfully: ${removed} sermon(s) removed.` : 'Migration cleared successfully: no sermon was waiting.' };
  }

  /** Retry failed items: a new run over the failed positions, once the previous run has closed. */
  async retry(id: string) {
    const queue = await this.existing(id);
    if (queue.workflow_id && (await this.temporal.isRunning(queue.workflow_id))) {
      throw new AppError(ErrorCode.CONFLICT, { detail: 'The migration is still running; retry its failed videos when it has finished.' });
    }
    const failed = await this.store.items(id, ['failed']);
    if (failed.length === 0) throw new AppError(ErrorCode.CONFLICT, { detail: 'There are no failed videos to retry.' });
    await this.store.updateQueue(id, { status: 'processing', finished_at: null, error_message: null });
    await this.temporal.start({ migrationId: id, orgId: queue.org_id, positions: failed.map((item) => item.position) });
    return { success: true, message: `Retrying ${failed.length} failed video(s).` };
  }

  private async existing(id: string) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound();
    const queue = await this.store.queue(id);
    if (!queue) throw notFound();
    return queue;
  }
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

/** A video's date as given by the browser: a date Postgres can keep (years 1000–9999), else none. */
function publishedDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1000 || year > 9999 ? null : date;
}
