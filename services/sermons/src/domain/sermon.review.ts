// Staff review: edit the outline and the devotionals, publish. Each change is written with its
// outbox event in one transaction, like every other change of a sermon.
import { createEvent } from '@lectern/events';
import { appendEvent } from '@lectern/service-kit';
import { findSermon, updateDevotional, updateSermon, upsertOutline } from '../data/sermon.repository.ts';
import type { Actor } from './sermon.actor.ts';
import type { SermonChanges } from './sermon.changes.ts';
import { normaliseDevotional, type DevotionalInput } from './devotional.input.ts';
import { devotionalJson, sermonJson } from './sermon.mapper.ts';
import { sermonErrors } from './sermon.errors.ts';

export class SermonReview {
  private readonly changes: SermonChanges;

  constructor(deps: { changes: SermonChanges }) {
    this.changes = deps.changes;
  }

  async publish(actor: Actor, id: string) {
    const sermon = await findSermon(this.changes.db, actor.orgId, id);
    if (!sermon) throw sermonErrors.notFound();
    return this.changes.tx(async (trx, after) => {
      const row = await updateSermon(trx, sermon.id, { status: 'PUBLISHED', published_at: new Date() }, ['REVIEW']);
      if (!row) throw sermonErrors.notInReview();
      await appendEvent(trx, createEvent('sermons.sermon.published.v1', {
        orgId: actor.orgId,
        subject: row.id,
        data: { sermonId: row.id, title: row.title, publishedBy: actor.userId, publishedAt: (row.published_at as Date).toISOString() },
      }));
      after(() => this.changes.live(row.id, { event: 'status', data: { sermonId: row.id, status: row.status, errorMessage: null } }));
      return sermonJson(row);
    });
  }

  async saveOutline(actor: Actor, id: string, outline: Record<string, unknown>) {
    const sermon = await findSermon(this.changes.db, actor.orgId, id);
    if (!sermon) throw sermonErrors.notFound();
    if (sermon.status === 'PROCESSING') throw sermonErrors.stillProcessing();
    await upsertOutline(this.changes.db, sermon, outline);
    return outline;
  }

  async saveDevotional(actor: Actor, devotionalId: string, body: DevotionalInput) {
    const row = await updateDevotional(this.changes.db, actor.orgId, devotionalId, normaliseDevotional(body));
    if (!row) throw sermonErrors.devotionalNotFound();
    return devotionalJson(row);
  }
}
