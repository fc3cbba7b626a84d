// Builds the sermons app for `inject`, against real Postgres and Kafka, in a fresh schema and
// topic prefix so test runs never share data.
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadSermonsConfig } from '../src/config.ts';

export async function buildTestApp(extraEnv: Record<string, string> = {}) {
  const env = await isolatedServiceEnv('sermons', extraEnv);
  const app = await buildApp(loadSermonsConfig(env), { prettyLogs: false });
  return { app, env };
}
