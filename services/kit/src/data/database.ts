// One pg pool and Kysely instance per service, working inside the service's own schema.
import { Kysely, sql } from 'kysely';
import type { Transaction } from 'kysely';
import pg from 'pg';
import { CommitSignalPostgresDialect } from './commit-signal.driver.ts';
import type { KitTables } from './kit.tables.ts';

/** Repository functions take this first, so a use case can pass a transaction. */
export type Executor<DB> = Kysely<DB> | Transaction<DB>;

export interface DatabaseOptions {
  connectionString: string;
  schema: string;
  poolMax?: number;
  applicationName?: string;
}

export interface Database<DB> {
  db: Kysely<DB & KitTables>;
  pool: pg.Pool;
  schema: string;
  connectionString: string;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid Postgres schema name "${schema}"`);
}

// Timestamps come back as Date, bigint (seq, counts) as string: keep pg's defaults explicit.
export function createDatabase<DB>(options: DatabaseOptions): Database<DB> {
  assertSchemaName(options.schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolMax ?? 10,
    // Every connection resolves unqualified names in the service's schema first.
    options: `-c search_path=${options.schema}`,
    application_name: options.applicationName ?? options.schema,
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its server (Postgres restart) must not crash the process.
  pool.on('error', () => {});
  // The dialect wakes the outbox relay after each commit that appended events.
  const db = new Kysely<DB & KitTables>({ dialect: new CommitSignalPostgresDialect({ pool }, options.schema) });
  return {
    db,
    pool,
    schema: options.schema,
    connectionString: options.connectionString,
    close: () => db.destroy(),
  };
}

export async function ensureSchema<DB>(db: Kysely<DB>, schema: string): Promise<void> {
  assertSchemaName(schema);
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
}

export async function pingDatabase<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
