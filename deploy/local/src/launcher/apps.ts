import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ManagedProcess, tailOfLog } from '../support/supervisor.ts';
import { isPortFree } from '../support/ports.ts';
import { repoRoot } from '../support/paths.ts';
import { say, summarise } from './console.ts';
import { DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID, DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET } from '../church-systems/church-systems.server.ts';

// The application processes `npm start` runs on top of the infrastructure: the five services, the
// Temporal worker and the edge. Each is started only when its entry file exists, so the launcher
// works while parts of the system are still being written.

export const services = ['identity', 'sermons', 'billing', 'comms', 'migration'] as const;
export type ServiceName = (typeof services)[number];
export const servicePort = (name: ServiceName): number => 4101 + services.indexOf(name);
export const edgePort = 8080;
/** The sample church feed (deploy/local/src/feeds) the console's RSS migration can be tried with. */
export const feedServerPort = Number(process.env.FEED_SERVER_PORT ?? 4190);
/** The Planning Center and Rock RMS stand-ins (deploy/local/src/church-systems) the member sync can be tried with. */
export const churchSystemsPort = Number(process.env.CHURCH_SYSTEMS_PORT ?? 4191);
export const sampleFeedUrl = `http://127.0.0.1:${feedServerPort}/feeds/rss.xml?count=12&broken=404@4`;
/** The stateful Stripe stand-in (deploy/local/src/stripe-standin), next to stripe-mock's 12111/12112. */
export const stripeStandInPort = 12113;
export const publicOrigin = `http://localhost:${edgePort}`;

/** The local demo administrator identity creates on first start (IDENTITY_BOOTSTRAP_ADMIN_*). */
export const demoAccount = {
  email: process.env.LECTERN_DEMO_EMAIL ?? 'admin@grace.example',
  password: process.env.LECTERN_DEMO_PASSWORD ?? 'Lectern-Demo-2026',
};

/**
 * Every demo account identity creates with IDENTITY_DEMO_ACCOUNTS (same password), one per area:
 * the list services/identity/src/organizations/demo-accounts.ts seeds, for the start-up summary.
 */
export function demoAccounts(companyDomain = 'lectern.app'): Array<{ email: string; what: string }> {
  const churchDomain = demoAccount.email.split('@')[1];
  return [
    { email: demoAccount.email, what: 'church ADMIN' },
    { email: `pastor@${churchDomain}`, what: 'PASTOR' },
    { email: `member@${churchDomain}`, what: 'MEMBER (member area)' },
    { email: `staff@${companyDomain}`, what: 'company staff ADMIN: members, communications, console, offers' },
  ];
}

/**
 * The key that seals secrets at rest (SMTP passwords, integration credentials) for the local
 * stack: made once and kept with the local data, so stored secrets still open after a restart.
 */
