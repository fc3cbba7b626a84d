import { Transform } from 'node:stream';
import { badKey, tooLarge } from './storage.errors.ts';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** Keys are checked the same way for every driver, so code that works on fs works on S3. */
export function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw badKey(String(key), 'it must be 1–1024 characters');
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment) || segment === '..' ) throw badKey(key, 'use "/"-separated segments of letters, digits, ".", "_" and "-", not starting with "."');
  }
}

export function assertBucketName(name: string): void {
  if (!BUCKET.test(name)) throw new Error(`Bucket name "${name}" is not valid: 3–63 lower-case letters, digits and "-"`);
}

/** Counts bytes as they pass and fails with 413 once past `maxBytes`. */
export class ByteLimit extends Transform {
  bytes = 0;
  readonly #max: number;

  constructor(maxBytes = Number.POSITIVE_INFINITY) {
    super();
    this.#max = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#max) callback(tooLarge(this.#max));
    else callback(null, chunk);
  }
}
