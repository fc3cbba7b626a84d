// Internal routes for the RSS migration (services/migration's worker, service token only):
// create a migrated sermon under an id the migration chose (so a repeated call finds it), record
// its downloaded recording, and remove it only while it has not reached review (Clear).
// The pipeline itself is started by the migration workflow as a child run.
import type { FastifyInstance } from 'fastify';
import { createEvent } from '@lectern/events';
import { AppError, appendEvent, ErrorCode, requireServiceToken } from '@lectern/service-kit';
import { sermonJson } from '../domain/sermon.mapper.ts';
import { SermonsService } from '../domain/sermons.service.ts';

export interface MigratedSermonRoutesOptions {
  service: SermonsService;
  token: string | undefined;
}

const KEY = '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$';

export async function migratedSermonRoutes(app: FastifyInstance, options: MigratedSermonRoutesOptions): Promise<void> {
  const { service } = options;
  app.addHook('onRequest', requireServiceToken(options.token));

  app.put<{ Params: { id: string }; Body: { orgId: string; title: string; recordedOn: string | null; createdBy: string; uploadKey: string } }>('/migrated-sermons/:id', {
    schema: {
      params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
      body: {
        type: 'object',
        required: ['orgId', 'title', 'createdBy', 'uploadKey'],
        properties: {
          orgId: { type: 'string', format: 'uuid' },
          title: { type: 'string', minLength: 1, maxLength: 500 },
          recordedOn: { type: ['string', 'null'], format: 'date' },
          createdBy: { type: 'string', format: 'uuid' },
          uploadKey: { type: 'string', pattern: KEY, maxLength: 200 },
        },
      },
    },
  }, async (request) => {
    const { id } = request.params;
    const body = request.body;
    const sermon = await service.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('sermons')
        .values({ id, org_id: body.orgId, title: body.title, speaker: null, recorded_on: body.recordedOn, created_by: body.createdBy, upload_key: body.uploadKey })
        .onConflict((c) => c.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!created) {
        const existing = await trx.selectFrom('sermons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        if (existing.org_id !== body.orgId) throw new AppError(ErrorCode.CONFLICT, { detail: 'This sermon id belongs to another organization.' });
        return existing;
      }
      await trx.insertInto('sermon_progress').values({ sermon_id: id, upload_pct: 0, current_step: 'upload', status: 'processing', error_message: null, message: 'Waiting for the feed download' }).execute();
      await appendEvent(trx, createEvent('sermons.sermon.created.v1', {
        orgId: body.orgId,
        subject: id,
        data: { sermonId: id, title: created.title, speaker: null, recordedOn: created.recorded_on, createdBy: body.createdBy },
      }));
      return created;
    });
    return { sermon: sermonJson(sermon) };
  });

  app.post<{ Params: { id: string }; Body: { duration: number | null } }>('/migrated-sermons/:id/downloaded', {
    schema: { body: { type: 'object', properties: { duration: { type: ['number', 'null'], minimum: 0 } } } },
  }, async (request, reply) => {
    const sermon = await service.findAnyOrg(request.params.id);
    if (!sermon.upload_key) throw new AppError(ErrorCode.CONFLICT, { detail: 'This sermon has no reserved recording key.' });
    await service.db.updateTable('sermons').set({ temporary_media_path: sermon.upload_key, duration: request.body.duration ?? null }).where('id', '=', sermon.id).execute();
    await service.reportProgress(sermon, 'upload', 100, 'Downloaded from the feed');
    return reply.code(204).send();
  });

  /** Clear: removes the sermon (record and media) unless it reached review; says which happened. */
  app.delete<{ Params: { id: string } }>('/migrated-sermons/:id', async (request) => {
    SermonsService.checkId(request.params.id);
    const sermon = await service.db.selectFrom('sermons').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!sermon) return { removed: false, status: null };
    if (sermon.status === 'REVIEW' || sermon.status === 'PUBLISHED') return { removed: false, status: sermon.status };
    await service.remove(sermon, sermon.created_by, { releaseQuota: false });
    return { removed: true, status: sermon.status };
  });
}
