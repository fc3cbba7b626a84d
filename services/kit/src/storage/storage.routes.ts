import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { FsStorage } from './fs.driver.ts';
import { verifyGrant, type UrlGrant } from './fs.signing.ts';
import { StorageError, tooLarge } from './storage.errors.ts';
import type { ByteRange } from './storage.types.ts';

export interface StorageRoutesOptions {
  /** The filesystem storage whose signed URLs these routes serve (its `publicBaseUrl` points here). */
  storage: FsStorage;
}

type SignedRequest = FastifyRequest<{ Params: { bucket: string; '*': string }; Querystring: { token?: string } }>;

function grantFor(request: SignedRequest, secret: string, op: UrlGrant['op']): UrlGrant {
  const token = request.query.token;
  if (!token) throw new StorageError(403, 'bad_signature', 'This link is not valid.');
  const grant = verifyGrant(secret, token);
  if (grant.op !== op || grant.bucket !== request.params.bucket || grant.key !== request.params['*']) {
    throw new StorageError(403, 'bad_signature', 'This link is not valid.');
  }
  return grant;
}

/**
 * `PUT <prefix>/<bucket>/<key>?token=…` and `GET …` for the filesystem driver's signed URLs.
 * The PUT body is streamed into the bucket as it arrives (no body parser, no buffering) and
 * refused past the signed maxBytes. Mount it where `publicBaseUrl` says, without auth hooks:
 * the signature is the authorisation.
 */
export async function storageRoutes(fastify: FastifyInstance, options: StorageRoutesOptions): Promise<void> {
  const { storage } = options;
  const secret = storage.config.signingSecret;

  // Leave the body on the socket: the handler streams it.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const params = { type: 'object', properties: { bucket: { type: 'string' }, '*': { type: 'string' } } };
  const bytes = { type: 'string', format: 'binary', description: "The object's bytes (streamed, never serialised)" };
  const putSchema = { hide: true, params, response: { 201: { type: 'object', required: ['key', 'size', 'etag'], properties: { key: { type: 'string' }, size: { type: 'integer' }, etag: { type: ['string', 'null'] } } } } };
  const getSchema = { hide: true, params, response: { 200: bytes, 206: bytes, 416: { type: 'null', description: 'The range lies outside the object' } } };

  fastify.put('/:bucket/*', { schema: putSchema }, async (request: SignedRequest, reply: FastifyReply) => {
    const grant = grantFor(request, secret, 'put');
    const contentType = request.headers['content-type'];
    if (grant.contentType && contentType !== grant.contentType) {
      throw new StorageError(415, 'unsupported_media_type', `Send Content-Type: ${grant.contentType}.`);
    }
    const declared = Number(request.headers['content-length']);
    if (grant.maxBytes !== undefined && Number.isFinite(declared) && declared > grant.maxBytes) {
      reply.header('connection', 'close');
      throw tooLarge(grant.maxBytes);
    }
    const bucket = await storage.bucket(grant.bucket);
    const body = new PassThrough();
    const raw = request.raw;
    raw.on('error', (error) => body.destroy(error));
    raw.once('close', () => {
      if (!raw.complete) body.destroy(new Error('upload aborted by the client'));
    });
    raw.pipe(body);
    try {
      const info = await bucket.put(grant.key, body, { contentType: grant.contentType ?? contentType, maxBytes: grant.maxBytes });
      return reply.code(201).send({ key: info.key, size: info.size, etag: info.etag ?? null });
    } catch (error) {
      raw.unpipe(body);
      // The rest of an oversized body is not read: close the connection after answering.
      reply.header('connection', 'close');
      throw error;
    }
  });

  fastify.get('/:bucket/*', { schema: getSchema }, async (request: SignedRequest, reply: FastifyReply) => {
    const grant = grantFor(request, secret, 'get');
    const bucket = await storage.bucket(grant.bucket);
    const info = await bucket.stat(grant.key);
    reply.header('content-type', info.contentType).header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
    if (info.etag) reply.header('etag', `"${info.etag}"`);
    const range = parseRange(request.headers.range, info.size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${info.size}`).send();
    }
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`).header('content-length', range.end - range.start + 1);
      return reply.send(await bucket.get(grant.key, range));
    }
    reply.header('content-length', info.size);
    return reply.send(await bucket.get(grant.key));
  });
}

/**
 * One `bytes=` range (what media elements send when seeking): `a-b`, `a-` or the suffix `-n`.
 * null: no usable Range header (serve the whole object, as RFC 9110 allows for multi-range).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
