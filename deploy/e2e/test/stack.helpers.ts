// The journeys' back end: real infrastructure (Postgres, Kafka, the mail catcher, and Temporal when
// asked), the identity and comms services (and on request the sermons service with the pipeline
// worker) as child processes on free ports, and the edge in this process, all on one origin.
// Under `npm test` the shared test infrastructure is used; alone, a private one is started.
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { asrEnv, ensureAsr, freePort, getTestInfra, mailOf, ManagedProcess, patience, startPrivateInfra } from '@lectern/local-stack/testing';
import type { ComponentName, Infra, MailCatcher } from '@lectern/local-stack/testing';
import { createStripeStandIn, type StripeStandIn } from '@lectern/local-stack/stripe-standin';
import { startFeedServer, type FeedServer } from '@lectern/local-stack/feeds';
import { repoRoot, resultsDir, startEdge } from './frontend.helpers.ts';
import { DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID, DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET, startChurchSystems } from '@lectern/local-stack/church-systems';
import type { ChurchSystemsServer } from '@lectern/local-stack/church-systems';

export const SERVICES = ['identity', 'comms', 'sermons', 'billing', 'migration'] as const;
type ServiceName = (typeof SERVICES)[number];

/**
 * A free port held open until `release()`: a port only looked up stays free for others
 * to take, and the edge listens on its port only after every service has started (tens of seconds,
 * while other packages' tests open ports beside it: a CI run failed with EADDRINUSE there).
 */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let released: Promise<void> | undefined;
  const release = () => (released ??= new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, release };
}

/** A service's port: looked up now, listened on once the service has migrated (below the ephemeral range, ADR 0002). */
export { freePort };

