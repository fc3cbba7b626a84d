import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
  etag?: string;
}

export interface PutOptions {
  contentType?: string;
  /** Refuse (413 `payload_too_large`) and store nothing once the stream passes this many bytes. */
  maxBytes?: number;
}

export interface UploadUrlOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number;
  contentType: string;
  maxBytes: number;
  /**
   * The exact size the client declared. With S3 it is signed into the URL, so the store itself
   * refuses another size; without it an S3 PUT URL cannot bound the size (see `sizeEnforced`).
   */
  contentLength?: number;
}

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface DownloadUrlOptions {
  expiresIn: number;
}

export interface SignedUrl {
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the client must send as they are (they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: Date;
  /** Whether the store itself refuses an upload over `maxBytes` (false: check `stat` afterwards). */
  sizeEnforced: boolean;
}

/** One bucket, e.g. `sermons-raw`. Keys are `/`-separated paths of [A-Za-z0-9._-] segments. */
export interface Bucket {
  readonly name: string;
  /** Streams `body` into the object; never holds the whole file in memory. */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<ObjectInfo>;
  /** The object's bytes (or the inclusive `range` of them) as a stream; 404 `not_found` when missing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** 404 `not_found` when missing. */
  stat(key: string): Promise<ObjectInfo>;
  exists(key: string): Promise<boolean>;
  /** Idempotent: deleting a missing object is fine. */
  delete(key: string): Promise<void>;
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<SignedUrl>;
  createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<SignedUrl>;
}

export interface Storage {
  readonly driver: 'fs' | 's3';
  /** The bucket, created if missing (once per name and process). */
  bucket(name: string): Promise<Bucket>;
  /**
   * Checks that a URL is a valid, unexpired signed read URL of this storage and says what it
   * names; a StorageError 403 otherwise. fs: the grant's HMAC; s3: the store itself answers a
   * one-byte ranged GET (only it can check a SigV4 signature).
   */
  verifyDownloadUrl(url: string): Promise<{ bucket: string; key: string }>;
  close(): Promise<void>;
}
