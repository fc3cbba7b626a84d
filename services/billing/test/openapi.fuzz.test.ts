import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { createSigningKey, describeFuzzFailures, fuzzOpenApi, patience, serveJwks, signAccessToken, type JwksServer, type SigningKey } from '@lectern/service-kit/testing';
import { buildTestApp } from './helper.ts';

describe('billing OpenAPI under schema-driven fuzzing (schemathesis)', () => {
  const origin = 'http://localhost:8080';
  let key: SigningKey;
  let jwks: JwksServer;
  let built: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    key = await createSigningKey('EdDSA');
    jwks = await serveJwks([key]);
    built = await buildTestApp({ IDENTITY_JWKS_URL: jwks.url, PUBLIC_ORIGIN: origin });
  });
  afterAll(async () => {
    await built?.app.close();
    await jwks?.close();
  });

  it('answers every generated request without a 5xx and within its documented responses', async () => {
    const token = await signAccessToken(key, { sub: randomUUID(), org: randomUUID(), role: 'ADMIN', email: 'fuzz@lectern.app', staff: true, cd: true }, { issuer: `${origin}/api/identity`, audience: 'lectern-api' });
    const report = await fuzzOpenApi(built.app, { service: 'billing', headers: { authorization: `Bearer ${token}` } });
    assert.ok(report.operations >= 3, `operations tested: ${report.operations}`);
    assert.deepEqual(report.failures, [], describeFuzzFailures(report));
  }, patience(180_000));
});
