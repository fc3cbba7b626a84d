// The migration workflow's activities (workflows/src/workflows/rss-migration.workflow.ts), run by
// this service's own worker: they write the queue/items/steps rows (pushed live to the page),
// create and remove sermons through the sermons service, and download media into storage.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApplicationFailure, Context, heartbeat } from '@temporalio/activity';
import type { Bucket } from '@lectern/service-kit';
import { MIGRATION_ITEM_ERROR, MIGRATION_QUOTA_ERROR, type RssMigrationActivities } from '@lectern/workflows';
import type { MigrationStore } from '../domain/migration.store.ts';
import type { MigrationTemporal } from '../domain/migration.temporal.ts';
import { SermonsClientError, type MigratedSermonsClient } from '../domain/sermons.client.ts';
import { FetchRefusedError, type SafeFetcher } from '../feed/safe-fetch.ts';

export interface MigrationActivityDeps {
  store: MigrationStore;
  sermons: MigratedSermonsClient;
  temporal: Pick<MigrationTemporal, 'cancelPipeline'>;
  rawBucket: () => Promise<Bucket>;
  fetcher: SafeFetcher;
  workDir: string;
  maxBytes: number;
  /** Longest a download may wait for the server (headers, or a stalled body), ms. */
  stallTimeoutMs: number;
}

const MEDIA_CONTENT_TYPE = /^(video|audio)\/|^application\/(octet-stream|mp4|ogg)\b/i;
const EXTENSION = /\.(mp4|m4v|mov|webm|mkv|mp3|m4a|aac|wav|ogg|oga|opus|flac)$/i;

const itemProblem = (message: string) => ApplicationFailure.nonRetryable(message, MIGRATION_ITEM_ERROR);

function mediaKeyFor(migrationId: string, position: number, sermonId: string, mediaUrl: string): string {
  const extension = EXTENSION.exec(new URL(mediaUrl).pathname)?.[1]?.toLowerCase() ?? 'media';
  return `migration/${migrationId}/${position}-${sermonId}.${extension}`;
}

