// Public routes (API.md): staff-area roles of the caller's organization only.
import type { Bucket, ServiceInstance, Storage } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { SermonsConfig } from '../config.ts';
import { keyOfSignedUrl, probeStoredObject, urlUploadEnabled } from '../upload/signed-url.ts';
import { extensionOf, MAX_UPLOAD_BYTES, sermonErrors } from '../domain/sermon.errors.ts';
import { sermonJson } from '../domain/sermon.mapper.ts';
import { newUploadKey } from '../domain/sermon.intake.ts';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { actorOf, requireDevotionalEditor, requireSermonStaff } from './sermon.guards.ts';
import {
  CreatedSermonSchema, CreateSermonBody, DashboardSchema, DevotionalBody, DevotionalSchema, LibrarySchema, MessageSchema, NoContent, OpenObject, OutlineBody, QuotaSchema,
  SermonDetailsSchema, SermonIdParams, SermonSchema, TranscriptSchema,
} from './sermon.schemas.ts';
import { AppError, ErrorCode, idempotencyKeyOf, requestFingerprint } from '@lectern/service-kit';
import type { IdempotentRequest } from '@lectern/service-kit';
import type { SermonsRow } from '../data/sermons.table.ts';
import { LibraryCache } from '../domain/library.cache.ts';
import { sermonUsingMediaKey } from '../data/sermon.repository.ts';
import type { ActiveUploads } from '../upload/upload.routes.ts';
import type { UploadSigner } from '../upload/upload.signing.ts';

/** `audio/<subtype>`, `video/<subtype>` or `application/octet-stream`, RFC 6838 token characters, no parameters. */
const MEDIA_CONTENT_TYPE = /^(?:(?:audio|video)\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}|application\/octet-stream)$/;

