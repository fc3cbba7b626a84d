// The checks every service's test suite starts with: it migrates its schema, answers its health,
// readiness, OpenAPI and not-found routes through the kit, declares a response schema on every
// route, and refuses a bad configuration.
import assert from 'node:assert/strict';
import type * as JestGlobals from '@jest/globals';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { runServerExpectingFailure } from './index.ts';
import { registeredRoutes, routesWithoutResponseSchema } from '../http/response-schemas.ts';

interface BuiltService {
  app: FastifyInstance & { kit: { db: QueryExecutorProvider; consumers: { topics: string[] }[]; whenStarted(): Promise<void> } };
  env: Record<string, string>;
}

export interface ServiceBasicsOptions {
  service: string;
  /** The service's own tables (the kit adds outbox and processed_events). */
  expectedTables: string[];
  /** The service's `src/server.ts`. */
  serverTs: URL;
  build(): Promise<BuiltService>;
}

/**
 * Jest's injected globals, read when called: importing '@jest/globals' here would make every
 * importer of '@lectern/service-kit/testing' (benchmarks run by plain node too) fail to load.
 */
function jestGlobals(): Pick<typeof JestGlobals, 'describe' | 'it' | 'beforeAll' | 'afterAll'> {
  const globals = globalThis as unknown as Partial<typeof JestGlobals>;
  if (!globals.describe || !globals.it || !globals.beforeAll || !globals.afterAll) throw new Error('describeServiceBasics runs inside Jest');
  return globals as typeof JestGlobals;
}

export function describeServiceBasics({ service, expectedTables, serverTs, build }: ServiceBasicsOptions): void {
  const { describe, it, beforeAll, afterAll } = jestGlobals();
  describe(`${service} service`, () => {
    let built: BuiltService;
    const api = `/api/${service}`;

    beforeAll(async () => {
      built = await build();
      await built.app.ready();
    });
    afterAll(() => built?.app.close());

    it('migrates its schema at start', async () => {
      const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = ${built.env.DATABASE_SCHEMA}`.execute(built.app.kit.db);
      const tables = rows.map((r) => r.table_name);
      for (const table of [...expectedTables, 'outbox', 'processed_events']) assert.ok(tables.includes(table), `missing table ${table}`);
    });

    it('answers healthz and readyz (Postgres and Kafka checked)', async () => {
      const health = await built.app.inject({ url: `${api}/healthz` });
      assert.equal(health.statusCode, 200);
      const ready = await built.app.inject({ url: `${api}/readyz` });
      assert.equal(ready.statusCode, 200, ready.body);
      assert.deepEqual(ready.json().checks, { postgres: 'ok', kafka: 'ok' });
    });

    it('reports each of its event consumers in readyz, in its group and reading once started', async () => {
      await built.app.kit.whenStarted();
      const { consumers } = (await built.app.inject({ url: `${api}/readyz` })).json() as { consumers: { topics: string[]; state: string; idleSeconds: number | null }[] };
      assert.deepEqual(consumers.map((c) => c.topics), built.app.kit.consumers.map((c) => c.topics));
      for (const c of consumers) {
        assert.equal(c.state, 'consuming', JSON.stringify(c));
        assert.ok(c.idleSeconds !== null && c.idleSeconds < 60, JSON.stringify(c));
      }
    });

    it('serves its OpenAPI document and docs UI', async () => {
      const spec = await built.app.inject({ url: `${api}/openapi.json` });
      assert.equal(spec.statusCode, 200);
      assert.ok(spec.json().paths[`${api}/healthz`]);
      assert.equal((await built.app.inject({ url: `${api}/docs/` })).statusCode, 200);
    });

    it('declares a response schema on every route it registers', () => {
      assert.ok(registeredRoutes(built.app).length > 5, 'the routes were recorded as they were registered');
      assert.deepEqual(routesWithoutResponseSchema(built.app), [], 'routes without a success response schema');
    });

    it('answers an unknown route with 404 problem+json', async () => {
      const res = await built.app.inject({ url: `${api}/no-such-thing` });
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    });

    it('refuses to start with a bad variable, naming it', async () => {
      const result = await runServerExpectingFailure(serverTs, { ...built.env, KAFKA_BROKERS: '' });
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, /Invalid configuration: KAFKA_BROKERS is required/);
    });
  });
}
