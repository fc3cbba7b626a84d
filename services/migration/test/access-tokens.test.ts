// Tampered, expired and wrong-key tokens are refused by this service, with its own configuration.
import { test } from '@jest/globals';
import { assertServiceVerifiesAccessTokens, isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadMigrationConfig } from '../src/config.ts';

test('verifies identity access tokens: valid accepted; missing, tampered, expired, wrong-key, wrong-audience, wrong-issuer refused', async () => {
  await assertServiceVerifiesAccessTokens({
    service: 'migration',
    build: async (extraEnv) => buildApp(loadMigrationConfig(await isolatedServiceEnv('migration', extraEnv)), { prettyLogs: false }),
  });
});
