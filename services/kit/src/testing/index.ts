// Test helpers for services built on the kit: real Postgres and Kafka from the environment
// (DATABASE_URL + KAFKA_BROKERS, as `npm test` exports them) or from the local-stack harness, and
// a fresh schema and topic prefix per test run so runs never see each other's data.
import { randomBytes } from 'node:crypto';
import { getTestInfra, patience } from '@lectern/local-stack/testing';
import { generateSecretKeys } from '../crypto/secret-box.ts';

export interface EventInfraEnv {
  DATABASE_URL: string;
  KAFKA_BROKERS: string;
}

export async function eventInfraEnv(): Promise<EventInfraEnv> {
  const { DATABASE_URL, KAFKA_BROKERS } = process.env;
  if (DATABASE_URL && KAFKA_BROKERS) return { DATABASE_URL, KAFKA_BROKERS };
  const infra = await getTestInfra();
  return { DATABASE_URL: infra.endpoints.databaseUrl, KAFKA_BROKERS: infra.endpoints.kafkaBrokers.join(',') };
}

/** `<base>_t<random>`: a Postgres schema name nobody else uses. */
export function freshSchemaName(base: string): string {
  return `${base.replace(/[^a-z0-9_]/g, '_')}_t${randomBytes(4).toString('hex')}`;
}

/** The environment a service reads, isolated to a fresh schema and topic prefix. */
export async function isolatedServiceEnv(service: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const infra = await eventInfraEnv();
  const schema = freshSchemaName(service);
  return {
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...infra,
    DATABASE_SCHEMA: schema,
    KAFKA_TOPIC_PREFIX: `${schema}.`,
    OUTBOX_POLL_MS: '200',
    // Services that keep secrets at rest read it; the others ignore it.
    SECRET_KEYS: generateSecretKeys('test'),
    ...extra,
  };
}

/** Run a service's server.ts expecting it to refuse to start; resolves with its exit code and stderr.
 *  The time-out covers loading the modules on a loaded CI machine (20 s was not enough at load 40). */
export async function runServerExpectingFailure(serverTs: URL, env: Record<string, string>, timeoutMs = patience(120_000)): Promise<{ code: number | null; stderr: string }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [serverTs.pathname], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr };
}

// The slow-machine factor for waits (LECTERN_TEST_TIME_FACTOR).
export { patience } from '@lectern/local-stack/testing';

// Key pairs, a JWKS server and a token signer, so every service can test refusal of forged tokens.
export { createSigningKey, serveJwks, signAccessToken } from '../auth/testing.ts';
export type { JwksServer, SignOptions, SigningKey } from '../auth/testing.ts';
export { assertServiceVerifiesAccessTokens } from './token-checks.ts';
export type { TokenCheckOptions } from './token-checks.ts';
export { describeServiceBasics } from './service-basics.ts';
export { freePort, startServerProcess } from './server-process.ts';
export type { ServiceBasicsOptions } from './service-basics.ts';
export { describeFuzzFailures, fuzzOpenApi, FUZZ_CHECKS } from './openapi-fuzz.ts';
export type { FuzzFailure, FuzzOptions, FuzzReport } from './openapi-fuzz.ts';
export { tcpProxy } from './tcp-proxy.ts';
export type { LinkHooks, ProxyLink, TcpProxy } from './tcp-proxy.ts';
