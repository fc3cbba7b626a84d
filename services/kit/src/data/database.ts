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
  // Nor a checked-out one between two statements (inside a transaction, or just acquired): the pool
  // listens only to idle clients, and an 'error' event nobody listens to ends the process. The
  // statement in flight still fails, and the pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
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

// SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin or crash shutdown, cannot connect
// now): a Postgres restart in progress. Socket errors count only as thrown by the driver itself
// (top level, or every address of the host refused), not as the cause of another client's failure.
const RESTARTING_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
const codeOf = (error: unknown): unknown => (error && typeof error === 'object' ? (error as ErrorLike).code : undefined);

/**
 * True when `error` says the database could not be reached or went away mid-query, as during a
 * Postgres restart: the request may succeed if tried again, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { errors } = error as ErrorLike;
  if (SOCKET_CODES.has(String(codeOf(error)))) return true;
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => SOCKET_CODES.has(String(codeOf(e))))) return true;
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as ErrorLike).cause, depth += 1) {
    const { code, message } = current as ErrorLike;
    if (typeof code === 'string' && RESTARTING_SQLSTATE.test(code)) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  }
  return false;
}

export async function ensureSchema<DB>(db: Kysely<DB>, schema: string): Promise<void> {
  assertSchemaName(schema);
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    // `if not exists` does not hold when another instance creates the schema at the same moment
    // (two replicas starting on a new database): Postgres then reports a duplicate key.
    const found = await sql<{ found: number }>`select 1 as found from pg_namespace where nspname = ${schema}`.execute(db);
    if (found.rows.length === 0) throw error;
  }
}

export async function pingDatabase<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
