// Tampered, expired and wrong-key tokens are refused by this service, with its own configuration.
import { test } from '@jest/globals';
import { assertServiceVerifiesAccessTokens, isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadSermonsConfig } from '../src/config.ts';
import { SIGNING_SECRET } from './helper.ts';

test('verifies identity access tokens: valid accepted; missing, tampered, expired, wrong-key, wrong-audience, wrong-issuer refused', async () => {
  await assertServiceVerifiesAccessTokens({
    service: 'sermons',
    build: async (extraEnv) => buildApp(loadSermonsConfig(await isolatedServiceEnv('sermons', { STORAGE_SIGNING_SECRET: SIGNING_SECRET, ...extraEnv })), { prettyLogs: false }),
  });
});
