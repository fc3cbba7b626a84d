// Internal routes for the pipeline worker (API.md "Internal endpoints"): service token only.
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode, requireServiceToken } from '@lectern/service-kit';
import { sermonErrors } from '../domain/sermon.errors.ts';
import { sermonJson } from '../domain/sermon.mapper.ts';
import type { DevotionalInput } from '../domain/devotional.input.ts';
import { spokenStep } from '../domain/sermon.processing.ts';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { NoContent, PipelineContentSchema, SermonIdParams, SermonWithProgressSchema } from './sermon.schemas.ts';

export interface InternalRoutesOptions {
  sermons: SermonUseCases;
  token: string | undefined;
}

const TRANSCRIPT_BODY_LIMIT = 32 * 1024 * 1024;

const stepBody = {
  type: 'object',
  required: ['step'],
  properties: {
    step: { type: 'string', enum: ['upload', 'transcribe', 'outline', 'devotion', 'normalize', 'devotional'] },
    percent: { type: 'integer', minimum: 0, maximum: 100 },
    message: { type: ['string', 'null'], maxLength: 2000 },
  },
} as const;

export async function internalRoutes(app: FastifyInstance, options: InternalRoutesOptions): Promise<void> {
  const { queries, processing, removal } = options.sermons;
  app.addHook('onRequest', requireServiceToken(options.token));

  const tags = ['internal'];
  const done = { 204: NoContent };

  app.get<{ Params: { id: string } }>('/sermons/:id', {
    schema: { tags, summary: 'A sermon of any organization with its progress (the pipeline worker)', params: SermonIdParams, response: { 200: SermonWithProgressSchema } },
  }, async (request) => {
    const sermon = await queries.findAnyOrg(request.params.id);
    return { sermon: sermonJson(sermon), progress: await queries.progressOf(sermon.id) };
  });

  // `?words=true`: the transcript's words with their probabilities too (what the writing steps
  // need to keep misheard words out of titles).
  app.get<{ Params: { id: string }; Querystring: { words?: boolean } }>('/sermons/:id/content', {
    schema: {
      tags,
      summary: 'The stored transcript (with word timings and probabilities when asked) and outline, for the later pipeline steps',
      params: SermonIdParams,
      querystring: { type: 'object', additionalProperties: false, properties: { words: { type: 'boolean' } } },
      response: { 200: PipelineContentSchema },
    },
  }, async (request) => {
    const sermon = await queries.findAnyOrg(request.params.id);
    return queries.pipelineContent(sermon, { words: request.query.words === true });
  });

  app.post<{ Params: { id: string }; Body: { step: string; percent?: number; message?: string | null } }>('/sermons/:id/progress', {
    schema: { tags, summary: 'Report a step\'s percent (saved and pushed live)', params: SermonIdParams, body: { ...stepBody, required: ['step', 'percent'] }, response: done },
  }, async (request, reply) => {
    const sermon = await queries.findAnyOrg(request.params.id);
    await processing.reportProgress(sermon, stepOf(request.body.step), request.body.percent ?? 0, request.body.message ?? null);
    return reply.code(204).send();
  });

  app.put<{ Params: { id: string }; Body: { text: string; words: unknown[]; duration?: number } }>('/sermons/:id/transcript', {
    // A long sermon's words with their timestamps pass Fastify's 1 MiB default (3 hours ≈ 2 MiB).
    bodyLimit: TRANSCRIPT_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Store the transcript and its words; transcription is complete',
      params: SermonIdParams,
      response: done,
      body: {
        type: 'object',
        required: ['text', 'words'],
        properties: {
          text: { type: 'string' },
          words: { type: 'array', items: { type: 'object', required: ['word', 'start', 'end'], properties: { word: { type: 'string' }, start: { type: 'number' }, end: { type: 'number' } } } },
          duration: { type: 'number', minimum: 0 },
        },
      },
    },
  }, async (request, reply) => {
    const sermon = await queries.findAnyOrg(request.params.id);
    await processing.storeTranscript(sermon, request.body.text, request.body.words, request.body.duration);
    await processing.reportProgress(sermon, 'transcribe', 100, 'Transcription completed');
    return reply.code(204).send();
  });

  app.put<{ Params: { id: string }; Body: { outline: Record<string, unknown> } }>('/sermons/:id/outline', {
    schema: { tags, summary: 'Store the generated outline', params: SermonIdParams, body: { type: 'object', required: ['outline'], properties: { outline: { type: 'object' } } }, response: done },
  }, async (request, reply) => {
    const sermon = await queries.findAnyOrg(request.params.id);
    await processing.storeOutline(sermon, request.body.outline);
    await processing.reportProgress(sermon, 'outline', 100, 'Sermon outline generated');
    return reply.code(204).send();
  });

  app.put<{ Params: { id: string }; Body: { devotionals: (DevotionalInput & { dayNumber: number })[] } }>('/sermons/:id/devotionals', {
    schema: {
      tags,
      summary: 'Store the five devotional days',
      params: SermonIdParams,
      response: done,
      body: {
        type: 'object',
        required: ['devotionals'],
        properties: { devotionals: { type: 'array', minItems: 5, maxItems: 5, items: { type: 'object', required: ['dayNumber'], properties: { dayNumber: { type: 'integer', minimum: 1, maximum: 5 } } } } },
      },
    },
  }, async (request, reply) => {
    const days = new Set(request.body.devotionals.map((d) => d.dayNumber));
    if (days.size !== 5) throw new AppError(ErrorCode.BAD_REQUEST, { detail: 'devotionals must be days 1 to 5, once each' });
    const sermon = await queries.findAnyOrg(request.params.id);
    await processing.storeDevotionals(sermon, request.body.devotionals);
    await processing.reportProgress(sermon, 'devotion', 100, 'Devotional series created');
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string }; Body: { step: string; message: string } }>('/sermons/:id/failed', {
    schema: { tags, summary: 'Mark the sermon failed at a step, with the message staff see', params: SermonIdParams, body: { ...stepBody, required: ['step', 'message'] }, response: done },
  }, async (request, reply) => {
    const sermon = await queries.findAnyOrg(request.params.id);
    await processing.markFailed(sermon, stepOf(request.body.step), request.body.message);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/sermons/:id/ready', {
    schema: { tags, summary: 'Every step is done: the sermon is ready for review', params: SermonIdParams, response: done },
  }, async (request, reply) => {
    const sermon = await queries.findAnyOrg(request.params.id);
    await processing.markReady(sermon);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/sermons/:id', {
    schema: { tags, summary: 'Remove a sermon the pipeline gave up on (nothing to do when it is gone)', params: SermonIdParams, response: done },
  }, async (request, reply) => {
    try {
      const sermon = await queries.findAnyOrg(request.params.id);
      await removal.remove(sermon, sermon.created_by, { releaseQuota: false });
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.NOT_FOUND)) throw error;
    }
    return reply.code(204).send();
  });
}

function stepOf(step: string) {
  const spoken = spokenStep(step);
  if (!spoken) throw sermonErrors.notFound();
  return spoken;
}
