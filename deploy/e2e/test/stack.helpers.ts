// The journeys' back end: real infrastructure (Postgres, Kafka, the mail catcher), the identity
// and comms services as child processes on free ports, and the edge in this process, all on one
// origin. Under `npm test` the shared test infrastructure is used; alone, a private one is started.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { getTestInfra, mailOf, startPrivateInfra } from '@lectern/local-stack/testing';
import type { Infra, MailCatcher } from '@lectern/local-stack/testing';
import { repoRoot, resultsDir, startEdge } from './frontend.helpers.ts';

export const SERVICES = ['identity', 'comms'] as const;
type ServiceName = (typeof SERVICES)[number];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitReady(url: string, child: ChildProcess, name: string, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready; see ${logFile}:\n${tail(logFile)}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs} ms; see ${logFile}:\n${tail(logFile)}`);
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-25).join('\n');
  } catch {
    return '(no log)';
  }
}

export interface Stack {
  origin: string;
  infra: Infra;
  mail: MailCatcher;
  /** Postgres pool on the identity service's schema (test fixtures only: roles, staff users). */
  identityDb: pg.Pool;
  stop(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  const infra = process.env.LECTERN_TEST_INFRA === '1' ? await getTestInfra() : await startPrivateInfra(['postgres', 'kafka', 'mail']);
  const mail = mailOf(infra);
  const run = `e2e_${randomBytes(4).toString('hex')}`;
  const [edgePort, identityPort, commsPort] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${edgePort}`;
  const ports: Record<ServiceName, number> = { identity: identityPort, comms: commsPort };
  const infraEnv = infra.env();
  const logDir = join(resultsDir, 'logs');
  mkdirSync(logDir, { recursive: true });

  const children: ChildProcess[] = [];
  for (const name of SERVICES) {
    const logFile = join(logDir, `${name}.log`);
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', join(repoRoot, `services/${name}/src/server.ts`)], {
      cwd: join(repoRoot, `services/${name}`),
      env: {
        PATH: process.env.PATH ?? '',
        ...infraEnv,
        HOST: '127.0.0.1',
        PORT: String(ports[name]),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        PUBLIC_ORIGIN: origin,
        IDENTITY_JWKS_URL: `http://127.0.0.1:${identityPort}/api/identity/.well-known/jwks.json`,
        // Fresh schemas and one topic prefix per run: identity's events reach this run's comms only.
        DATABASE_SCHEMA: `${run}_${name}`,
        KAFKA_TOPIC_PREFIX: `${run}.`,
        OUTBOX_POLL_MS: '200',
        MAIL_POLL_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.push(child);
    await waitReady(`http://127.0.0.1:${ports[name]}/api/${name}/readyz`, child, name, logFile);
  }
  const edge = await startEdge({ IDENTITY_URL: `http://127.0.0.1:${identityPort}`, COMMS_URL: `http://127.0.0.1:${commsPort}` }, edgePort);
  const identityDb = new pg.Pool({ connectionString: infraEnv.DATABASE_URL, max: 2, options: `-c search_path=${run}_identity` });

  return {
    origin,
    infra,
    mail,
    identityDb,
    async stop() {
      await edge.close();
      await identityDb.end();
      for (const child of children) {
        child.kill('SIGTERM');
        if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      }
      await infra.stop();
    },
  };
}

/** Solves an ALTCHA v1 challenge as the widget would (server-side set-up calls only). */
export async function solvedCaptcha(origin: string): Promise<string> {
  const challenge = (await (await fetch(`${origin}/api/identity/captcha/challenge`)).json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (createHash('sha256').update(challenge.salt + n).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: n, salt, signature, took: 1 })).toString('base64');
    }
  }
  throw new Error('captcha challenge has no solution');
}

async function call<T>(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${origin}/api/identity${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api/identity${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const identityCall = call;
