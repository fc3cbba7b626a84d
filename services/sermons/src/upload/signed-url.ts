// The signed-URL path (flag sermon_url_upload_enabled): the URL must carry a token, be on the
// storage provider's origin, point into the sermons-raw bucket's signed-object path and end in an
// allowed extension (000 §5). The object is then read from the bucket by key and probed.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Bucket } from '@lectern/service-kit';
import type { SermonsConfig } from '../config.ts';
import { extensionOf, sermonErrors } from '../domain/sermon.errors.ts';
import { probeMedia, type ProbeResult } from './media.probe.ts';

/** The object key the URL names in sermons-raw, or a 400 with the spec's message. */
export function keyOfSignedUrl(config: SermonsConfig, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw sermonErrors.badSignedUrl();
  }
  const s3 = config.STORAGE_DRIVER === 's3';
  const origin = s3 ? (config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : null) : new URL(config.PUBLIC_ORIGIN).origin;
  const signedPath = s3 ? '/sermons-raw/' : '/api/sermons/storage/sermons-raw/';
  const token = s3 ? url.searchParams.get('X-Amz-Signature') : url.searchParams.get('token');
  if (!origin || url.origin !== origin || !token || !url.pathname.startsWith(signedPath)) throw sermonErrors.badSignedUrl();
  const key = decodeURIComponent(url.pathname.slice(signedPath.length));
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.includes('..') || !extensionOf(key)) throw sermonErrors.badSignedUrl();
  return key;
}

/** Reads the object to a spool file and probes it; the spool file is always removed. */
export async function probeStoredObject(bucket: Bucket, key: string, tmpDir: string | undefined): Promise<ProbeResult> {
  const spool = tmpDir ?? join(tmpdir(), 'lectern-sermon-uploads');
  await mkdir(spool, { recursive: true });
  const path = join(spool, `url-${randomUUID()}`);
  try {
    await pipeline(await bucket.get(key), createWriteStream(path));
    return await probeMedia(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** Reads the flag from identity with the caller's own token (organization overrides apply). */
export async function urlUploadEnabled(config: SermonsConfig, authorization: string | undefined): Promise<boolean> {
  const base = config.IDENTITY_URL ?? new URL(config.IDENTITY_JWKS_URL).origin;
  try {
    const res = await fetch(`${base.replace(/\/+$/, '')}/api/identity/flags`, { headers: authorization ? { authorization } : {}, signal: AbortSignal.timeout(5000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { flags?: Record<string, unknown> };
    return body.flags?.sermon_url_upload_enabled === true;
  } catch {
    return false;
  }
}
