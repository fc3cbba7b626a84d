// The signed-URL path (flag sermon_url_upload_enabled): the URL must be a signed read URL of the
// configured storage whose signature and expiry check out, name the sermons-raw bucket and end in
// an allowed extension (000 §5). The object is then read from the bucket by key and probed.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { StorageError, type Bucket, type Storage } from '@lectern/service-kit';
import type { SermonsConfig } from '../config.ts';
import { extensionOf, sermonErrors } from '../domain/sermon.errors.ts';
import { probeMedia, type ProbeResult } from './media.probe.ts';

/**
 * The object key a signed sermons-raw URL names, once the storage has checked its signature and
 * expiry; a 400 with the spec's message otherwise (a URL that merely looks signed is not enough).
 */
export async function keyOfSignedUrl(storage: Storage, rawBucket: string, value: string): Promise<string> {
  let named: { bucket: string; key: string };
  try {
    named = await storage.verifyDownloadUrl(value);
  } catch (error) {
    if (error instanceof StorageError) throw sermonErrors.badSignedUrl();
    throw error;
  }
  const { bucket, key } = named;
  if (bucket !== rawBucket || !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.includes('..') || !extensionOf(key)) throw sermonErrors.badSignedUrl();
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