export function createMigrationActivities(deps: MigrationActivityDeps): RssMigrationActivities {
  const { store } = deps;
  const partialFile = (migrationId: string, position: number, sermonId: string) => path.join(deps.workDir, `${migrationId}-${position}-${sermonId}.part`);

  return {
    async beginMigration({ migrationId }) {
      await store.updateQueue(migrationId, { status: 'processing', finished_at: null });
    },

    async prepareItem({ migrationId, position }) {
      const queue = await store.queue(migrationId);
      if (!queue) throw ApplicationFailure.nonRetryable(`Migration ${migrationId} is gone`, MIGRATION_ITEM_ERROR);
      let item = await store.item(migrationId, position);
      if (item.status === 'completed') {
        return { sermonId: item.sermon_id, orgId: item.org_id, title: item.title, mediaKey: '', done: true };
      }
      if (item.status === 'failed') {
        // Retry of a failed video: the old attempt (a pipeline waiting for a retry, or a record)
        // goes, and the video starts over under a new sermon id.
        await deps.temporal.cancelPipeline(item.sermon_id);
        await deps.sermons.removeUnlessReviewed(item.sermon_id);
        await store.setItem(migrationId, position, 'running', null, crypto.randomUUID());
        item = await store.item(migrationId, position);
      } else if (item.status !== 'running') {
        await store.setItem(migrationId, position, 'running');
      }
      await store.updateQueue(migrationId, { current_video: position, current_video_title: item.title });
      await store.upsertStep(migrationId, position, { name: `Video ${position} of ${queue.total_videos}`, message: `Creating sermon record: ${item.title}`, status: 'running', progress: 0 });
      try {
        await deps.sermons.create(item.sermon_id, {
          orgId: item.org_id,
          title: item.title,
          recordedOn: item.published_at ? item.published_at.toISOString().slice(0, 10) : null,
          createdBy: queue.requested_by ?? item.org_id,
          uploadKey: mediaKeyFor(migrationId, position, item.sermon_id, item.media_url),
        });
      } catch (error) {
        if (error instanceof SermonsClientError && error.reason === 'quota_exceeded') {
          throw ApplicationFailure.nonRetryable(error.detail ?? 'Upload limit reached for this cycle.', MIGRATION_QUOTA_ERROR);
        }
        if (error instanceof SermonsClientError && error.reason === 'busy') {
          // The pipeline is at capacity (ADR 0022): the item waits (the workflow's retry) and goes on.
          await store.upsertStep(migrationId, position, { name: `Video ${position} of ${queue.total_videos}`, message: `Waiting for a free processing slot: ${item.title}`, status: 'running', progress: 0 });
          throw error;
        }
        // A refusal retrying cannot change (bad input, a conflicting id) fails this item; the
        // service away, a 5xx or a token not (yet) accepted is waited out.
        if (error instanceof SermonsClientError && [400, 404, 409, 422].includes(error.status)) throw itemProblem(error.detail ?? error.message);
        throw error;
      }
      return { sermonId: item.sermon_id, orgId: item.org_id, title: item.title, mediaKey: mediaKeyFor(migrationId, position, item.sermon_id, item.media_url), done: false };
    },

    async downloadMedia({ migrationId, position, sermonId, mediaKey }) {
      const item = await store.item(migrationId, position);
      const queue = await store.queue(migrationId);
      const stepName = `Video ${position} of ${queue?.total_videos ?? '?'}`;
      await fs.promises.mkdir(deps.workDir, { recursive: true });
      const file = partialFile(migrationId, position, sermonId);
      let lastReported = -1;
      const progress = { bytes: 0 };
      // Heartbeats also while the server is silent, so Stop (cancellation) reaches a stalled download.
      const ticker = setInterval(() => heartbeat(progress), 1_000);
      try {
        await downloadToFile(deps, item.media_url, file, (received, total) => {
          progress.bytes = received;
          heartbeat(progress);
          const percent = total ? Math.floor((received / total) * 10) * 10 : -1;
          if (percent > lastReported) {
            lastReported = percent;
            void store.upsertStep(migrationId, position, { name: stepName, message: `Downloading: ${item.title}`, status: 'running', progress: percent }).catch(() => undefined);
          }
        });
      } finally {
        clearInterval(ticker);
      }
      const bucket = await deps.rawBucket();
      await bucket.put(mediaKey, fs.createReadStream(file), { maxBytes: deps.maxBytes });
      await deps.sermons.downloaded(sermonId, item.duration);
      await fs.promises.rm(file, { force: true });
      await store.upsertStep(migrationId, position, { name: stepName, message: `Processing: ${item.title}`, status: 'running', progress: 0 });
    },

    async recordStep({ migrationId, position, name, message, status, progress, error }) {
      const queue = await store.queue(migrationId);
      await store.upsertStep(migrationId, position, { name: `Video ${position} of ${queue?.total_videos ?? '?'}`, message: `${name}: ${message}`, status, progress, error: error ?? null });
    },

    async finishItem({ migrationId, position, outcome, message }) {
      const queue = await store.queue(migrationId);
      const item = await store.item(migrationId, position);
      await store.setItem(migrationId, position, outcome, outcome === 'failed' ? message : null);
      await store.upsertStep(migrationId, position, {
        name: `Video ${position} of ${queue?.total_videos ?? '?'}`,
        message: outcome === 'completed' ? `Ready for review: ${item.title}` : outcome === 'cancelled' ? `Stopped: ${item.title}` : `Failed: ${item.title}`,
        status: outcome,
        progress: outcome === 'completed' ? 100 : 0,
        error: outcome === 'failed' ? message : null,
      });
      await store.recount(migrationId);
    },

    async discardItem({ migrationId, position, sermonId }) {
      await fs.promises.rm(partialFile(migrationId, position, sermonId), { force: true });
      await deps.sermons.removeUnlessReviewed(sermonId);
    },

    async failRemaining({ migrationId, positions, message }) {
      await store.db
        .updateTable('migration_items')
        .set({ status: 'failed', error_message: message, updated_at: new Date() })
        .where('queue_id', '=', migrationId)
        .where('position', 'in', positions)
        .where('status', 'in', ['pending', 'running'])
        .execute();
      await store.upsertStep(migrationId, null, {
        name: 'Upload limit reached',
        message: `${positions.length} more ${positions.length === 1 ? 'video was' : 'videos were'} not migrated`,
        status: 'failed',
        progress: 0,
        error: message,
      });
      await store.recount(migrationId);
    },

    async endMigration({ migrationId, status }) {
      if (status === 'cancelled') {
        await store.db.updateTable('migration_items').set({ status: 'cancelled' }).where('queue_id', '=', migrationId).where('status', 'in', ['pending', 'running']).execute();
      }
      await store.recount(migrationId, { status, current_video: null, current_video_title: null, finished_at: new Date() });
    },
  };
}

