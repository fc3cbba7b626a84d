// What browsers may cache. Entry points must always be revalidated so a redeployed remote is seen
// at once; content-hashed files never change, so they are cached for a year.
import { basename } from 'node:path';

const ALWAYS_REVALIDATE = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.(js|css|map|png|svg|jpe?g|gif|webp|ico|woff2?|txt)$/;

export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (ALWAYS_REVALIDATE.has(name)) return 'no-cache';
  if (CONTENT_HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
