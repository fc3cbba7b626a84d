// Replicas of a service started at once on a schema that does not exist yet (the first rollout of a
// Deployment with two replicas): every one of them creates the schema, migrates and starts; each
// migration runs once.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sql } from 'kysely';
import { createDatabase, ensureSchema } from '../src/data/database.ts';
import type { Database } from '../src/data/database.ts';
import { migrateToLatest } from '../src/data/migrate.ts';
import { eventInfraEnv, freshSchemaName } from '../src/testing/index.ts';

describe('several instances starting at once on a new schema', () => {
  let databaseUrl = '';
  const created: string[] = [];
  const opened: Database<unknown>[] = [];

  /** `count` instances of one service on a new schema, already connected, so that their first statements reach Postgres together. */
  async function instancesOnNewSchema(count: number): Promise<{ schema: string; instances: Database<unknown>[] }> {
    const schema = freshSchemaName('kit_concurrent');
    created.push(schema);
    const instances = Array.from({ length: count }, () => createDatabase({ connectionString: databaseUrl, schema, poolMax: 1 }));
    opened.push(...instances);
    await Promise.all(instances.map((instance) => sql`select 1`.execute(instance.db)));
    return { schema, instances };
  }

  const failures = (results: PromiseSettledResult<unknown>[]) => results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));

  beforeAll(async () => {
    databaseUrl = (await eventInfraEnv()).DATABASE_URL;
  });

  afterAll(async () => {
    const [first] = opened;
    for (const schema of created) if (first) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(first.db).catch(() => undefined);
    await Promise.all(opened.map((instance) => instance.close()));
  });

  it('8 instances creating the schema at the same moment all succeed (10 rounds)', async () => {
    for (let round = 1; round <= 10; round++) {
      const { schema, instances } = await instancesOnNewSchema(8);
      const results = await Promise.allSettled(instances.map((instance) => ensureSchema(instance.db, schema)));
      assert.deepEqual(failures(results), [], `round ${round}: every instance has its schema`);
    }
  });

  it('4 instances migrating a new schema together all succeed, and each migration is applied once', async () => {
    const { schema, instances } = await instancesOnNewSchema(4);
    const results = await Promise.allSettled(instances.map((instance) => migrateToLatest(instance.db, { schema, folder: new URL('./fixtures/migrations/', import.meta.url) })));
    assert.deepEqual(failures(results), [], 'every instance migrated');
    const applied = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])).sort();
    assert.deepEqual(applied, [...new Set(applied)], 'no migration applied twice');
    assert.ok(applied.includes('202601150900_probes'), `the service's migration was applied, got ${applied.join(', ')}`);
  });
});
