// Builds the sermons app against real Postgres, Kafka and Temporal, in a fresh schema and topic
// prefix so test runs never share data; tokens come from a test key set the app trusts.
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import type { Role } from '@lectern/service-kit';
import { createSigningKey, isolatedServiceEnv, serveJwks, signAccessToken } from '@lectern/service-kit/testing';
import { getTestInfra } from '@lectern/local-stack/testing';
import { buildApp } from '../src/app.ts';
import { loadSermonsConfig } from '../src/config.ts';

export const INTERNAL_TOKEN = randomBytes(24).toString('base64url');
export const SIGNING_SECRET = randomBytes(32).toString('base64url');

async function temporalAddress(): Promise<{ address: string; namespace: string }> {
  if (process.env.TEMPORAL_ADDRESS) return { address: process.env.TEMPORAL_ADDRESS, namespace: process.env.TEMPORAL_NAMESPACE || 'default' };
  const infra = await getTestInfra();
  return { address: infra.endpoints.temporalAddress, namespace: infra.endpoints.temporalNamespace };
}

export async function buildTestApp(extraEnv: Record<string, string> = {}, options: { uploadTimeoutMs?: number } = {}) {
  const key = await createSigningKey('EdDSA');
  const jwks = await serveJwks([key]);
  const temporal = await temporalAddress();
  const storageRoot = mkdtempSync(join(tmpdir(), 'sermons-storage-'));
  const env = await isolatedServiceEnv('sermons', {
    IDENTITY_JWKS_URL: jwks.url,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_NAMESPACE: temporal.namespace,
    STORAGE_FS_ROOT: storageRoot,
    UPLOAD_TMP_DIR: join(storageRoot, 'spool'),
    SERMONS_INTERNAL_TOKEN: INTERNAL_TOKEN,
    STORAGE_SIGNING_SECRET: SIGNING_SECRET,
    SERMON_PIPELINE_CAPACITY: '100000',
    // Its own queue: no other test's worker picks up these runs.
    SERMON_PIPELINE_TASK_QUEUE: `sermons-test-${randomBytes(4).toString('hex')}`,
    ...extraEnv,
  });
  const config = loadSermonsConfig(env);
  const app = await buildApp(config, { prettyLogs: false, ...options });
  app.addHook('onClose', () => jwks.close());
  const issuer = `${config.PUBLIC_ORIGIN}/api/identity`;
  const token = (orgId: string | null, role: Role = 'PASTOR', userId: string = randomUUID()) =>
    signAccessToken(key, { sub: userId, org: orgId, role, email: `${userId}@example.org`, staff: false }, { issuer, audience: 'lectern-api' });
  return { app, env, config, token, storageRoot };
}

export async function listen(app: Awaited<ReturnType<typeof buildTestApp>>['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function temporalClient(env: Record<string, string>): Promise<{ client: Client; close: () => Promise<void> }> {
  const connection = await Connection.connect({ address: env.TEMPORAL_ADDRESS as string });
  return { client: new Client({ connection, namespace: env.TEMPORAL_NAMESPACE as string }), close: () => connection.close() };
}

/** A real spoken recording: espeak-ng → wav → mp3 (ffmpeg). */
export function makeSpokenMp3(dir: string, words = 'For God so loved the world. John chapter three verse sixteen.'): string {
  const wav = join(dir, 'speech.wav');
  const mp3 = join(dir, 'speech.mp3');
  execFileSync('espeak-ng', ['-w', wav, words]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, mp3]);
  return mp3;
}

/** A longer recording (60 s tone with a voice-band sweep, ~1 MB mp3) for progress steps. */
export function makeTone(dir: string): string {
  const mp3 = join(dir, 'tone.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=60', '-b:a', '128k', mp3]);
  return mp3;
}
