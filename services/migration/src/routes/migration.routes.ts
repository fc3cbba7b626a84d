// The console's migration calls (spec 001 §7): rss-parser, bulk-migrate-sardius, cancel-migration,
// clear-migration, Retry, and the queue + steps read. Company staff only (the token's staff claim:
// an active staff_users row), checked in one hook for the prefix.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError, ErrorCode, Iso, Nullable, requireCompanyStaff, Uuid } from '@lectern/service-kit';
import { FeedUnusableError, MAX_VIDEOS, MIN_VIDEOS, type FeedReader } from '../feed/feed.reader.ts';
import { MAX_DURATION_SECONDS } from '../feed/feed.parser.ts';
import type { MigrationService } from '../domain/migration.service.ts';

export interface MigrationRoutesOptions {
  feeds: FeedReader;
  migrations: MigrationService;
}

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });

const Video = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  publishedAt: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  mediaUrl: Type.String({ maxLength: 4000, pattern: '^https?://' }),
  mediaType: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  duration: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_DURATION_SECONDS }), Type.Null()]),
  guid: Type.String({ maxLength: 4000 }),
});

const Text = Type.String();
const NullableText = Nullable(Text);
/** migration_queue and migration_steps as the console page reads them (domain/migration.store.ts queueJson, stepJson). */
const MigrationView = Type.Object({
  queue: Type.Object({
    id: Text,
    orgId: Text,
    feedUrl: Text,
    status: Text,
    processedVideos: Type.Integer(),
    totalVideos: Type.Integer(),
    failedVideos: Type.Integer(),
    currentVideo: Type.Union([Type.Integer(), Type.Null()]),
    currentVideoTitle: NullableText,
    workflowId: NullableText,
    errorMessage: NullableText,
    createdAt: Iso,
    updatedAt: Iso,
    finishedAt: Nullable(Iso),
  }),
  steps: Type.Array(Type.Object({
    id: Text,
    queueId: Text,
    position: Type.Union([Type.Integer(), Type.Null()]),
    stepName: Text,
    stepMessage: NullableText,
    errorMessage: NullableText,
    stepStatus: Text,
    stepProgress: Type.Number(),
    createdAt: Iso,
    updatedAt: Iso,
  })),
});

export async function migrationRoutes(app: FastifyInstance, options: MigrationRoutesOptions): Promise<void> {
  const { feeds, migrations } = options;
  app.addHook('onRequest', requireCompanyStaff);

  app.post('/rss/parse', {
    schema: {
      tags: ['migration'],
      summary: 'rss-parser: the videos of a feed (1–260), fetched with SSRF protection',
      body: Type.Object({ rssUrl: Type.String({ maxLength: 4000 }), maxVideos: Type.Optional(Type.Integer()) }),
      response: {
        200: Type.Object({ success: Type.Boolean(), error: Type.Union([Type.String(), Type.Null()]), videos: Type.Array(Video) }),
        422: Type.Object({ success: Type.Boolean(), error: Type.String(), videos: Type.Array(Video) }),
      },
    },
  }, async (request, reply) => {
    const body = request.body as { rssUrl: string; maxVideos?: number };
    const rssUrl = body.rssUrl.trim();
    if (!rssUrl) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Please enter an RSS feed URL' });
    try {
      const videos = await feeds.read(rssUrl, body.maxVideos ?? MAX_VIDEOS);
      return { success: true, error: null, videos };
    } catch (error) {
      if (!(error instanceof FeedUnusableError)) throw error;
      return reply.code(422).send({ success: false, error: error.message, videos: [] });
    }
  });

  app.post('/migrations', {
    schema: {
      tags: ['migration'],
      summary: 'bulk-migrate-sardius: queue the videos as sermons of the organization and start the run',
      body: Type.Object({
        rssUrl: Type.String({ minLength: 1, maxLength: 4000 }),
        targetOrgId: Uuid,
        videos: Type.Array(Video, { minItems: MIN_VIDEOS, maxItems: 1000 }),
        allowDuplicates: Type.Optional(Type.Boolean({ default: false })),
        maxToQueue: Type.Optional(Type.Integer()),
      }),
      response: { 201: Type.Object({ success: Type.Boolean(), migrationId: Type.String(), message: Type.String() }) },
    },
  }, async (request, reply) => {
    const result = await migrations.start(request.user.userId, request.body as Parameters<MigrationService['start']>[1]);
    return reply.code(201).send(result);
  });

  app.get('/migrations/:id', { schema: { tags: ['migration'], summary: 'migration_queue row and its migration_steps', params: Id, response: { 200: MigrationView } } }, async (request) => {
    return migrations.view((request.params as { id: string }).id);
  });

  const Result = { 200: Type.Object({ success: Type.Boolean(), message: Type.String() }) };
  app.post('/migrations/:id/cancel', {
    schema: { tags: ['migration'], summary: 'cancel-migration (Stop): the running video is cancelled cleanly', params: Id, body: Type.Optional(Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) })), response: Result },
  }, async (request) => migrations.cancel((request.params as { id: string }).id));
  app.post('/migrations/:id/clear', {
    schema: { tags: ['migration'], summary: 'clear-migration: removes the sermons of this migration that have not reached review', params: Id, response: Result },
  }, async (request) => migrations.clear((request.params as { id: string }).id));
  app.post('/migrations/:id/retry', {
    schema: { tags: ['migration'], summary: 'Retry the failed videos of a finished migration', params: Id, response: Result },
  }, async (request) => migrations.retry((request.params as { id: string }).id));
}
