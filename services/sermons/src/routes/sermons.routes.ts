// Public routes (API.md): staff-area roles of the caller's organization only.
import type { FastifyInstance } from 'fastify';
import type { Bucket, Storage } from '@lectern/service-kit';
import type { SermonsConfig } from '../config.ts';
import { keyOfSignedUrl, probeStoredObject, urlUploadEnabled } from '../upload/signed-url.ts';
import { extensionOf, MAX_UPLOAD_BYTES, sermonErrors } from '../domain/sermon.errors.ts';
import { sermonJson } from '../domain/sermon.mapper.ts';
import type { DevotionalInput } from '../domain/devotional.input.ts';
import { newUploadKey } from '../domain/sermon.intake.ts';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { actorOf, requireDevotionalEditor, requireSermonStaff } from './sermon.guards.ts';
import { AppError, ErrorCode } from '@lectern/service-kit';
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

interface CreateBody {
  title?: unknown;
  speaker?: unknown;
  recordedAt?: unknown;
  file?: { name?: unknown; size?: unknown; contentType?: unknown } | null;
  sourceUrl?: unknown;
}

export async function sermonRoutes(app: FastifyInstance, options: SermonRoutesOptions): Promise<void> {
  const { sermons, signer, active, config, raw, storage, rawBucketName } = options;
  const { queries, intake, review, removal, processing } = sermons;
  app.addHook('onRequest', requireSermonStaff);
  const library = new LibraryCache(sermons.db);

  app.get<{ Querystring: { limit?: number; cursor?: string } }>('/sermons', {
    schema: { querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 1000 }, cursor: { type: 'string', maxLength: 200 } } } },
  }, async (request, reply) => {
    const actor = actorOf(request);
    if (request.query.limit !== undefined || request.query.cursor !== undefined) return queries.list(actor.orgId, request.query.limit ?? 1000, request.query.cursor);
    const entry = await library.get(actor.orgId, () => queries.list(actor.orgId, 1000, undefined));
    reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(entry.gzip);
    return reply.send(entry.json);
  });

  app.get('/dashboard', async (request) => queries.dashboard((actorOf(request)).orgId));
  app.get('/quota', async (request) => sermons.quota.usage(sermons.db, (actorOf(request)).orgId));

  app.post<{ Body: CreateBody }>('/sermons', async (request, reply) => {
    const actor = actorOf(request);
    const body = (request.body ?? {}) as CreateBody;
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
    if (hasUrl) {
      if (!(await urlUploadEnabled(config, request.headers.authorization))) throw sermonErrors.urlUploadDisabled();
      const key = await keyOfSignedUrl(storage, rawBucketName, body.sourceUrl as string);
      const bucket = await raw();
      if (!(await bucket.exists(key))) throw sermonErrors.badSignedUrl();
      if (await sermonUsingMediaKey(sermons.db, key)) throw sermonErrors.badSignedUrl();
      const probe = await probeStoredObject(bucket, key, config.UPLOAD_TMP_DIR);
      if (!probe.ok) throw sermonErrors.notMedia();
      const sermon = await intake.create(actor, { title, speaker, recordedAt, uploadKey: null, contentType: null, size: null }, { upload_pct: 100, current_step: 'transcribe' });
      const updated = await intake.markUploaded(sermon, key, probe.duration);
      return reply.code(201).send({ sermon: sermonJson(updated), progress: await queries.progressOf(sermon.id), message: 'Sermon submitted successfully! Redirecting to sermon page...' });
    }
    const file = body.file as { name?: unknown; size?: unknown; contentType?: unknown };
    const ext = typeof file.name === 'string' ? extensionOf(file.name) : null;
    const contentType = typeof file.contentType === 'string' && file.contentType ? file.contentType.toLowerCase() : 'application/octet-stream';
    // A bare media type only: it is stored and echoed back as the upload's Content-Type header.
    if (!ext || !MEDIA_CONTENT_TYPE.test(contentType)) throw sermonErrors.fileType();
    const size = typeof file.size === 'number' && Number.isInteger(file.size) ? file.size : NaN;
    if (!(size >= 1)) throw sermonErrors.tooSmall();
    if (size > MAX_UPLOAD_BYTES) throw sermonErrors.tooLarge();

    const key = newUploadKey(ext);
    const sermon = await intake.create(actor, { title, speaker, recordedAt, uploadKey: key, contentType, size });
    const expires = Math.floor(Date.now() / 1000) + 60 * 60;
    const url = `${config.PUBLIC_ORIGIN}/api/sermons/uploads/${sermon.id}?expires=${expires}&token=${signer.sign(sermon.id, expires)}`;
    return reply.code(201).send({
      sermon: sermonJson(sermon),
      progress: await queries.progressOf(sermon.id),
      upload: { url, method: 'PUT', headers: { 'content-type': contentType }, expiresAt: new Date(expires * 1000).toISOString(), key, maxBytes: MAX_UPLOAD_BYTES },
    });
  });

  app.post<{ Params: { id: string } }>('/sermons/:id/cancel-upload', async (request) => {
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

  app.get<{ Params: { id: string } }>('/sermons/:id', async (request) => queries.details((actorOf(request)).orgId, request.params.id));
  app.get<{ Params: { id: string } }>('/sermons/:id/transcript', async (request) => queries.transcript((actorOf(request)).orgId, request.params.id));

  app.put<{ Params: { id: string }; Body: { outline: Record<string, unknown> } }>('/sermons/:id/outline', {
    schema: { body: { type: 'object', required: ['outline'], properties: { outline: { type: 'object' } } } },
  }, async (request) => ({ outline: await review.saveOutline(actorOf(request), request.params.id, request.body.outline) }));

  app.put<{ Params: { id: string }; Body: DevotionalInput }>('/devotionals/:id', {
    onRequest: requireDevotionalEditor,
    schema: { body: { type: 'object' } },
  }, async (request) => ({ devotional: await review.saveDevotional(actorOf(request), request.params.id, request.body) }));

  app.post<{ Params: { id: string } }>('/sermons/:id/publish', async (request) => ({ sermon: await review.publish(actorOf(request), request.params.id) }));

  app.delete<{ Params: { id: string } }>('/sermons/:id', async (request, reply) => {
    await removal.discard(actorOf(request), request.params.id, { releaseQuota: true });
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/sermons/:id/stop', async (request) => {
    // Stop keeps its upload counted in the cycle; only delete gives it back.
    await removal.discard(actorOf(request), request.params.id, { releaseQuota: false });
    return { message: 'Processing stopped and sermon removed' };
  });

  app.post<{ Params: { id: string } }>('/sermons/:id/retry', async (request, reply) => {
    const restartedAt = await processing.retry(actorOf(request), request.params.id);
    return reply.code(202).send({ message: 'Transcription process restarted', restartedAt });
  });
}

