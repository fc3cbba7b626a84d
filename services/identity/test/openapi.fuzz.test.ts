import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { describeFuzzFailures, fuzzOpenApi, patience } from '@lectern/service-kit/testing';
import type { IdentityApp } from '../src/app.ts';
import { buildTestApp, seedOrganization, seedUser } from './helper.ts';

describe('identity OpenAPI under schema-driven fuzzing (schemathesis)', () => {
  let app: IdentityApp;
  let token: string;

  beforeAll(async () => {
    ({ app } = await buildTestApp({ COMPANY_DOMAINS: 'lectern.app' }));
    const orgId = await seedOrganization(app);
    const admin = await seedUser(app, { email: 'fuzz-admin@lectern.app', role: 'ADMIN', orgId });
    await app.kit.db.insertInto('staff_users').values({ email: admin.email, status: 'active' }).execute();
    token = (await app.identity.tokens.sign({ sub: admin.id, org: orgId, role: 'ADMIN', email: admin.email, staff: true, cd: true })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers every generated request without a 5xx and within its documented responses', async () => {
    const report = await fuzzOpenApi(app, { service: 'identity', headers: { authorization: `Bearer ${token}` } });
    assert.ok(report.operations >= 15, `operations tested: ${report.operations}`);
    assert.deepEqual(report.failures, [], describeFuzzFailures(report));
  }, patience(180_000));
});