export function localSecretKeys(): string {
  if (process.env.SECRET_KEYS) return process.env.SECRET_KEYS;
  const file = path.join(repoRoot, '.lectern', 'secret-keys');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `local:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export interface AppSpec {
  name: string;
  entry: string;
  port?: number;
  env: Record<string, string>;
}

export function appSpecs(infraEnv: Record<string, string>): AppSpec[] {
  const common: Record<string, string> = {
    ...infraEnv,
    PUBLIC_ORIGIN: publicOrigin,
    IDENTITY_JWKS_URL: `http://127.0.0.1:${servicePort('identity')}/api/identity/.well-known/jwks.json`,
    STORAGE_DRIVER: process.env.STORAGE_DRIVER ?? 'fs',
    STORAGE_FS_ROOT: process.env.STORAGE_FS_ROOT ?? path.join(repoRoot, '.lectern', 'storage'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    SECRET_KEYS: localSecretKeys(),
  };
  const billing = billingStripeEnv();
  // Shared by the sermons service and the pipeline worker only; a fresh one each start unless given.
  const sermonsInternalToken = process.env.SERMONS_INTERNAL_TOKEN ?? randomBytes(32).toString('base64url');
  // Upload links are signed with it: every sermons instance of this start shares it.
  const storageSigningSecret = process.env.STORAGE_SIGNING_SECRET ?? randomBytes(32).toString('base64url');
  const specs: AppSpec[] = services.map((name) => ({
    name,
    entry: `services/${name}/src/server.ts`,
    port: servicePort(name),
    env: {
      ...common,
      HOST: '127.0.0.1',
      PORT: String(servicePort(name)),
      ...(name === 'sermons' ? { SERMONS_INTERNAL_TOKEN: sermonsInternalToken, STORAGE_SIGNING_SECRET: storageSigningSecret } : {}),
      ...(name === 'migration'
        ? {
          SERMONS_INTERNAL_TOKEN: sermonsInternalToken,
          SERMONS_INTERNAL_URL: `http://127.0.0.1:${servicePort('sermons')}`,
          MIGRATION_WORK_DIR: process.env.MIGRATION_WORK_DIR ?? path.join(repoRoot, '.lectern', 'migration'),
          // Only the local sample feed server may be fetched on loopback.
          FEED_FETCH_ALLOW_ORIGINS: `127.0.0.1:${feedServerPort}`,
        }
        : {}),
      ...(name === 'identity'
        ? {
          IDENTITY_BOOTSTRAP_ADMIN_EMAIL: demoAccount.email,
          IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: demoAccount.password,
          IDENTITY_DEMO_ACCOUNTS: 'true',
          PLANNING_CENTER_API_BASE: process.env.PLANNING_CENTER_API_BASE ?? `http://127.0.0.1:${churchSystemsPort}`,
          ROCK_RMS_API_BASE: process.env.ROCK_RMS_API_BASE ?? `http://127.0.0.1:${churchSystemsPort}`,
          // The stand-in's OAuth client, unless Planning Center itself is configured.
          ...(process.env.PLANNING_CENTER_API_BASE
            ? {}
            : { PLANNING_CENTER_OAUTH_CLIENT_ID: DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID, PLANNING_CENTER_OAUTH_CLIENT_SECRET: DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET }),
        }
        : {}),
      ...(name === 'billing' ? billing.env : {}),
    },
  }));
  if (billing.standIn) specs.push(billing.standIn);
  specs.push({
    name: 'worker',
    entry: 'workflows/src/worker.ts',
    env: {
      ...common,
      SERMONS_INTERNAL_TOKEN: sermonsInternalToken,
      SERMONS_INTERNAL_URL: `http://127.0.0.1:${servicePort('sermons')}`,
      PIPELINE_WORK_DIR: process.env.PIPELINE_WORK_DIR ?? path.join(repoRoot, '.lectern', 'pipeline'),
    },
  });
  specs.push({ name: 'church-systems', entry: 'deploy/local/src/church-systems/serve.ts', port: churchSystemsPort, env: { CHURCH_SYSTEMS_PORT: String(churchSystemsPort) } });
  specs.push({ name: 'feeds', entry: 'deploy/local/src/feeds/serve.ts', port: feedServerPort, env: { FEED_SERVER_PORT: String(feedServerPort) } });
  const doubled = twoInstances(specs);
  const upstreams = Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_URL`, [servicePort(name), ...(doubled.includes(name) ? [secondInstancePort(name)] : [])].map((port) => `http://127.0.0.1:${port}`).join(',')]));
  specs.push({ name: 'edge', entry: 'deploy/edge/src/server.ts', port: edgePort, env: { ...common, ...upstreams, HOST: '127.0.0.1', PORT: String(edgePort) } });
  return specs;
}

/** Services `LECTERN_INSTANCES=2` runs twice (as Kubernetes runs 2 replicas); the edge round-robins. */
export const DOUBLED_SERVICES: readonly ServiceName[] = ['identity', 'sermons'];
export const secondInstancePort = (name: ServiceName): number => servicePort(name) + 100;

/**
 * With LECTERN_INSTANCES=2, adds `identity-2` and `sermons-2`: the same environment on their own
 * port (the demo accounts are created by the first identity only). Returns the doubled services.
 */
