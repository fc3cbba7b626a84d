// Builds the migration app for `inject`, against real Postgres, Kafka and Temporal, in a fresh
// schema, topic prefix and task queue so test runs never share data; tokens come from a test key
// set the app trusts (staff: an active staff_users row, the console).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSigningKey, isolatedServiceEnv, serveJwks, signAccessToken } from '@lectern/service-kit/testing';
import { getTestInfra } from '@lectern/local-stack/testing';
import { buildApp } from '../src/app.ts';
import { loadMigrationConfig } from '../src/config.ts';

async function temporalEnv(): Promise<Record<string, string>> {
  if (process.env.TEMPORAL_ADDRESS) return { TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE: process.env.TEMPORAL_NAMESPACE || 'default' };
  const infra = await getTestInfra();
  return { TEMPORAL_ADDRESS: infra.endpoints.temporalAddress, TEMPORAL_NAMESPACE: infra.endpoints.temporalNamespace };
}

export async function buildTestApp(extraEnv: Record<string, string> = {}) {
  const key = await createSigningKey('EdDSA');
  const jwks = await serveJwks([key]);
  const storageRoot = mkdtempSync(join(tmpdir(), 'migration-storage-'));
  const env = await isolatedServiceEnv('migration', {
    IDENTITY_JWKS_URL: jwks.url,
    ...(await temporalEnv()),
    STORAGE_FS_ROOT: storageRoot,
    MIGRATION_WORK_DIR: join(storageRoot, 'spool'),
    // Their own queues: no other test's worker picks up these runs.
    RSS_MIGRATION_TASK_QUEUE: `migration-test-${randomBytes(4).toString('hex')}`,
    SERMON_PIPELINE_TASK_QUEUE: `migration-pipeline-test-${randomBytes(4).toString('hex')}`,
    ...extraEnv,
  });
  const config = loadMigrationConfig(env);
  const app = await buildApp(config, { prettyLogs: false });
  app.addHook('onClose', () => jwks.close());
  const issuer = `${config.PUBLIC_ORIGIN}/api/identity`;
  const token = (options: { staff: boolean; orgId?: string | null; userId?: string }) => {
    const userId = options.userId ?? randomUUID();
    return signAccessToken(key, { sub: userId, org: options.orgId ?? null, role: 'ADMIN', email: `${userId}@lectern.example`, staff: options.staff }, { issuer, audience: 'lectern-api' });
  };
  return { app, env, config, token, key, jwksUrl: jwks.url, storageRoot };
}