/** `YYYY-MM-DD` naming a day that exists, in years PostgreSQL and every client handle alike. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface SermonRoutesOptions {
  sermons: SermonUseCases;
  signer: UploadSigner;
  active: ActiveUploads;
  config: SermonsConfig;
  raw: () => Promise<Bucket>;
  storage: Storage;
  rawBucketName: string;
}

export async function sermonRoutes(app: ServiceInstance, options: SermonRoutesOptions): Promise<void> {
  const { sermons, signer, active, config, raw, storage, rawBucketName } = options;
  const { queries, intake, review, removal, processing } = sermons;
  app.addHook('onRequest', requireSermonStaff);
  const library = new LibraryCache(sermons.db);

  const tags = ['sermons'];
  app.get('/sermons', {
    schema: {
      tags,
      summary: 'The organization\'s sermons with their progress, newest first; without limit or cursor the whole library (cached, gzip when accepted)',
      querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), cursor: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: { 200: LibrarySchema },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    if (request.query.limit !== undefined || request.query.cursor !== undefined) return queries.list(actor.orgId, request.query.limit ?? 1000, request.query.cursor);
    const entry = await library.get(actor.orgId, () => queries.list(actor.orgId, 1000, undefined));
    reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    // The cached body is already serialised JSON (LibrarySchema's shape): sent as it is.
    const body: unknown = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? (reply.header('content-encoding', 'gzip'), entry.gzip) : entry.json;
    return reply.send(body as never);
  });

  app.get('/dashboard', {
    schema: { tags, summary: 'Counts (total, published, processing, this month) and the five newest sermons', response: { 200: DashboardSchema } },
  }, async (request) => queries.dashboard(actorOf(request).orgId));
  app.get('/quota', {
    schema: { tags, summary: 'Uploads used of the plan\'s limit this cycle, with the reset date', response: { 200: QuotaSchema } },
  }, async (request) => sermons.quota.usage(sermons.db, actorOf(request).orgId));

  app.post('/sermons', {
    schema: {
      tags,
      summary: 'Create a sermon from the upload form: a file (answers the signed PUT link) or a signed sermons-raw URL (starts the pipeline)',
      description: 'Safe to retry with an Idempotency-Key (ADR 0033): the same key and request within 24 h answer the sermon the first attempt created (201, header Idempotent-Replayed: true), with no second record or quota unit; the same key with another request is a 409.',
      headers: Type.Object({
        'idempotency-key': Type.Optional(Type.String({ description: 'A key the client makes for this one creation (8 to 255 visible ASCII characters, e.g. a UUID) and sends again with every retry of it' })),
      }),
      body: CreateSermonBody,
      response: { 201: CreatedSermonSchema },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const body = request.body;
    const fieldErrors: Record<string, string> = {};
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    const speaker = typeof body.speaker === 'string' ? body.speaker.trim() : '';
    const recordedAt = typeof body.recordedAt === 'string' ? body.recordedAt : '';
    if (!title) fieldErrors.title = 'Title is required.';
    if (!speaker) fieldErrors.speaker = 'Speaker is required.';
    if (!recordedAt) fieldErrors.recordedAt = 'Recording date is required.';
    else if (!isCalendarDate(recordedAt)) fieldErrors.recordedAt = 'Recording date must be a real date between 1000-01-01 and 9999-12-31 (YYYY-MM-DD).';
    const first = Object.values(fieldErrors)[0];
    if (first) throw new AppError(ErrorCode.BAD_REQUEST, { detail: first, extensions: { reason: 'validation', fieldErrors } });
    const hasFile = body.file !== undefined && body.file !== null;
    const hasUrl = typeof body.sourceUrl === 'string' && body.sourceUrl !== '';
    if (hasFile && hasUrl) throw sermonErrors.fileAndUrl();
    if (!hasFile && !hasUrl) throw sermonErrors.nothingToUpload();
    // A retry with the Idempotency-Key of a creation that committed gets that sermon (ADR 0033).
    const idempotencyKey = idempotencyKeyOf(request.headers);
    const idempotency: IdempotentRequest | undefined = idempotencyKey === undefined ? undefined : {
      scope: 'sermons.create',
      orgId: actor.orgId,
      userId: actor.userId,
      key: idempotencyKey,
      fingerprint: requestFingerprint({ title, speaker, recordedAt, file: hasFile ? body.file : undefined, sourceUrl: hasUrl ? body.sourceUrl : undefined }),
    };
    const earlier = idempotency ? await intake.earlier(idempotency) : undefined;
    if (earlier) reply.header('idempotent-replayed', 'true');
    if (hasUrl) {
      const submitted = async (sermon: SermonsRow) =>
        reply.code(201).send({ sermon: sermonJson(sermon), progress: await queries.progressOf(sermon.id), message: 'Sermon submitted successfully! Redirecting to sermon page...' });
      if (earlier?.temporary_media_path) return submitted(earlier);
      if (!(await urlUploadEnabled(config, request.headers.authorization))) throw sermonErrors.urlUploadDisabled();
      const key = await keyOfSignedUrl(storage, rawBucketName, body.sourceUrl as string);
      const bucket = await raw();
      if (!(await bucket.exists(key))) throw sermonErrors.badSignedUrl();
      if (await sermonUsingMediaKey(sermons.db, key)) throw sermonErrors.badSignedUrl();
      const probe = await probeStoredObject(bucket, key, config.UPLOAD_TMP_DIR);
      if (!probe.ok) throw sermonErrors.notMedia();
      // An earlier attempt may have created the sermon and lost its answer before the recording was recorded.
      const sermon = earlier ?? await intake.create(actor, { title, speaker, recordedAt, uploadKey: null, contentType: null, size: null }, { upload_pct: 100, current_step: 'transcribe' }, idempotency);
      return submitted(sermon.temporary_media_path ? sermon : await intake.markUploaded(sermon, key, probe.duration));
    }
    const file = body.file ?? {};
    const ext = typeof file.name === 'string' ? extensionOf(file.name) : null;
    const contentType = typeof file.contentType === 'string' && file.contentType ? file.contentType.toLowerCase() : 'application/octet-stream';
    // A bare media type only: it is stored and echoed back as the upload's Content-Type header.
    if (!ext || !MEDIA_CONTENT_TYPE.test(contentType)) throw sermonErrors.fileType();
    const size = typeof file.size === 'number' && Number.isInteger(file.size) ? file.size : NaN;
    if (!(size >= 1)) throw sermonErrors.tooSmall();
    if (size > MAX_UPLOAD_BYTES) throw sermonErrors.tooLarge();

    const sermon = earlier ?? await intake.create(actor, { title, speaker, recordedAt, uploadKey: newUploadKey(ext), contentType, size }, {}, idempotency);
    const progress = await queries.progressOf(sermon.id);
    // A replayed creation whose recording arrived since has nothing left to upload.
    if (sermon.temporary_media_path || !sermon.upload_key) return reply.code(201).send({ sermon: sermonJson(sermon), progress });
    const expires = Math.floor(Date.now() / 1000) + 60 * 60;
    const url = `${config.PUBLIC_ORIGIN}/api/sermons/uploads/${sermon.id}?expires=${expires}&token=${signer.sign(sermon.id, expires)}`;
    const uploadType = sermon.upload_content_type ?? contentType;
    return reply.code(201).send({
      sermon: sermonJson(sermon),
      progress,
      upload: { url, method: 'PUT', headers: { 'content-type': uploadType }, expiresAt: new Date(expires * 1000).toISOString(), key: sermon.upload_key, maxBytes: MAX_UPLOAD_BYTES },
    });
  });

  app.post('/sermons/:id/cancel-upload', {
    schema: { tags, summary: 'Stop an upload in progress (on any instance) and remove the sermon, its bytes and its quota unit', params: SermonIdParams, response: { 200: MessageSchema } },
  }, async (request) => {
    const actor = actorOf(request);
    const message = { message: 'Upload canceled and cleaned up' };
    let sermon;
    try {
      sermon = await queries.find(actor.orgId, request.params.id);
    } catch {
      return message;
    }
    if (sermon.temporary_media_path) throw sermonErrors.uploadDone('Failed to cancel upload');
    active.abort(sermon.id);
    await removal.remove(sermon, actor.userId, { releaseQuota: true });
    return message;
  });

  app.get('/sermons/:id', {
    schema: { tags, summary: 'One sermon with its progress, transcript text, outline and devotionals', params: SermonIdParams, response: { 200: SermonDetailsSchema } },
  }, async (request) => queries.details(actorOf(request).orgId, request.params.id));
  app.get('/sermons/:id/transcript', {
    schema: { tags, summary: 'The transcript with its word timings', params: SermonIdParams, response: { 200: TranscriptSchema } },
  }, async (request) => queries.transcript(actorOf(request).orgId, request.params.id));

  app.put('/sermons/:id/outline', {
    schema: { tags, summary: 'Save the edited outline (not while processing)', params: SermonIdParams, body: OutlineBody, response: { 200: Type.Object({ outline: OpenObject }) } },
  }, async (request) => ({ outline: await review.saveOutline(actorOf(request), request.params.id, request.body.outline as Record<string, unknown>) }));

  app.put('/devotionals/:id', {
    onRequest: requireDevotionalEditor,
    schema: { tags, summary: 'Save an edited devotional day (ADMIN or PASTOR)', params: SermonIdParams, body: DevotionalBody, response: { 200: Type.Object({ devotional: DevotionalSchema }) } },
  }, async (request) => ({ devotional: await review.saveDevotional(actorOf(request), request.params.id, request.body) }));

  app.post('/sermons/:id/publish', {
    schema: { tags, summary: 'Publish a sermon that is ready for review', params: SermonIdParams, response: { 200: Type.Object({ sermon: SermonSchema }) } },
  }, async (request) => ({ sermon: await review.publish(actorOf(request), request.params.id) }));

  app.post('/sermons/:id/unpublish', {
    schema: { tags, summary: 'Take a published sermon back to review: members stop seeing it; their progress is kept', params: SermonIdParams, response: { 200: Type.Object({ sermon: SermonSchema }) } },
  }, async (request) => ({ sermon: await review.unpublish(actorOf(request), request.params.id) }));

  app.delete('/sermons/:id', {
    schema: { tags, summary: 'Delete a sermon: its run is cancelled, media and record removed, its upload given back to the cycle', params: SermonIdParams, response: { 204: NoContent } },
  }, async (request, reply) => {
    await removal.discard(actorOf(request), request.params.id, { releaseQuota: true });
    return reply.code(204).send(null);
  });

  app.post('/sermons/:id/stop', {
    schema: { tags, summary: 'Stop processing: the run is cancelled and the sermon removed', params: SermonIdParams, response: { 200: MessageSchema } },
  }, async (request) => {
    // Stop keeps its upload counted in the cycle; only delete gives it back.
    await removal.discard(actorOf(request), request.params.id, { releaseQuota: false });
    return { message: 'Processing stopped and sermon removed' };
  });

  app.post('/sermons/:id/retry', {
    schema: {
      tags,
      summary: 'Retry a failed sermon from its failed step',
      params: SermonIdParams,
      response: { 202: Type.Object({ message: Type.String(), restartedAt: Type.String({ description: 'the pipeline step it restarts at' }) }) },
    },
  }, async (request, reply) => {
    const restartedAt = await processing.retry(actorOf(request), request.params.id);
    return reply.code(202).send({ message: 'Transcription process restarted', restartedAt });
  });
}

