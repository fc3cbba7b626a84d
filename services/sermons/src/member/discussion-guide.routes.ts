// The small-group discussion guide: the pipeline stores it (service token, after the outline) and
// staff read it on the review page; members get it with the sermon (member.service.ts).
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@lectern/service-kit';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { actorOf, requireSermonStaff } from '../routes/sermon.guards.ts';
import type { DiscussionGuide, MemberDb } from './member.tables.ts';
import { findDiscussionGuide, upsertDiscussionGuide } from './discussion-guide.repository.ts';
import type { Kysely } from 'kysely';

const str = { type: 'string', maxLength: 4000 } as const;
export const discussionGuideSchema = {
  type: 'object',
  required: ['title', 'introduction', 'icebreaker', 'sections', 'closing'],
  properties: {
    title: str,
    introduction: str,
    icebreaker: str,
    sections: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['point', 'scripture', 'quote', 'questions'],
        properties: { point: str, scripture: str, quote: str, questions: { type: 'array', maxItems: 20, items: str } },
      },
    },
    closing: { type: 'object', required: ['application', 'prayer'], properties: { application: str, prayer: str } },
  },
} as const;

export async function discussionGuideInternalRoutes(app: FastifyInstance, options: { sermons: SermonUseCases; db: Kysely<MemberDb>; token: string | undefined }): Promise<void> {
  app.addHook('onRequest', requireServiceToken(options.token));
  app.put<{ Params: { id: string }; Body: { guide: DiscussionGuide } }>('/sermons/:id/discussion-guide', {
    schema: { body: { type: 'object', required: ['guide'], properties: { guide: discussionGuideSchema } } },
  }, async (request, reply) => {
    await upsertDiscussionGuide(options.db, await options.sermons.queries.findAnyOrg(request.params.id), request.body.guide);
    return reply.code(204).send();
  });
}

export async function discussionGuideStaffRoutes(app: FastifyInstance, options: { sermons: SermonUseCases; db: Kysely<MemberDb> }): Promise<void> {
  app.addHook('onRequest', requireSermonStaff);
  app.get<{ Params: { id: string } }>('/sermons/:id/discussion-guide', async (request) => {
    const sermon = await options.sermons.queries.find(actorOf(request).orgId, request.params.id);
    return { guide: await findDiscussionGuide(options.db, sermon) };
  });
}
