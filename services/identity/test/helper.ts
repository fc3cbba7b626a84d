// Builds the identity app for `inject`, against real Postgres and Kafka, in a fresh schema and
// topic prefix so test runs never share data.
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';

export async function buildTestApp(extraEnv: Record<string, string> = {}) {
  const env = await isolatedServiceEnv('identity', extraEnv);
  const app = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
  return { app, env };
}
