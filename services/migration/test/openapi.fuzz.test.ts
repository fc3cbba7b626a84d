import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { describeFuzzFailures, fuzzOpenApi, patience } from '@lectern/service-kit/testing';
import { buildTestApp } from './helper.ts';

describe('migration OpenAPI under schema-driven fuzzing (schemathesis)', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    built = await buildTestApp();
  });
  afterAll(async () => {
    await built?.app.close();
  });

  it('answers every generated request without a 5xx and within its documented responses', async () => {
    const token = await built.token({ staff: true, orgId: randomUUID() });
    const report = await fuzzOpenApi(built.app, { service: 'migration', headers: { authorization: `Bearer ${token}` } });
    assert.ok(report.operations >= 3, `operations tested: ${report.operations}`);
    assert.deepEqual(report.failures, [], describeFuzzFailures(report));
  }, patience(180_000));
});
