// Staff "Unpublish": a PUBLISHED sermon goes back to REVIEW. Members stop seeing it at once (every
// member statement requires PUBLISHED); their progress, favourites and views stay in place, so a
// re-publish brings them back. The change and `sermons.sermon.unpublished.v1` commit together.
import type { FastifyInstance } from 'fastify';
import { createEvent } from '@lectern/events';
import { appendEvent, authenticate, requireRole } from '@lectern/service-kit';
import { findSermon, updateSermon } from '../data/sermon.repository.ts';
import type { Actor } from '../domain/sermon.actor.ts';
import type { SermonChanges } from '../domain/sermon.changes.ts';
import { sermonErrors } from '../domain/sermon.errors.ts';
import { sermonJson } from '../domain/sermon.mapper.ts';
import { memberErrors } from './member.errors.ts';
import { uuidParams } from './member.schemas.ts';

/** Who may unpublish: the roles that may publish (spec 000 §6: publish is not gated among staff roles). */
export const UNPUBLISH_ROLES = ['ADMIN', 'PASTOR', 'STAFF'] as const;

/** Written like SermonReview.publish (domain/sermon.review.ts): the row and its event in one transaction, live after commit. */
export class UnpublishService {
  private readonly changes: SermonChanges;

  constructor(changes: SermonChanges) {
    this.changes = changes;
  }

  /** PUBLISHED → REVIEW for the caller's organization; 404 for another's or a missing sermon, 409 from any other state. */
  async unpublish(actor: Actor, id: string) {
    const sermon = await findSermon(this.changes.db, actor.orgId, id);
    if (!sermon) throw sermonErrors.notFound();
    return this.changes.tx(async (trx, after) => {
      const row = await updateSermon(trx, sermon.id, { status: 'REVIEW', published_at: null }, ['PUBLISHED']);
      if (!row) throw memberErrors.notPublished();
      await appendEvent(trx, createEvent('sermons.sermon.unpublished.v1', {
        orgId: actor.orgId,
        subject: row.id,
        data: { sermonId: row.id, title: row.title, unpublishedBy: actor.userId },
      }));
      after(() => this.changes.live(row.id, { event: 'status', data: { sermonId: row.id, status: row.status, errorMessage: null } }));
      return sermonJson(row);
    });
  }
}

const sermonBody = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    orgId: { type: 'string' },
    title: { type: 'string' },
    speaker: { type: ['string', 'null'] },
    recordedAt: { type: ['string', 'null'] },
    duration: { type: ['number', 'null'] },
    status: { type: 'string', enum: ['PROCESSING', 'REVIEW', 'PUBLISHED', 'FAILED'] },
    temporaryMediaPath: { type: ['string', 'null'] },
    mediaUrl: { type: ['string', 'null'] },
    createdBy: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    publishedAt: { type: ['string', 'null'] },
  },
} as const;

export async function unpublishRoutes(app: FastifyInstance, options: { service: UnpublishService }): Promise<void> {
  app.addHook('onRequest', requireRole(...UNPUBLISH_ROLES));
  app.post<{ Params: { id: string } }>('/sermons/:id/unpublish', {
    schema: {
      tags: ['sermons'],
      summary: 'Take a published sermon back to review: members stop seeing it; their progress is kept',
      params: uuidParams,
      response: { 200: { type: 'object', required: ['sermon'], properties: { sermon: sermonBody } } },
    },
  }, async (request) => {
    const principal = await authenticate(request);
    if (!principal.orgId) throw sermonErrors.noOrganization();
    return { sermon: await options.service.unpublish({ userId: principal.userId, orgId: principal.orgId }, request.params.id) };
  });
}
