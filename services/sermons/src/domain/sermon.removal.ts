// Removing a sermon, whatever asked for it (delete, stop, a cancelled or refused upload, the
// worker, the migration's Clear): media first, then the record with its deleted event, then the
// live "deleted" message. Delete and stop are one path: the run is cancelled, then the sermon is
// removed; only delete gives its upload back to the quota cycle.
import { createEvent } from '@lectern/events';
import { appendEvent, type Bucket } from '@lectern/service-kit';
import type { SermonsRow } from '../data/sermons.table.ts';
import { deleteSermon, findSermon } from '../data/sermon.repository.ts';
import type { Actor } from './sermon.actor.ts';
import type { SermonChanges } from './sermon.changes.ts';
import type { SermonProcessing } from './sermon.processing.ts';
import type { QuotaService } from './quota.service.ts';
import { sermonErrors } from './sermon.errors.ts';

export class SermonRemoval {
  private readonly deps: { changes: SermonChanges; quota: QuotaService; processing: SermonProcessing; raw: () => Promise<Bucket> };

  constructor(deps: SermonRemoval['deps']) {
    this.deps = deps;
  }

  /** Staff delete (`releaseQuota`) or stop: the run is cancelled first; if that fails the sermon stays. */
  async discard(actor: Actor, id: string, options: { releaseQuota: boolean }): Promise<void> {
    const sermon = await findSermon(this.deps.changes.db, actor.orgId, id);
    if (!sermon) throw sermonErrors.notFound();
    await this.deps.processing.cancel(sermon.id);
    await this.remove(sermon, actor.userId, options);
  }

  /** Removes media then record; nothing happens twice when two callers race. */
  async remove(sermon: SermonsRow, actorId: string, options: { releaseQuota: boolean }): Promise<void> {
    const bucket = await this.deps.raw();
    for (const key of new Set([sermon.temporary_media_path, sermon.upload_key])) if (key) await bucket.delete(key);
    const deleted = await this.deps.changes.db.transaction().execute(async (trx) => {
      if (!(await deleteSermon(trx, sermon))) return false;
      if (options.releaseQuota) await this.deps.quota.release(trx, sermon.org_id, sermon.created_at);
      await appendEvent(trx, createEvent('sermons.sermon.deleted.v1', { orgId: sermon.org_id, subject: sermon.id, data: { sermonId: sermon.id, deletedBy: actorId } }));
      return true;
    });
    if (deleted) this.deps.changes.live(sermon.id, { event: 'deleted', data: { sermonId: sermon.id } });
  }
}
