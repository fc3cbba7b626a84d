// Migrations run at start-up inside the service's schema: first the kit's (outbox,
// processed_events), then the service's timestamped files `<yyyyMMddHHmm>_<name>.ts`.
import { readdir } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider, MigrationResultSet } from 'kysely/migration';
import { ensureSchema } from './database.ts';
import { kitMigrations } from './kit.migrations.ts';

const MIGRATION_FILE = /^(\d{12})_([a-z0-9_]+)\.ts$/;

/** Loads `<yyyyMMddHHmm>_<name>.ts` files exporting `up` (and `down`) from a folder. */
export class FolderMigrationProvider implements MigrationProvider {
  readonly #folder: URL;
  constructor(folder: URL) {
    this.#folder = folder.href.endsWith('/') ? folder : new URL(`${folder.href}/`);
  }

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.#folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const match = MIGRATION_FILE.exec(file);
      if (!match) throw new Error(`Migration file "${file}" must be named <yyyyMMddHHmm>_<name>.ts`);
      const module = (await import(new URL(file, this.#folder).href)) as Partial<Migration>;
      if (typeof module.up !== 'function') throw new Error(`Migration "${file}" exports no up()`);
      migrations[file.slice(0, -3)] = module as Migration;
    }
    return migrations;
  }
}

function check(result: MigrationResultSet, what: string): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`${what} migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export interface MigrateOptions {
  schema: string;
  /** the service's migrations folder; omit for the kit's tables only */
  folder?: URL;
}

/** Bring the schema up to date; returns the names of the migrations applied now. */
export async function migrateToLatest<DB>(db: Kysely<DB>, options: MigrateOptions): Promise<string[]> {
  await ensureSchema(db as Kysely<unknown>, options.schema);
  const common = { db, migrationTableSchema: options.schema };
  const kit = new Migrator({
    ...common,
    provider: { getMigrations: async () => kitMigrations },
    migrationTableName: 'kit_migration',
    migrationLockTableName: 'kit_migration_lock',
  });
  const applied = check(await kit.migrateToLatest(), 'Kit');
  if (options.folder) {
    const service = new Migrator({ ...common, provider: new FolderMigrationProvider(options.folder) });
    applied.push(...check(await service.migrateToLatest(), 'Service'));
  }
  return applied;
}
