// Tampered, expired and wrong-key tokens are refused by this service, with its own configuration.
import { test } from '@jest/globals';
import { assertServiceVerifiesAccessTokens } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadCommsConfig } from '../src/config.ts';
import { commsTestEnv } from './helper.ts';

test('verifies identity access tokens: valid accepted; missing, tampered, expired, wrong-key, wrong-audience, wrong-issuer refused', async () => {
  await assertServiceVerifiesAccessTokens({
    service: 'comms',
    build: async (extraEnv) => buildApp(loadCommsConfig(await commsTestEnv(extraEnv)), { prettyLogs: false }),
  });
});
