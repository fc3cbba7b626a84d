// The member-facing read API under /api/sermons/member (API.md "Member area"): every role of the
// caller's organization reads that organization's PUBLISHED sermons and keeps its own progress.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '@lectern/service-kit';
import type { Bucket } from '@lectern/service-kit';
import { sermonErrors } from '../domain/sermon.errors.ts';
import type { MemberService } from './member.service.ts';
import type { Reader } from './member.repository.ts';
import {
  dayProgressBody, favoriteBody, idParams, libraryQuery, MemberDashboardSchema, MemberLibrarySchema, MemberProgressAnswer, MemberSermonSchema, OutlinePdfResponse, progressBody, type LibraryQuery,
} from './member.schemas.ts';
import { NoContent, PlaybackSchema } from '../routes/sermon.schemas.ts';
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

  app.get<{ Querystring: LibraryQuery }>('/sermons', { schema: { tags, summary: 'The church\'s published sermons with the reader\'s progress: search, series, favourites, pages', querystring: libraryQuery, response: { 200: MemberLibrarySchema } } }, async (request) => {
    const { search, series, favorites, page, pageSize } = request.query;
    return members.library(await readerOf(request), {
      ...(search?.trim() ? { search: search.trim() } : {}),
      ...(series ? { series } : {}),
      favoritesOnly: favorites === true,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
  });

  app.get('/dashboard', { schema: { tags, summary: 'The reader\'s figures and recently viewed sermons', response: { 200: MemberDashboardSchema } } }, async (request) => members.dashboard(await readerOf(request)));

  app.get<IdRequest>('/sermons/:id', { schema: { tags, summary: 'One published sermon: outline, five days, discussion guide, the reader\'s progress', params: idParams, response: { 200: MemberSermonSchema } } }, async (request) => members.sermon(await readerOf(request), request.params.id));

  app.post<IdRequest>('/sermons/:id/view', { schema: { tags, summary: 'Record a view (recently viewed)', params: idParams, response: { 204: NoContent } } }, async (request, reply) => {
    await members.recordView(await readerOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.put<IdRequest & { Body: { outlineRead?: boolean; devotionalCompleted?: boolean; videoCompleted?: boolean } }>('/sermons/:id/progress', {
    schema: { tags, summary: 'Set the reader\'s outline, devotional or video flag (video only once believably watched)', params: idParams, body: progressBody, response: { 200: MemberProgressAnswer } },
  }, async (request) => ({ progress: await members.setProgress(await readerOf(request), request.params.id, request.body) }));

  app.put<IdRequest & { Body: { favorite: boolean } }>('/sermons/:id/favorite', {
    schema: { tags, summary: 'Mark or unmark a favourite', params: idParams, body: favoriteBody, response: { 200: MemberProgressAnswer } },
  }, async (request) => ({ progress: await members.setFavorite(await readerOf(request), request.params.id, request.body.favorite) }));

  app.put<IdRequest & { Body: { completed: boolean } }>('/devotionals/:id/progress', {
    schema: { tags, summary: 'Complete or reopen one devotional day', params: idParams, body: dayProgressBody, response: { 200: MemberProgressAnswer } },
  }, async (request) => ({ progress: await members.setDayCompleted(await readerOf(request), request.params.id, request.body.completed) }));

  app.get<IdRequest>('/sermons/:id/media', { schema: { tags, summary: 'Where the recording plays from (a short-lived signed link); starts the reader\'s playback session', params: idParams, response: { 200: PlaybackSchema } } }, async (request) => {
    return members.playback(await readerOf(request), request.params.id, await raw());
  });

  app.get<IdRequest>('/sermons/:id/outline.pdf', { schema: { tags, summary: 'The outline as a PDF download', params: idParams, response: { 200: OutlinePdfResponse } } }, async (request, reply) => {
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
