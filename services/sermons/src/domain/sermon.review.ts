// Staff review: edit the outline and the devotionals, publish and unpublish. Each change is written with its
// outbox event in one transaction, like every other change of a sermon. An edited outline also
// regenerates the discussion guide in that transaction: the generator is pure and deterministic
// and takes milliseconds, so the guide never lags behind or contradicts the outline (ADR 0023).
import { createEvent } from '@lectern/events';
import { appendEvent } from '@lectern/service-kit';
import type { Transaction } from 'kysely';
import { generateDiscussionGuide, outlineForGuide } from '@lectern/workflow-contract/discussion-guide';
import { findSermon, findTranscriptText, updateDevotional, updateSermon, upsertOutline } from '../data/sermon.repository.ts';
import { upsertDiscussionGuide } from '../member/discussion-guide.repository.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import type { MemberDb } from '../member/member.tables.ts';
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

  /** REVIEW → PUBLISHED. */
  publish(actor: Actor, id: string) {
    return this.moveStatus(actor, id, { from: 'REVIEW', to: 'PUBLISHED', refused: sermonErrors.notInReview }, (row) =>
      createEvent('sermons.sermon.published.v1', {
        orgId: actor.orgId,
        subject: row.id,
        data: { sermonId: row.id, title: row.title, publishedBy: actor.userId, publishedAt: (row.published_at as Date).toISOString() },
      }));
  }

  /** PUBLISHED → REVIEW: members stop seeing it at once (every member statement requires PUBLISHED);
   *  their progress, favourites and views stay, so a re-publish brings them back. */
  unpublish(actor: Actor, id: string) {
    return this.moveStatus(actor, id, { from: 'PUBLISHED', to: 'REVIEW', refused: sermonErrors.notPublished }, (row) =>
      createEvent('sermons.sermon.unpublished.v1', {
        orgId: actor.orgId,
        subject: row.id,
        data: { sermonId: row.id, title: row.title, unpublishedBy: actor.userId },
      }));
  }

  /** The row, its event in one transaction, the live status after commit; 404 for another church's sermon, 409 from any other state. */
  private async moveStatus(
    actor: Actor,
    id: string,
    move: { from: 'REVIEW' | 'PUBLISHED'; to: 'REVIEW' | 'PUBLISHED'; refused: () => Error },
    eventFor: (row: SermonsRow) => ReturnType<typeof createEvent>,
  ) {
    const sermon = await findSermon(this.changes.db, actor.orgId, id);
    if (!sermon) throw sermonErrors.notFound();
    return this.changes.tx(async (trx, after) => {
      const row = await updateSermon(trx, sermon.id, { status: move.to, published_at: move.to === 'PUBLISHED' ? new Date() : null }, [move.from]);
      if (!row) throw move.refused();
      await appendEvent(trx, eventFor(row));
      after(() => this.changes.live(row.id, { event: 'status', data: { sermonId: row.id, status: row.status, errorMessage: null } }));
      return sermonJson(row);
    });
  }

  async saveOutline(actor: Actor, id: string, outline: Record<string, unknown>) {
    const sermon = await findSermon(this.changes.db, actor.orgId, id);
    if (!sermon) throw sermonErrors.notFound();
    if (sermon.status === 'PROCESSING') throw sermonErrors.stillProcessing();
    await this.changes.tx(async (trx) => {
      await upsertOutline(trx, sermon, outline);
      const transcript = await findTranscriptText(trx, sermon);
      const guide = generateDiscussionGuide({ outline: outlineForGuide(outline), transcript: transcript?.text ?? '', title: sermon.title });
      // discussion_guides belongs to the member module's tables, in the same schema and transaction.
      await upsertDiscussionGuide(trx as unknown as Transaction<MemberDb>, sermon, guide);
      await appendEvent(trx, createEvent('sermons.outline.updated.v1', { orgId: sermon.org_id, subject: sermon.id, data: { sermonId: sermon.id, updatedBy: actor.userId } }));
    });
    return outline;
  }

  async saveDevotional(actor: Actor, devotionalId: string, body: DevotionalInput) {
    const row = await this.changes.tx(async (trx) => {
      const updated = await updateDevotional(trx, actor.orgId, devotionalId, normaliseDevotional(body));
      if (!updated) throw sermonErrors.devotionalNotFound();
      await appendEvent(trx, createEvent('sermons.devotional.updated.v1', {
        orgId: updated.org_id,
        subject: updated.sermon_id,
        data: { sermonId: updated.sermon_id, devotionalId: updated.id, dayNumber: updated.day_number, updatedBy: actor.userId },
      }));
      return updated;
    });
    return devotionalJson(row);
  }
}
