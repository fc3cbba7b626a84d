/** Rendered by Fastify (and the kit core's problem+json handler) from `statusCode` and `code`. */
export class StorageError extends Error {
  readonly statusCode: number;
  readonly code: 'not_found' | 'payload_too_large' | 'bad_key' | 'bad_signature' | 'url_expired' | 'conflict' | 'unsupported_media_type';

  constructor(statusCode: number, code: StorageError['code'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StorageError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const notFound = (bucket: string, key: string) => new StorageError(404, 'not_found', `No object "${key}" in bucket "${bucket}".`);
export const tooLarge = (maxBytes: number) => new StorageError(413, 'payload_too_large', `The file is larger than the ${maxBytes} bytes allowed.`);
export const badKey = (key: string, why: string) => new StorageError(400, 'bad_key', `Object key "${key.slice(0, 200)}" is not allowed: ${why}.`);
