// Builds the migration app for `inject`, against real Postgres and Kafka, in a fresh schema and
// topic prefix so test runs never share data.
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadMigrationConfig } from '../src/config.ts';

export async function buildTestApp(extraEnv: Record<string, string> = {}) {
  const env = await isolatedServiceEnv('migration', extraEnv);
  const app = await buildApp(loadMigrationConfig(env), { prettyLogs: false });
  return { app, env };
}
