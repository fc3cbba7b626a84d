// The small-group discussion guide: the pipeline stores it (service token, after the outline) and
// staff read it on the review page; members get it with the sermon (member.service.ts).
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@lectern/service-kit';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { actorOf, requireSermonStaff } from '../routes/sermon.guards.ts';
import type { DiscussionGuide, MemberDb } from './member.tables.ts';
import { findDiscussionGuide, upsertDiscussionGuide } from './discussion-guide.repository.ts';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { DiscussionGuideBody, DiscussionGuideSchema, Nullable, NoContent, SermonIdParams } from '../routes/sermon.schemas.ts';

export async function discussionGuideInternalRoutes(app: FastifyInstance, options: { sermons: SermonUseCases; db: Kysely<MemberDb>; token: string | undefined }): Promise<void> {
  app.addHook('onRequest', requireServiceToken(options.token));
  app.put<{ Params: { id: string }; Body: { guide: DiscussionGuide } }>('/sermons/:id/discussion-guide', {
    schema: { tags: ['internal'], summary: 'Store the discussion guide the pipeline generated', params: SermonIdParams, body: Type.Object({ guide: DiscussionGuideBody }), response: { 204: NoContent } },
  }, async (request, reply) => {
    await upsertDiscussionGuide(options.db, await options.sermons.queries.findAnyOrg(request.params.id), request.body.guide);
    return reply.code(204).send();
  });
}

export async function discussionGuideStaffRoutes(app: FastifyInstance, options: { sermons: SermonUseCases; db: Kysely<MemberDb> }): Promise<void> {
  app.addHook('onRequest', requireSermonStaff);
  app.get<{ Params: { id: string } }>('/sermons/:id/discussion-guide', {
    schema: { tags: ['sermons'], summary: 'The sermon\'s small-group discussion guide (null until the outline exists)', params: SermonIdParams, response: { 200: Type.Object({ guide: Nullable(DiscussionGuideSchema) }) } },
  }, async (request) => {
    const sermon = await options.sermons.queries.find(actorOf(request).orgId, request.params.id);
    return { guide: await findDiscussionGuide(options.db, sermon) };
  });
}
