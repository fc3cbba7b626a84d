// PUT of the file: streamed to a spool file (memory does not grow with the size), upload_pct saved
// at each 5%, probed with ffprobe, then stored in sermons-raw and the pipeline started. Any
// failure removes the sermon, its bytes and its quota count.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isAppError, type Bucket } from '@lectern/service-kit';
import { MAX_UPLOAD_BYTES, sermonErrors } from '../domain/sermon.errors.ts';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { sermonJson } from '../domain/sermon.mapper.ts';
import { probeMedia } from './media.probe.ts';
import type { UploadSigner } from './upload.signing.ts';
import { SermonIdParams, UploadedSermonSchema } from '../routes/sermon.schemas.ts';

export const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** Uploads in flight on this instance, so a cancel can abort one. */
export class ActiveUploads {
  readonly byId = new Map<string, AbortController>();
  abort(sermonId: string): void {
    this.byId.get(sermonId)?.abort(new Error('Upload canceled'));
  }
}

export interface UploadRoutesOptions {
  sermons: SermonUseCases;
  signer: UploadSigner;
  active: ActiveUploads;
  tmpDir: string | undefined;
  raw: () => Promise<Bucket>;
  timeoutMs?: number;
}

export async function uploadRoutes(app: FastifyInstance, options: UploadRoutesOptions): Promise<void> {
  const { signer, active } = options;
  const { queries, intake, removal } = options.sermons;
  const spool = options.tmpDir ?? join(tmpdir(), 'lectern-sermon-uploads');
  await mkdir(spool, { recursive: true });
  // The body is the raw file: nothing parses or buffers it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.put<{ Params: { id: string }; Querystring: { expires?: string; token?: string } }>('/uploads/:id', {
    // Raw bytes, not JSON: left out of the OpenAPI document (API.md describes the PUT).
    schema: { hide: true, params: SermonIdParams, response: { 200: UploadedSermonSchema } },
  }, async (request, reply) => {
    const { id } = request.params;
    const expires = Number(request.query.expires);
    if (!request.query.token || !signer.verify(id, expires, request.query.token)) throw sermonErrors.uploadToken();
    const sermon = await queries.findAnyOrg(id);
    if (sermon.temporary_media_path || !sermon.upload_key || active.byId.has(id)) throw sermonErrors.uploadDone();
    const key = sermon.upload_key;
    // The size declared when the sermon was created is binding: a Content-Length that differs is
    // refused before reading, and a chunked body is cut off at the first byte past it.
    const declared = sermon.upload_size === null ? MAX_UPLOAD_BYTES : Number(sermon.upload_size);
    const sentLength = request.headers['content-length'];

    const controller = new AbortController();
    active.byId.set(id, controller);
    const timer = setTimeout(() => controller.abort(sermonErrors.uploadTimeout()), options.timeoutMs ?? UPLOAD_TIMEOUT_MS);
    const spoolPath = join(spool, `${id}-${randomUUID()}`);
    let bytes = 0;
    let saved = 0;
    let reports: Promise<void> = Promise.resolve();
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes > MAX_UPLOAD_BYTES) {
          callback(sermonErrors.tooLarge());
          return;
        }
        if (bytes > declared) {
          callback(sermonErrors.sizeMismatch(declared));
          return;
        }
        const pct = declared > 0 ? Math.floor((bytes * 100) / declared / 5) * 5 : 0;
        if (pct > saved && pct < 100) {
          saved = pct;
          reports = reports
            .then(async () => {
              // Cancelled through another instance: the record is gone, stop reading.
              if (!(await intake.uploadProgress(id, sermon.org_id, pct))) controller.abort(sermonErrors.uploadCanceled());
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'upload progress not saved'));
        }
        callback(null, chunk);
      },
    });
    try {
      if (declared > MAX_UPLOAD_BYTES) throw sermonErrors.tooLarge();
      if (sentLength !== undefined && Number(sentLength) !== declared) throw sermonErrors.sizeMismatch(declared);
      await pipeline(request.raw, counter, createWriteStream(spoolPath), { signal: controller.signal });
      await reports;
      if (bytes === 0) throw sermonErrors.tooSmall();
      if (bytes !== declared) throw sermonErrors.sizeMismatch(declared);
      const probe = await probeMedia(spoolPath);
      if (!probe.ok) throw sermonErrors.notMedia();
      controller.signal.throwIfAborted();
      const bucket = await options.raw();
      await bucket.put(key, createReadStream(spoolPath), { contentType: sermon.upload_content_type ?? 'application/octet-stream', maxBytes: MAX_UPLOAD_BYTES });
      const updated = await intake.markUploaded(sermon, key, probe.duration);
      return reply.send({ sermon: sermonJson(updated), progress: await queries.progressOf(id), message: 'Sermon submitted successfully! Redirecting to sermon page...' });
    } catch (error) {
      // The rest of a refused body is never read: the connection cannot carry another request.
      reply.header('connection', 'close');
      await reports;
      await removal.remove(sermon, sermon.created_by, { releaseQuota: true }).catch((cleanup: unknown) => request.log.error({ err: cleanup, sermonId: id }, 'upload clean-up failed'));
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (isAppError(reason)) throw reason;
      if (controller.signal.aborted) throw sermonErrors.notFound();
      throw error;
    } finally {
      clearTimeout(timer);
      active.byId.delete(id);
      await rm(spoolPath, { force: true });
    }
  });
}
