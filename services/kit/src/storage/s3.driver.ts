import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { notFound, StorageError, tooLarge } from './storage.errors.ts';
import { assertBucketName, assertKey, ByteLimit } from './storage.keys.ts';
import type { Bucket, ByteRange, DownloadUrlOptions, ObjectInfo, PutOptions, SignedUrl, Storage, UploadUrlOptions } from './storage.types.ts';

export interface S3StorageConfig {
  /** `S3_ENDPOINT`, e.g. http://127.0.0.1:7070 (versitygw); omit for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Multipart part size for streamed puts (default 5 MiB, the S3 minimum; memory ≈ partSize × queueSize). */
  partSize?: number;
  queueSize?: number;
}

const DEFAULT_TYPE = 'application/octet-stream';

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey' || error.name === 'NoSuchBucket';
  }
  return false;
}

export class S3Bucket implements Bucket {
  readonly name: string;
  readonly #client: S3Client;
  readonly #config: S3StorageConfig;

  constructor(client: S3Client, config: S3StorageConfig, name: string) {
    this.#client = client;
    this.#config = config;
    this.name = name;
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<ObjectInfo> {
    assertKey(key);
    const source = body instanceof Readable ? body : Readable.from(body);
    const limit = new ByteLimit(options.maxBytes);
    source.on('error', (error) => limit.destroy(error));
    source.pipe(limit);
    // Multipart upload in parts of partSize, queueSize in flight: memory stays bounded whatever
    // the file size. A failure (or the size limit) aborts the multipart upload.
    const upload = new Upload({
      client: this.#client,
      params: { Bucket: this.name, Key: key, Body: limit, ContentType: options.contentType ?? DEFAULT_TYPE },
      partSize: this.#config.partSize ?? 5 * 1024 * 1024,
      queueSize: this.#config.queueSize ?? 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      source.unpipe(limit);
      if (options.maxBytes !== undefined && limit.bytes > options.maxBytes) throw tooLarge(options.maxBytes);
      throw error;
    }
    return this.stat(key);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    try {
      const response = await this.#client.send(new GetObjectCommand({ Bucket: this.name, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!(response.Body instanceof Readable)) throw new Error('S3 GetObject returned no stream body');
      return response.Body;
    } catch (error) {
      if (isMissing(error)) throw notFound(this.name, key);
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo> {
    assertKey(key);
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.name, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? DEFAULT_TYPE,
        lastModified: head.LastModified ?? new Date(0),
        ...(head.ETag ? { etag: head.ETag.replaceAll('"', '') } : {}),
      };
    } catch (error) {
      if (isMissing(error)) throw notFound(this.name, key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (error) {
      if (error instanceof StorageError && error.code === 'not_found') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.name, Key: key }));
  }

  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<SignedUrl> {
    assertKey(key);
    if (options.contentLength !== undefined && options.contentLength > options.maxBytes) throw tooLarge(options.maxBytes);
    const signed = new Set(['content-type']);
    if (options.contentLength !== undefined) signed.add('content-length');
    const command = new PutObjectCommand({ Bucket: this.name, Key: key, ContentType: options.contentType, ContentLength: options.contentLength });
    const url = await getSignedUrl(this.#client, command, { expiresIn: options.expiresIn, signableHeaders: signed });
    return {
      url,
      method: 'PUT',
      headers: { 'content-type': options.contentType },
      expiresAt: new Date(Date.now() + options.expiresIn * 1000),
      // A presigned PUT can pin an exact size but not a maximum.
      sizeEnforced: options.contentLength !== undefined,
    };
  }

  async createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<SignedUrl> {
    assertKey(key);
    const url = await getSignedUrl(this.#client, new GetObjectCommand({ Bucket: this.name, Key: key }), { expiresIn: options.expiresIn });
    return { url, method: 'GET', headers: {}, expiresAt: new Date(Date.now() + options.expiresIn * 1000), sizeEnforced: true };
  }
}

export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  readonly #config: S3StorageConfig;
  readonly #buckets = new Map<string, Promise<Bucket>>();

  constructor(config: S3StorageConfig) {
    for (const field of ['region', 'accessKeyId', 'secretAccessKey'] as const) {
      if (!config[field]) throw new Error(`s3 storage: ${field} is required (S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`);
    }
    this.#config = config;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Path-style (`<endpoint>/<bucket>/<key>`) works with every S3-compatible store.
      forcePathStyle: true,
      // Checksums only when an operation needs them: not every S3-compatible store knows the
      // newer CRC trailers the SDK sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async verifyDownloadUrl(url: string): Promise<{ bucket: string; key: string }> {
    const invalid = () => new StorageError(403, 'bad_signature', 'This link is not valid.');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid();
    }
    // Only URLs of the configured store are ever fetched (no request to a host a caller chose).
    const endpoint = this.#config.endpoint ?? `https://s3.${this.#config.region}.amazonaws.com`;
    if (parsed.origin !== new URL(endpoint).origin || !parsed.searchParams.get('X-Amz-Signature')) throw invalid();
    const [, bucket, ...rest] = parsed.pathname.split('/');
    let key: string;
    try {
      key = rest.map((part) => decodeURIComponent(part)).join('/');
    } catch {
      throw invalid();
    }
    if (!bucket || !key) throw invalid();
    const response = await fetch(parsed, { headers: { range: 'bytes=0-0' }, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    if (response.status !== 200 && response.status !== 206) throw invalid();
    return { bucket, key };
  }

  bucket(name: string): Promise<Bucket> {
    let bucket = this.#buckets.get(name);
    if (!bucket) {
      assertBucketName(name);
      bucket = this.#ensure(name).then(() => new S3Bucket(this.client, this.#config, name));
      bucket.catch(() => this.#buckets.delete(name));
      this.#buckets.set(name, bucket);
    }
    return bucket;
  }

  async #ensure(name: string): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: name }));
      return;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: name }));
    } catch (error) {
      // Another instance created it in between.
      if (!(error instanceof S3ServiceException && (error.name === 'BucketAlreadyOwnedByYou' || error.name === 'BucketAlreadyExists'))) throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
