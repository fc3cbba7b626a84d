import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signGrant, verifyGrant } from './fs.signing.ts';
import { notFound, StorageError, tooLarge } from './storage.errors.ts';
import { assertBucketName, assertKey, ByteLimit } from './storage.keys.ts';
import type { Bucket, ByteRange, DownloadUrlOptions, ObjectInfo, PutOptions, SignedUrl, Storage, UploadUrlOptions } from './storage.types.ts';

export interface FsStorageConfig {
  /** Directory holding one sub-directory per bucket (`STORAGE_FS_ROOT`). */
  root: string;
  /** HMAC key for signed URLs; every instance serving the URLs needs the same one. */
  signingSecret: string;
  /** Where `storageRoutes` is mounted as the browser sees it, e.g. http://localhost:8080/api/sermons/storage */
  publicBaseUrl: string;
}

interface Meta {
  contentType: string;
  etag: string;
}

const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Objects are files under `<root>/<bucket>/<key>`; their content type and ETag sit in
 * `<root>/.meta/<bucket>/<key>.json`. Writes go to `<root>/.tmp` and are renamed into place, so a
 * reader never sees half a file and a failed upload leaves nothing behind.
 */
export class FsBucket implements Bucket {
  readonly name: string;
  readonly #config: FsStorageConfig;

  constructor(config: FsStorageConfig, name: string) {
    this.#config = config;
    this.name = name;
  }

  #objectPath(key: string): string {
    assertKey(key);
    return path.join(this.#config.root, this.name, ...key.split('/'));
  }

  #metaPath(key: string): string {
    return path.join(this.#config.root, '.meta', this.name, ...key.split('/')) + '.json';
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<ObjectInfo> {
    const target = this.#objectPath(key);
    const tmpDir = path.join(this.#config.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const limit = new ByteLimit(options.maxBytes);
    const md5 = createHash('md5');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, hashing, createWriteStream(tmp));
      const meta: Meta = { contentType: options.contentType ?? DEFAULT_TYPE, etag: md5.digest('hex') };
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(path.dirname(this.#metaPath(key)), { recursive: true });
      await writeFile(this.#metaPath(key), JSON.stringify(meta));
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      if (error instanceof StorageError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') {
        throw new StorageError(409, 'conflict', `Key "${key}" clashes with an existing key that is its prefix or extends it.`);
      }
      throw error;
    }
    return this.stat(key);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.#objectPath(key);
    await this.#statFile(key, file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async #statFile(key: string, file: string) {
    try {
      const info = await stat(file);
      if (!info.isFile()) throw notFound(this.name, key);
      return info;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') throw notFound(this.name, key);
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo> {
    const info = await this.#statFile(key, this.#objectPath(key));
    let meta: Partial<Meta> = {};
    try {
      meta = JSON.parse(await readFile(this.#metaPath(key), 'utf8')) as Meta;
    } catch {
      // An object copied in by hand has no metadata: it is still readable.
    }
    return { key, size: info.size, contentType: meta.contentType ?? DEFAULT_TYPE, lastModified: info.mtime, ...(meta.etag ? { etag: meta.etag } : {}) };
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.#statFile(key, this.#objectPath(key));
      return true;
    } catch (error) {
      if (error instanceof StorageError && error.code === 'not_found') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#objectPath(key), { force: true });
    await rm(this.#metaPath(key), { force: true });
  }

  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<SignedUrl> {
    assertKey(key);
    if (options.contentLength !== undefined && options.contentLength > options.maxBytes) throw tooLarge(options.maxBytes);
    const exp = Math.floor(Date.now() / 1000) + options.expiresIn;
    const token = signGrant(this.#config.signingSecret, { op: 'put', bucket: this.name, key, exp, contentType: options.contentType, maxBytes: options.maxBytes });
    return { url: this.#url(key, token), method: 'PUT', headers: { 'content-type': options.contentType }, expiresAt: new Date(exp * 1000), sizeEnforced: true };
  }

  async createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<SignedUrl> {
    assertKey(key);
    const exp = Math.floor(Date.now() / 1000) + options.expiresIn;
    const token = signGrant(this.#config.signingSecret, { op: 'get', bucket: this.name, key, exp });
    return { url: this.#url(key, token), method: 'GET', headers: {}, expiresAt: new Date(exp * 1000), sizeEnforced: true };
  }

  #url(key: string, token: string): string {
    const base = this.#config.publicBaseUrl.replace(/\/+$/, '');
    return `${base}/${this.name}/${key.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
  }
}

export class FsStorage implements Storage {
  readonly driver = 'fs' as const;
  readonly config: FsStorageConfig;
  readonly #buckets = new Map<string, Promise<Bucket>>();

  constructor(config: FsStorageConfig) {
    if (!config.root) throw new Error('fs storage: root (STORAGE_FS_ROOT) is required');
    if (!config.signingSecret || config.signingSecret.length < 16) throw new Error('fs storage: signingSecret must be at least 16 characters');
    this.config = { ...config, root: path.resolve(config.root) };
  }

  bucket(name: string): Promise<Bucket> {
    let bucket = this.#buckets.get(name);
    if (!bucket) {
      assertBucketName(name);
      bucket = mkdir(path.join(this.config.root, name), { recursive: true }).then(() => new FsBucket(this.config, name));
      this.#buckets.set(name, bucket);
    }
    return bucket;
  }

  async verifyDownloadUrl(url: string): Promise<{ bucket: string; key: string }> {
    const invalid = () => new StorageError(403, 'bad_signature', 'This link is not valid.');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid();
    }
    const base = new URL(this.config.publicBaseUrl.replace(/\/+$/, '') + '/');
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(base.pathname)) throw invalid();
    const token = parsed.searchParams.get('token');
    if (!token) throw invalid();
    const grant = verifyGrant(this.config.signingSecret, token);
    const [bucket, ...rest] = parsed.pathname.slice(base.pathname.length).split('/');
    let key: string;
    try {
      key = rest.map((part) => decodeURIComponent(part)).join('/');
    } catch {
      throw invalid();
    }
    if (grant.op !== 'get' || grant.bucket !== bucket || grant.key !== key) throw invalid();
    return { bucket: grant.bucket, key: grant.key };
  }

  async close(): Promise<void> {}
}

