// Tampered, expired and wrong-key tokens are refused by this service, with its own configuration.
import { test } from 'node:test';
import { assertServiceVerifiesAccessTokens, isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadBillingConfig } from '../src/config.ts';

test('verifies identity access tokens: valid accepted; missing, tampered, expired, wrong-key, wrong-audience, wrong-issuer refused', async () => {
  await assertServiceVerifiesAccessTokens({
    service: 'billing',
    build: async (extraEnv) => buildApp(loadBillingConfig(await isolatedServiceEnv('billing', extraEnv)), { prettyLogs: false }),
  });
});
