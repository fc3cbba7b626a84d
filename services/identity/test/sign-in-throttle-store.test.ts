// The sign-in throttle's Postgres counters under concurrent sign-ins from one address: a success
// that removes the counter row while another attempt is between making sure the row exists and
// locking it (found by the identity SIGKILL fault test's burst: one sign-in answered 500).
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { sql } from 'kysely';
import { patience } from '@lectern/service-kit/testing';
import { PgThrottleStore } from '../src/stores/sign-in.throttle-store.pg.ts';
import { buildTestApp } from './helper.ts';

describe('PgThrottleStore', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    built = await buildTestApp();
  });
  afterAll(() => built?.app.close());

  it('counts an attempt whose counter row a concurrent success deletes before it is locked', async () => {
    const db = built.app.kit.db;
    const store = new PgThrottleStore(db);
    const key = `ip:203.0.113.${Math.floor(Math.random() * 250)}`;
    await store.increment(key, Date.now(), 60_000);

    // Another sign-in holds the row (as decrement's delete does) while this attempt arrives: the
    // attempt's insert finds the row and does nothing, then waits for the lock; the holder deletes it.
    const { attempt } = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('sign_in_attempts').select('key').where('key', '=', key).forUpdate().execute();
      const attempt = store.increment(key, Date.now(), 60_000).then((counts) => counts, (error: unknown) => error);
      const deadline = Date.now() + patience(10_000);
      const waiting = async () => Number((await sql<{ n: string }>`select count(*) as n from pg_locks where not granted and locktype in ('transactionid', 'tuple')`.execute(db)).rows[0]!.n) > 0;
      while (!(await waiting()) && Date.now() < deadline) await sleep(20);
      assert.ok(await waiting(), 'the attempt waits for the row lock');
      await trx.deleteFrom('sign_in_attempts').where('key', '=', key).execute();
      return { attempt }; // settles once this transaction has committed the delete
    });
    const outcome = await attempt;
    assert.ok(!(outcome instanceof Error), `the attempt failed: ${String(outcome)}`);

    const after = await db.selectFrom('sign_in_attempts').select('count').where('key', '=', key).executeTakeFirst();
    assert.equal(after?.count, 1, 'the attempt counted from a fresh row');
  });
});
