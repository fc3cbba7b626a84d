import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import type { Driver } from 'kysely';
import { insertsIntoOutbox } from './commit-signal.driver.ts';

// Compiles only: this driver is never asked for a connection.
const db = new Kysely<{ outbox: { id: string }; outbox_archive: { id: string }; probes: { seq: number } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => ({}) as Driver,
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('insertsIntoOutbox', () => {
  it('recognises the insert appendEvent runs, and nothing else', () => {
    assert.equal(insertsIntoOutbox(db.insertInto('outbox').values({ id: 'a' }).compile()), true);
    assert.equal(insertsIntoOutbox(db.withSchema('identity').insertInto('outbox').values({ id: 'a' }).compile()), true);
    assert.equal(insertsIntoOutbox(db.insertInto('outbox_archive').values({ id: 'a' }).compile()), false);
    assert.equal(insertsIntoOutbox(db.insertInto('probes').values({ seq: 1 }).compile()), false);
    assert.equal(insertsIntoOutbox(db.selectFrom('outbox').selectAll().compile()), false);
    assert.equal(insertsIntoOutbox(db.updateTable('outbox').set({ id: 'b' }).compile()), false);
    assert.equal(insertsIntoOutbox(sql`insert into outbox (id) values ('a')`.compile(db)), false);
  });
});