function twoInstances(specs: AppSpec[]): ServiceName[] {
  const wanted = process.env.LECTERN_INSTANCES ?? '1';
  if (wanted !== '1' && wanted !== '2') throw new Error(`LECTERN_INSTANCES must be 1 or 2, got "${wanted}"`);
  if (wanted === '1') return [];
  for (const name of DOUBLED_SERVICES) {
    const first = specs.find((spec) => spec.name === name);
    if (!first) continue;
    const env: Record<string, string> = { ...first.env, PORT: String(secondInstancePort(name)) };
    for (const variable of ['IDENTITY_BOOTSTRAP_ADMIN_EMAIL', 'IDENTITY_BOOTSTRAP_ADMIN_PASSWORD', 'IDENTITY_DEMO_ACCOUNTS']) delete env[variable];
    specs.push({ name: `${name}-2`, entry: first.entry, port: secondInstancePort(name), env });
  }
  return [...DOUBLED_SERVICES];
}

/**
 * Billing runs against the stateful Stripe stand-in (signed webhooks, test cards) unless
 * STRIPE_SECRET_KEY is given without STRIPE_API_BASE: then it is Stripe's own test mode, with
 * STRIPE_WEBHOOK_SECRET from `stripe listen` or the dashboard.
 */
function billingStripeEnv(): { env: Record<string, string>; standIn?: AppSpec } {
  if (process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_API_BASE) {
    return { env: { STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET ?? '', PAYMENT_ADAPTER: process.env.PAYMENT_ADAPTER ?? 'test-card' } };
  }
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const stripeApiBase = `http://127.0.0.1:${stripeStandInPort}`;
  return {
    env: { STRIPE_API_BASE: stripeApiBase, STRIPE_SECRET_KEY: 'sk_test_lectern_local', STRIPE_WEBHOOK_SECRET: webhookSecret, PAYMENT_ADAPTER: 'test-card' },
    standIn: {
      name: 'stripe-standin',
      entry: 'deploy/local/src/stripe-standin/server.ts',
      port: stripeStandInPort,
      env: {
        STRIPE_STANDIN_PORT: String(stripeStandInPort),
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${servicePort('billing')}/api/billing/webhooks/stripe`,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        // The databases under .lectern/ keep its ids, so its objects outlive a restart too.
        STRIPE_STANDIN_STATE_FILE: path.join(repoRoot, '.lectern', 'stripe-standin.json'),
      },
    },
  };
}

export interface RunningApp {
  spec: AppSpec;
  proc: ManagedProcess;
}

export type AppOutcome = { kind: 'started'; app: RunningApp } | { kind: 'missing' | 'failed'; name: string; reason: string };

export async function startApp(spec: AppSpec, logDir: string): Promise<AppOutcome> {
  const entry = path.join(repoRoot, spec.entry);
  if (!fs.existsSync(entry)) return { kind: 'missing', name: spec.name, reason: `${spec.entry} does not exist yet` };
  if (spec.port !== undefined && !(await isPortFree(spec.port))) {
    return { kind: 'failed', name: spec.name, reason: `port ${spec.port} (${spec.name}) is already in use — stop what holds it` };
  }
  const proc = new ManagedProcess({
    name: spec.name,
    command: process.execPath,
    // kafkajs 2.2.4 trips Node 24's TimeoutNegativeWarning while a broker starts; it is harmless.
    args: ['--disable-warning=ExperimentalWarning', '--disable-warning=TimeoutNegativeWarning', entry],
    cwd: path.dirname(path.dirname(entry)),
    env: { ...process.env, ...spec.env },
    logFile: path.join(logDir, `${spec.name}.log`),
    onLine: (line) => {
      const short = summarise(line);
      if (short) say(spec.name, short);
    },
  });
  return { kind: 'started', app: { spec, proc } };
}

export function logTail(app: RunningApp): string {
  return tailOfLog(app.proc.logFile, 20);
}
