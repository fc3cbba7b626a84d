import { createHmac, timingSafeEqual } from 'node:crypto';
import { StorageError } from './storage.errors.ts';

/** What a filesystem-driver signed URL grants. */
export interface UrlGrant {
  op: 'put' | 'get';
  bucket: string;
  key: string;
  /** Expiry, seconds since epoch. */
  exp: number;
  contentType?: string;
  maxBytes?: number;
}

export function signGrant(secret: string, grant: UrlGrant): string {
  const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Checks signature, then expiry; the caller checks that op/bucket/key match the request. */
export function verifyGrant(secret: string, token: string, nowSec = Math.floor(Date.now() / 1000)): UrlGrant {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw new StorageError(403, 'bad_signature', 'This link is not valid.');
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new StorageError(403, 'bad_signature', 'This link is not valid.');
  }
  const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as UrlGrant;
  if (typeof grant.exp !== 'number' || grant.exp < nowSec) throw new StorageError(403, 'url_expired', 'This link has expired.');
  return grant;
}