async function waitReady(url: string, child: ChildProcess, name: string, logFile: string, signal: AbortSignal, timeoutMs = patience(180_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal.throwIfAborted();
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
  /** Each running instance's own origin per service (two of identity and sermons with `instances: 2`). */
  instances: Partial<Record<ServiceName, string[]>>;
  /** Each running instance's log file, in the order of `instances` (instances.helpers.ts reads them). */
  instanceLogs: Partial<Record<ServiceName, string[]>>;
  infra: Infra;
  mail: MailCatcher;
  /** Postgres pool on the identity service's schema (test fixtures only: roles, staff users). */
  identityDb: pg.Pool;
  /** Postgres pool on the sermons service's schema when it runs (bench and journey fixtures only). */
  sermonsDb: pg.Pool | null;
  /** Where the service and worker logs of this run are written. */
  logDir: string;
  /** The Stripe stand-in, when the stack runs billing. */
  stripe?: StripeStandIn;
  /** The Planning Center / Rock RMS stand-ins identity syncs members from. */
  churchSystems: ChurchSystemsServer;
  /** The local feed server (with `migration`). */
  feeds: FeedServer | null;
  stop(): Promise<void>;
}

export interface StackOptions {
  /**
   * Also run the sermons service and the pipeline worker (with Temporal and the offline speech
   * recogniser). Off by default: the other journeys do not pay for them.
   */
  sermons?: boolean;
  /** Also run the billing service against a Stripe stand-in that delivers signed webhooks. */
  billing?: boolean;
  /**
   * Also run the migration service (with its rss-migration worker) and a local feed server it may
   * fetch from; implies `sermons`.
   */
  migration?: boolean;
  /**
   * Identity creates `npm start`'s demo church at start (IDENTITY_BOOTSTRAP_ADMIN_* and
   * IDENTITY_DEMO_ACCOUNTS): its ADMIN with this e-mail and password, the demo accounts, flags and
   * the signup lead its demo plan is bought with.
   */
  demoChurch?: { adminEmail: string; password: string };
  /**
   * 2: run identity and sermons twice each (one schema, one topic prefix, own process state) with
   * the edge round-robining between them, as Kubernetes runs 2 replicas.
   */
  instances?: 1 | 2;
  /**
   * Gives up the start-up (a journey's set-up that timed out): every process and server started
   * so far is stopped and startStack rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/**
 * A service or worker in a process group of its own (the supervisor's: SIGKILLed at exit if still
 * running, so a Jest run that gives up on a journey leaves nothing behind).
 */
function startChild(name: string, script: string, cwd: string, env: Record<string, string>, logDir: string): ManagedProcess {
  const logFile = join(logDir, `${name}.log`);
  writeFileSync(logFile, '');
  return new ManagedProcess({ name, command: process.execPath, args: ['--disable-warning=ExperimentalWarning', script], cwd, env, logFile });
}

/** SIGTERM to the process (it stops what it runs itself), SIGKILL to its group after 30 s. */
async function stopChild(child: ManagedProcess): Promise<void> {
  await child.stop(30_000, 'SIGTERM', true);
}

/** The worker has no HTTP port: it is ready once it says it serves its task queue. */
async function waitForLine(child: ChildProcess, pattern: RegExp, name: string, logFile: string, signal: AbortSignal, timeoutMs = patience(180_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal.throwIfAborted();
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready; see ${logFile}:\n${tail(logFile)}`);
    if (pattern.test(tail(logFile))) return;
    await sleep(250);
  }
  throw new Error(`${name} did not report ${pattern} within ${timeoutMs} ms; see ${logFile}:\n${tail(logFile)}`);
}

/**
 * The workflow bundle `turbo run build` leaves in workflows/dist, as production workers load it
 * (WORKFLOW_BUNDLE_PATH), when it is newer than the workflow sources; otherwise the worker bundles
 * the sources itself at start (tens of seconds on this machine).
 */
function prebuiltWorkflowBundle(): Record<string, string> {
  const bundle = join(repoRoot, 'workflows/dist/workflow-bundle.js');
  if (!existsSync(bundle)) return {};
  const sources = ['workflows/src/workflows', 'services/workflow-contract/src'].flatMap((dir) =>
    readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs),
  );
  return statSync(bundle).mtimeMs > Math.max(...sources) ? { WORKFLOW_BUNDLE_PATH: bundle } : {};
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const started: Array<() => Promise<unknown>> = [];
  const stopStarted = async (): Promise<void> => {
    for (const stop of started.splice(0).reverse()) await stop().catch((error: unknown) => process.stderr.write(`[stack] stopping: ${String(error)}\n`));
  };
  try {
    return await assembleStack(options, options.signal ?? new AbortController().signal, started, stopStarted);
  } catch (error) {
    await stopStarted();
    throw error;
  }
}

/** Starts the parts in order, recording in `started` how to stop each (stopStarted runs them backwards). */
async function assembleStack(options: StackOptions, signal: AbortSignal, started: Array<() => Promise<unknown>>, stopStarted: () => Promise<void>): Promise<Stack> {
  const withMigration = options.migration === true;
  const withSermons = options.sermons === true || withMigration;
  const components: ComponentName[] = ['postgres', 'kafka', 'mail', ...(withSermons ? (['temporal'] as const) : [])];
  const infra = process.env.LECTERN_TEST_INFRA === '1' ? await getTestInfra() : await startPrivateInfra(components);
  started.push(() => infra.stop());
  const mail = mailOf(infra);
  const run = `e2e_${randomBytes(4).toString('hex')}`;
  const services: ServiceName[] = [...(['identity', 'comms'] as const), ...(withSermons ? (['sermons'] as const) : []), ...(options.billing ? (['billing'] as const) : []), ...(withMigration ? (['migration'] as const) : [])];
  const scratch: string[] = [];
  started.push(async () => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });
  const feeds = withMigration ? await startFeedServer({ stallMs: 60_000 }) : null;
  if (feeds) started.push(() => feeds.close());
  const edgeReservation = await reservePort();
  started.push(() => edgeReservation.release());
  const edgePort = edgeReservation.port;
  const ports = {} as Record<ServiceName, number>;
  for (const name of services) ports[name] = await freePort();
  const origin = `http://127.0.0.1:${edgePort}`;
  const identityOrigin = `http://127.0.0.1:${ports.identity}`;
  const infraEnv = infra.env();
  const logDir = join(resultsDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const children: ManagedProcess[] = [];
  let worker: ManagedProcess | undefined;
  // The worker first, so that it finishes its activity calls before the services go away.
  started.push(async () => {
    if (worker) await stopChild(worker);
    await Promise.all(children.map(stopChild));
  });
  const instances: Partial<Record<ServiceName, string[]>> = {};
  const instanceLogs: Partial<Record<ServiceName, string[]>> = {};
  const churchSystems = await startChurchSystems({ people: 250 });
  started.push(() => churchSystems.close());
  // seals secrets at rest (SMTP passwords, integration credentials) in every service that keeps some
  const secretKeys = `e2e:${randomBytes(32).toString('base64')}`;

  // The sermons service and its worker share the bucket directory, the service token and a task
  // queue of this run's own (no other test's worker takes these runs).
  let sermonsEnv: Record<string, string> = {};
  if (withSermons) {
    if (!infraEnv.TEMPORAL_ADDRESS) throw new Error('the test infrastructure has no Temporal (TEMPORAL_ADDRESS is not set); the sermon journey needs it');
    const storageRoot = mkdtempSync(join(tmpdir(), 'lectern-e2e-storage-'));
    scratch.push(storageRoot);
    sermonsEnv = {
      TEMPORAL_ADDRESS: infraEnv.TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE: infraEnv.TEMPORAL_NAMESPACE ?? 'default',
      STORAGE_DRIVER: 'fs',
      STORAGE_FS_ROOT: storageRoot,
      SERMONS_INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
      STORAGE_SIGNING_SECRET: randomBytes(32).toString('base64url'),
      SERMON_PIPELINE_TASK_QUEUE: `sermon-pipeline-${run}`,
      ...prebuiltWorkflowBundle(),
    };
  }

  let stripe: StripeStandIn | undefined;
  let billingEnv: Record<string, string> = {};
  if (options.billing) {
    const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
    stripe = createStripeStandIn({ webhookUrl: `http://127.0.0.1:${ports.billing}/api/billing/webhooks/stripe`, webhookSecret });
    await stripe.start();
    started.push(() => stripe!.stop());
    billingEnv = { STRIPE_API_BASE: stripe.baseUrl, STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: webhookSecret, PAYMENT_ADAPTER: 'test-card' };
  }

  // The services start together, as under `npm start`: each has its own schema and finds its peers
  // at request time, so nothing waits for another service's readiness.
  const startService = async (name: ServiceName): Promise<void> => {
    const extra: Record<string, string> =
      name === 'sermons'
        ? { ...sermonsEnv, IDENTITY_URL: identityOrigin, UPLOAD_TMP_DIR: join(sermonsEnv.STORAGE_FS_ROOT!, 'spool') }
        : name === 'billing'
          ? billingEnv
          : name === 'identity'
            ? {
              PLANNING_CENTER_API_BASE: churchSystems.planningCenterBase,
              ROCK_RMS_API_BASE: churchSystems.rockRmsBase,
              PLANNING_CENTER_OAUTH_CLIENT_ID: DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID,
              PLANNING_CENTER_OAUTH_CLIENT_SECRET: DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET,
              ...(options.demoChurch ? { IDENTITY_BOOTSTRAP_ADMIN_EMAIL: options.demoChurch.adminEmail, IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: options.demoChurch.password, IDENTITY_DEMO_ACCOUNTS: 'true' } : {}),
            }
            : name === 'migration'
              ? {
                ...sermonsEnv,
                HOME: process.env.HOME ?? tmpdir(),
                SERMONS_INTERNAL_URL: `http://127.0.0.1:${ports.sermons}`,
                RSS_MIGRATION_TASK_QUEUE: `rss-migration-${run}`,
                MIGRATION_WORK_DIR: join(sermonsEnv.STORAGE_FS_ROOT!, 'migration'),
                FEED_FETCH_ALLOW_ORIGINS: feeds!.hostPort,
              }
              : {};
    const script = join(repoRoot, `services/${name}/src/server.ts`);
    const cwd = join(repoRoot, `services/${name}`);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...infraEnv,
      HOST: '127.0.0.1',
      PORT: String(ports[name]),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      PUBLIC_ORIGIN: origin,
      IDENTITY_JWKS_URL: `${identityOrigin}/api/identity/.well-known/jwks.json`,
      // Fresh schemas and one topic prefix per run: identity's events reach this run's comms only.
      DATABASE_SCHEMA: `${run}_${name}`,
      KAFKA_TOPIC_PREFIX: `${run}.`,
      OUTBOX_POLL_MS: '200',
      MAIL_POLL_MS: '200',
      SECRET_KEYS: secretKeys,
      ...extra,
    };
    // With `instances: 2`, a second instance on its own port starts together with the first, as a
    // Deployment's replicas do: both migrate the new schema at once (the kit's migrations allow it).
    const replicas: { label: string; port: number }[] = [{ label: name, port: ports[name] }];
    if (options.instances === 2 && (name === 'identity' || name === 'sermons')) replicas.push({ label: `${name}-2`, port: await freePort() });
    const processes = replicas.map(({ label, port }) => startChild(label, script, cwd, { ...env, PORT: String(port) }, logDir));
    children.push(...processes);
    await Promise.all(replicas.map(({ label, port }, index) => waitReady(`http://127.0.0.1:${port}/api/${name}/readyz`, processes[index]!.child, label, processes[index]!.logFile, startup.signal)));
    instances[name] = replicas.map(({ port }) => `http://127.0.0.1:${port}`);
    instanceLogs[name] = processes.map(({ logFile }) => logFile);
  };

  const startWorker = async (): Promise<void> => {
    const asr = await ensureAsr((line) => process.stderr.write(`[asr] ${line}\n`));
    const workDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-pipeline-'));
    scratch.push(workDir);
    signal.throwIfAborted();
    worker = startChild('worker', join(repoRoot, 'workflows/src/worker.ts'), join(repoRoot, 'workflows'), {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      ...sermonsEnv,
      ...asrEnv(asr),
      SERMONS_INTERNAL_URL: `http://127.0.0.1:${ports.sermons}`,
      PIPELINE_WORK_DIR: workDir,
    }, logDir);
    await waitForLine(worker.child, /serving task queue/, 'worker', worker.logFile, startup.signal);
  };

  // The first part that fails (or the caller giving up) ends the others' waits at once.
  const startup = new AbortController();
  signal.addEventListener('abort', () => startup.abort(signal.reason), { once: true });
  const starting = [...services.map(startService), ...(withSermons ? [startWorker()] : [])].map((part) =>
    part.catch((error: unknown) => {
      startup.abort(error);
      throw error;
    }),
  );
  const failed = (await Promise.allSettled(starting)).find((result) => result.status === 'rejected');
  if (failed) throw startup.signal.reason ?? failed.reason;
  signal.throwIfAborted();

  await edgeReservation.release();
  const edge = await startEdge(
    {
      IDENTITY_URL: instances.identity!.join(','),
      COMMS_URL: `http://127.0.0.1:${ports.comms}`,
      ...(withSermons ? { SERMONS_URL: instances.sermons!.join(',') } : {}),
      ...(options.billing ? { BILLING_URL: `http://127.0.0.1:${ports.billing}` } : {}),
      ...(withMigration ? { MIGRATION_URL: `http://127.0.0.1:${ports.migration}` } : {}),
    },
    edgePort,
  );
  started.push(() => edge.close());
  const identityDb = new pg.Pool({ connectionString: infraEnv.DATABASE_URL, max: 2, options: `-c search_path=${run}_identity` });
  const sermonsDb = withSermons ? new pg.Pool({ connectionString: infraEnv.DATABASE_URL, max: 2, options: `-c search_path=${run}_sermons` }) : null;
  started.push(async () => {
    await identityDb.end();
    await sermonsDb?.end();
  });

  return {
    origin,
    instances,
    instanceLogs,
    infra,
    mail,
    identityDb,
    sermonsDb,
    logDir,
    ...(stripe ? { stripe } : {}),
    churchSystems,
    feeds,
    stop: stopStarted,
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
