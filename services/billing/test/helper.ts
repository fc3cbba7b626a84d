// Builds the billing app for `inject`, against real Postgres and Kafka, in a fresh schema and
// topic prefix so test runs never share data.
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadBillingConfig } from '../src/config.ts';

export async function buildTestApp(extraEnv: Record<string, string> = {}) {
  const env = await isolatedServiceEnv('billing', extraEnv);
  const app = await buildApp(loadBillingConfig(env), { prettyLogs: false });
  return { app, env };
}
