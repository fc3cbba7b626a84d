// The member-facing read API under /api/sermons/member (API.md "Member area"): every role of the
// caller's organization reads that organization's PUBLISHED sermons and keeps its own progress.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '@lectern/service-kit';
import type { Bucket } from '@lectern/service-kit';
import { sermonErrors } from '../domain/sermon.errors.ts';
import type { MemberService } from './member.service.ts';
import type { Reader } from './member.repository.ts';
import { dayProgressBody, favoriteBody, idParams, libraryQuery, progressBody, type LibraryQuery } from './member.schemas.ts';
import { outlinePdf } from './outline.pdf.ts';

export interface MemberRoutesOptions {
  members: MemberService;
  raw: () => Promise<Bucket>;
}

async function readerOf(request: FastifyRequest): Promise<Reader> {
  const principal = await authenticate(request);
  if (!principal.orgId) throw sermonErrors.noOrganization();
  return { userId: principal.userId, orgId: principal.orgId };
}

type IdRequest = { Params: { id: string } };

export async function memberRoutes(app: FastifyInstance, options: MemberRoutesOptions): Promise<void> {
  const { members, raw } = options;
  const tags = ['member'];

  app.get<{ Querystring: LibraryQuery }>('/sermons', { schema: { tags, querystring: libraryQuery } }, async (request) => {
    const { search, series, favorites, page, pageSize } = request.query;
    return members.library(await readerOf(request), {
      ...(search?.trim() ? { search: search.trim() } : {}),
      ...(series ? { series } : {}),
      favoritesOnly: favorites === true,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
  });

  app.get('/dashboard', { schema: { tags } }, async (request) => members.dashboard(await readerOf(request)));

  app.get<IdRequest>('/sermons/:id', { schema: { tags, params: idParams } }, async (request) => members.sermon(await readerOf(request), request.params.id));

  app.post<IdRequest>('/sermons/:id/view', { schema: { tags, params: idParams } }, async (request, reply) => {
    await members.recordView(await readerOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.put<IdRequest & { Body: { outlineRead?: boolean; devotionalCompleted?: boolean; videoCompleted?: boolean } }>('/sermons/:id/progress', {
    schema: { tags, params: idParams, body: progressBody },
  }, async (request) => ({ progress: await members.setProgress(await readerOf(request), request.params.id, request.body) }));

  app.put<IdRequest & { Body: { favorite: boolean } }>('/sermons/:id/favorite', {
    schema: { tags, params: idParams, body: favoriteBody },
  }, async (request) => ({ progress: await members.setFavorite(await readerOf(request), request.params.id, request.body.favorite) }));

  app.put<IdRequest & { Body: { completed: boolean } }>('/devotionals/:id/progress', {
    schema: { tags, params: idParams, body: dayProgressBody },
  }, async (request) => ({ progress: await members.setDayCompleted(await readerOf(request), request.params.id, request.body.completed) }));

  app.get<IdRequest>('/sermons/:id/media', { schema: { tags, params: idParams } }, async (request) => {
    return members.playback(await readerOf(request), request.params.id, await raw());
  });

  app.get<IdRequest>('/sermons/:id/outline.pdf', { schema: { tags, params: idParams } }, async (request, reply) => {
    const { sermon, outline } = await members.sermon(await readerOf(request), request.params.id);
    if (!outline) throw sermonErrors.noOutline();
    const pdf = await outlinePdf(sermon, outline);
    const filename = `${sermon.title.replace(/[^A-Za-z0-9 ._-]+/g, '').trim() || 'sermon'} - Outline.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
