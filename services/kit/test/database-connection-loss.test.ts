// A Postgres restart cuts every connection, also one a request holds between two statements (inside
// a transaction): the statement fails, the process survives, the next request gets a fresh
// connection. Without a listener on checked-out clients pg emits an unhandled 'error' and the
// process dies.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '../src/data/database.ts';
import { isDatabaseUnavailable } from '../src/data/database.ts';
import { isolatedServiceEnv } from '../src/testing/index.ts';

describe('database connection lost mid-transaction', () => {
  let database: Database<Record<string, never>>;
  let admin: pg.Client;

  beforeAll(async () => {
    const env = await isolatedServiceEnv('kit');
    database = createDatabase({ connectionString: env.DATABASE_URL!, schema: env.DATABASE_SCHEMA!, poolMax: 2 });
    admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  it('a connection terminated between two statements fails the transaction as unavailable, not the process', async () => {
    const unhandled: unknown[] = [];
    const onUncaught = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const failure = await database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await sleep(300); // the server's FATAL message arrives while no statement runs
        await sql`select 1`.execute(trx);
      }).then(() => undefined, (error: unknown) => error);
      assert.ok(failure, 'the transaction failed');
      assert.ok(isDatabaseUnavailable(failure), `answered as unavailable (503): ${String(failure)}`);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    assert.deepEqual(unhandled, []);
    const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(database.db);
    assert.equal(rows[0]?.ok, 1, 'the pool hands out a working connection afterwards');
  });
});
