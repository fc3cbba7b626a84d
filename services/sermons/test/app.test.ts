import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runServerExpectingFailure } from '@lectern/service-kit/testing';
import { buildTestApp } from './helper.ts';

describe('sermons service', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;

  before(async () => {
    built = await buildTestApp();
    await built.app.ready();
  });
  after(() => built?.app.close());

  it('migrates its schema at start', async () => {
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = ${built.env.DATABASE_SCHEMA}`.execute(built.app.kit.db);
    const tables = rows.map((r) => r.table_name);
    for (const table of [...EXPECTED_TABLES, 'outbox', 'processed_events']) assert.ok(tables.includes(table), `missing table ${table}`);
  });

  it('answers healthz and readyz (Postgres and Kafka checked)', async () => {
    const health = await built.app.inject({ url: '/api/sermons/healthz' });
    assert.equal(health.statusCode, 200);
    const ready = await built.app.inject({ url: '/api/sermons/readyz' });
    assert.equal(ready.statusCode, 200, ready.body);
    assert.deepEqual(ready.json().checks, { postgres: 'ok', kafka: 'ok' });
  });

  it('serves its OpenAPI document and docs UI', async () => {
    const spec = await built.app.inject({ url: '/api/sermons/openapi.json' });
    assert.equal(spec.statusCode, 200);
    assert.ok(spec.json().paths['/api/sermons/healthz']);
    assert.equal((await built.app.inject({ url: '/api/sermons/docs/' })).statusCode, 200);
  });

  it('answers an unknown route with 404 problem+json', async () => {
    const res = await built.app.inject({ url: '/api/sermons/no-such-thing' });
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
  });

  it('refuses to start with a bad variable, naming it', async () => {
    const result = await runServerExpectingFailure(new URL('../src/server.ts', import.meta.url), { ...built.env, KAFKA_BROKERS: '' });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /Invalid configuration: KAFKA_BROKERS is required/);
  });
});

const EXPECTED_TABLES = ['sermons', 'sermon_progress', 'transcripts', 'outlines', 'devotionals', 'org_plans', 'quota_usage', 'library_versions'];