/**
 * Streams the media into `file`, resuming from the bytes already there (HTTP Range); refuses what
 * retrying cannot fix (404, not media, over the size limit, a refused address) as non-retryable.
 */
async function downloadToFile(deps: MigrationActivityDeps, url: string, file: string, onBytes: (received: number, total: number | null) => void): Promise<void> {
  const context = Context.current();
  let have = await fs.promises.stat(file).then((s) => s.size, () => 0);
  let response;
  try {
    response = await deps.fetcher.get(url, { timeoutMs: deps.stallTimeoutMs, signal: context.cancellationSignal, headers: have > 0 ? { range: `bytes=${have}-` } : {} });
  } catch (error) {
    if (error instanceof FetchRefusedError && (error.reason === 'address' || error.reason === 'scheme' || error.reason === 'redirects')) throw itemProblem(error.message);
    throw error;
  }
  if (response.status === 416 && have > 0) {
    // Everything was already here.
    response.body.resume();
    return;
  }
  if (response.status === 200) have = 0;
  else if (response.status !== 206) {
    response.body.resume();
    const message = `The media link answered ${response.status}.`;
    throw response.status >= 500 || response.status === 429 ? new Error(message) : itemProblem(message);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (type && !MEDIA_CONTENT_TYPE.test(type)) {
    response.body.resume();
    throw itemProblem(`The media link does not serve audio or video (${type.split(';')[0]}).`);
  }
  const total = totalSize(response.status, response.headers, have);
  const tooLarge = () => itemProblem(`The recording is larger than the ${formatBytes(deps.maxBytes)} limit.`);
  if (total !== null && total > deps.maxBytes) {
    response.body.destroy();
    throw tooLarge();
  }
  let received = have;
  const counter = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      received += chunk.length;
      if (received > deps.maxBytes) throw tooLarge();
      onBytes(received, total);
      yield chunk;
    }
  };
  await pipeline(response.body, counter, fs.createWriteStream(file, { flags: response.status === 206 ? 'a' : 'w' }), { signal: context.cancellationSignal });
  if (total !== null && received < total) throw new Error(`The download ended early (${received} of ${total} bytes).`);
}

function totalSize(status: number, headers: Record<string, string | string[] | undefined>, have: number): number | null {
  if (status === 206) {
    const match = /\/(\d+)$/.exec(String(headers['content-range'] ?? ''));
    if (match) return Number(match[1]);
  }
  const length = Number(headers['content-length']);
  return Number.isFinite(length) && length > 0 ? length + (status === 206 ? have : 0) : null;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(bytes % 1024 ** 3 === 0 ? 0 : 1)} GB` : `${Math.round(bytes / 1024 / 1024)} MB`;
}
