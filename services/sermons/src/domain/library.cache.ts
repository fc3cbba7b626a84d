// The full library of an organization, serialised once per version. The version is bumped by
// triggers in every transaction that writes the organization's sermons or progress rows
// (migration 202611221100), so checking a cached body is one primary-key read and a committed
// change always moves it. Bodies are kept plain and gzipped.
import { gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SermonsDb } from '../data/database.ts';

interface Entry {
  version: string;
  json: string;
  gzip: Buffer;
}

export class LibraryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly db: Kysely<SermonsDb>;
  private readonly maxOrgs: number;

  constructor(db: Kysely<SermonsDb>, maxOrgs = 200) {
    this.db = db;
    this.maxOrgs = maxOrgs;
  }

  async get(orgId: string, build: () => Promise<unknown>): Promise<Entry> {
    const version = await this.versionOf(orgId);
    const hit = this.entries.get(orgId);
    if (hit && hit.version === version) return hit;
    const json = JSON.stringify(await build());
    // A change between the version read and the build only makes the next read rebuild.
    const entry = { version, json, gzip: gzipSync(json, { level: 6 }) };
    this.entries.delete(orgId);
    this.entries.set(orgId, entry);
    if (this.entries.size > this.maxOrgs) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  private async versionOf(orgId: string): Promise<string> {
    const { rows } = await sql<{ version: string }>`select version::text from library_versions where org_id = ${orgId}`.execute(this.db);
    return rows[0]?.version ?? '0';
  }
}
