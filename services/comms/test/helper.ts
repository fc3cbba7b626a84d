// Builds the comms app for `inject`, against real Postgres and Kafka, in a fresh schema and
// topic prefix so test runs never share data.
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { loadCommsConfig } from '../src/config.ts';

export async function buildTestApp(extraEnv: Record<string, string> = {}) {
  const env = await isolatedServiceEnv('comms', extraEnv);
  const app = await buildApp(loadCommsConfig(env), { prettyLogs: false });
  return { app, env };
}
