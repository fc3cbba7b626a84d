// Internal routes for the RSS migration (services/migration's worker, service token only):
// create a migrated sermon under an id the migration chose (so a repeated call finds it), record
// its downloaded recording, and remove it only while it has not reached review (Clear).
// A migrated sermon counts like an upload: the pipeline capacity (429 busy: the migration waits
// and tries again) and the organization's quota by plan (403 with the upload limit's message: the
// migration fails the rest of its items with it); removing one before review gives the unit back.
// The pipeline itself is started by the migration workflow as a child run.
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@lectern/service-kit';
import { findSermonAnyOrg, isUuid } from '../data/sermon.repository.ts';
import { sermonErrors } from '../domain/sermon.errors.ts';
import { sermonJson } from '../domain/sermon.mapper.ts';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { MigratedSermonRemovalSchema, NoContent, SermonIdParams, SermonSchema } from '../routes/sermon.schemas.ts';
import { Type } from 'typebox';

export interface MigratedSermonRoutesOptions {
  sermons: SermonUseCases;
  token: string | undefined;
}

const KEY = '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$';

export async function migratedSermonRoutes(app: FastifyInstance, options: MigratedSermonRoutesOptions): Promise<void> {
  const { queries, intake, removal } = options.sermons;
  app.addHook('onRequest', requireServiceToken(options.token));

  app.put<{ Params: { id: string }; Body: { orgId: string; title: string; recordedOn: string | null; createdBy: string; uploadKey: string } }>('/migrated-sermons/:id', {
    schema: {
      tags: ['internal'],
      summary: 'Create (or find) a migrated sermon under the id the migration chose; counts against capacity and quota',
      params: SermonIdParams,
      response: { 200: Type.Object({ sermon: SermonSchema }) },
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
    return { sermon: sermonJson(await intake.createMigrated(request.params.id, request.body)) };
  });

  app.post<{ Params: { id: string }; Body: { duration: number | null } }>('/migrated-sermons/:id/downloaded', {
    schema: { tags: ['internal'], summary: 'The recording was downloaded into sermons-raw', params: SermonIdParams, body: { type: 'object', properties: { duration: { type: ['number', 'null'], minimum: 0 } } }, response: { 204: NoContent } },
  }, async (request, reply) => {
    await intake.markDownloaded(await queries.findAnyOrg(request.params.id), request.body.duration ?? null);
    return reply.code(204).send();
  });

  /** Clear: removes the sermon (record and media) unless it reached review; says which happened. */
  app.delete<{ Params: { id: string } }>('/migrated-sermons/:id', {
    schema: { tags: ['internal'], summary: 'Clear: remove the sermon unless it reached review, and say which', response: { 200: MigratedSermonRemovalSchema } },
  }, async (request) => {
    if (!isUuid(request.params.id)) throw sermonErrors.invalidId();
    const sermon = await findSermonAnyOrg(queries.db, request.params.id);
    if (!sermon) return { removed: false, status: null };
    if (sermon.status === 'REVIEW' || sermon.status === 'PUBLISHED') return { removed: false, status: sermon.status };
    await removal.remove(sermon, sermon.created_by, { releaseQuota: true });
    return { removed: true, status: sermon.status };
  });
}
