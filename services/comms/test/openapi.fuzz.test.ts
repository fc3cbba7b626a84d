import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { describeFuzzFailures, fuzzOpenApi, patience } from '@lectern/service-kit/testing';
import { buildApiTestApp } from './helper.ts';

describe('comms OpenAPI under schema-driven fuzzing (schemathesis)', () => {
  let built: Awaited<ReturnType<typeof buildApiTestApp>>;

  beforeAll(async () => {
    built = await buildApiTestApp();
  });
  afterAll(async () => {
    await built?.app.close();
  });

  it('answers every generated request without a 5xx and within its documented responses', async () => {
    const token = await built.token({ orgId: randomUUID(), role: 'ADMIN', companyDomain: true });
    const report = await fuzzOpenApi(built.app, { service: 'comms', headers: { authorization: `Bearer ${token}` } });
    assert.ok(report.operations >= 5, `operations tested: ${report.operations}`);
    assert.deepEqual(report.failures, [], describeFuzzFailures(report));
  }, patience(180_000));
});
