// Uploads that never complete expire (issue 12). An upload link lives an hour and a started
// upload at most UPLOAD_TIMEOUT_MS, so a sermon still waiting for its recording with no sign of
// life (created, or upload progress saved) for SERMON_UPLOAD_EXPIRY_MINUTES can never receive it:
// its bytes are deleted, the record removed (deleted event, live "deleted") and its quota unit
// given back. Every instance sweeps; removal is safe to race (the second remover finds nothing).
// Sermons of an RSS migration (no upload content type) wait on the migration, not on a browser.
import { sql } from 'kysely';
import type { SermonsConfig } from '../config.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import type { Executor } from '../data/sermon.repository.ts';
import { abandonedBefore } from '../domain/pipeline.capacity.ts';
import type { ServiceLog } from '../domain/sermon.actor.ts';
import type { SermonRemoval } from '../domain/sermon.removal.ts';

export const UPLOAD_SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_BATCH = 100;

export async function findAbandonedUploads(db: Executor, cutoff: Date, limit = SWEEP_BATCH): Promise<SermonsRow[]> {
  const { rows } = await sql<SermonsRow>`
    select s.*
      from sermons s
      left join sermon_progress p on p.sermon_id = s.id
     where s.status = 'PROCESSING'
       and s.temporary_media_path is null
       and s.upload_key is not null
       and s.upload_content_type is not null
       and greatest(s.created_at, coalesce(p.updated_at, s.created_at)) <= ${cutoff}
     order by s.created_at
     limit ${limit}`.execute(db);
  return rows;
}

export class UploadExpiry {
  private readonly deps: { db: Executor; removal: SermonRemoval; config: Pick<SermonsConfig, 'SERMON_UPLOAD_EXPIRY_MINUTES'>; log: ServiceLog; intervalMs?: number };
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(deps: UploadExpiry['deps']) {
    this.deps = deps;
  }

  /** Expires what was abandoned as of `now`; returns how many this call removed. */
  async sweep(now = new Date()): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await findAbandonedUploads(this.deps.db, abandonedBefore(this.deps.config, now));
      for (const sermon of batch) {
        // The uploader is the actor of record: the upload they started was never finished.
        await this.deps.removal.remove(sermon, sermon.created_by, { releaseQuota: true });
        removed += 1;
      }
      if (batch.length < SWEEP_BATCH) break;
    }
    if (removed > 0) this.deps.log.info({ removed }, 'expired abandoned uploads');
    return removed;
  }

  start(): void {
    this.#timer = setInterval(() => {
      this.#running ??= this.sweep()
        .catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'upload expiry sweep failed; next sweep retries');
          return 0;
        })
        .finally(() => (this.#running = undefined));
    }, this.deps.intervalMs ?? UPLOAD_SWEEP_INTERVAL_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
