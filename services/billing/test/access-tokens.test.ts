// Tampered, expired and wrong-key tokens are refused by this service, with its own configuration.
import { test, beforeAll, afterAll } from '@jest/globals';
import { assertServiceVerifiesAccessTokens, isolatedServiceEnv } from '@lectern/service-kit/testing';
import { createStripeStandIn } from '@lectern/local-stack/stripe-standin';
import { buildApp } from '../src/app.ts';
import { loadBillingConfig } from '../src/config.ts';
import { stripeEnv } from './helper.ts';

const standIn = createStripeStandIn();
beforeAll(async () => {
  await standIn.start();
});
afterAll(async () => {
  await standIn.stop();
});

test('verifies identity access tokens: valid accepted; missing, tampered, expired, wrong-key, wrong-audience, wrong-issuer refused', async () => {
  await assertServiceVerifiesAccessTokens({
    service: 'billing',
    build: async (extraEnv) => buildApp(loadBillingConfig(await isolatedServiceEnv('billing', { ...(await stripeEnv(standIn)), ...extraEnv })), { prettyLogs: false }),
  });
});
