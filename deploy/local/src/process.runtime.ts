import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ComponentName, Infra, InfraEndpoints, StartInfraOptions } from './types.ts';
import { componentOrder, devPorts, externalSwitch, type ComponentContext, type ProcessComponent } from './components/component.ts';
import { createPostgres } from './components/postgres.ts';
import { createKafka } from './components/kafka.ts';
import { createTemporal } from './components/temporal.ts';
import { createMail } from './components/mail.ts';
import { createStripe } from './components/stripe.ts';
import { createS3 } from './components/s3.ts';
import { emptyEndpoints, endpointsFromEnv, endpointsToEnv, externalComponents } from './support/env.ts';
import { InfraError, portTakenError } from './support/errors.ts';
import { devStateDir } from './support/paths.ts';
import { freePorts, isPortFree } from './support/ports.ts';
import { ownerRunning, readStamp, stampOf } from './support/proc.ts';
import { groupFileOf, ownerFileOf, startReaper, sweepDeadOwners, testDirPrefix, type Reaper } from './support/reaper.ts';
import { atExitSync } from './support/supervisor.ts';
import { seconds } from './support/wait.ts';

const portCount: Record<ComponentName, number> = { postgres: 1, kafka: 2, temporal: 2, mail: 2, stripe: 2, s3: 1 };

export type ComponentFactory = (name: ComponentName, ctx: ComponentContext, ports: number[]) => ProcessComponent;

const buildProcess: ComponentFactory = (name, ctx, ports) => {
  const p = (i: number) => ports[i] as number;
  switch (name) {
    case 'postgres':
      return createPostgres(ctx, p(0));
    case 'kafka':
      return createKafka(ctx, p(0), p(1));
    case 'temporal':
      return createTemporal(ctx, p(0), p(1));
    case 'mail':
      return createMail(ctx, p(0), p(1));
    case 'stripe':
      return createStripe(ctx, p(0), p(1));
    case 's3':
      return createS3(ctx, p(0));
  }
};

async function portsFor(profile: 'dev' | 'test', names: ComponentName[]): Promise<Map<ComponentName, number[]>> {
  const result = new Map<ComponentName, number[]>();
  if (profile === 'dev') {
    for (const name of names) result.set(name, devPorts[name]);
    return result;
  }
  const total = names.reduce((sum, name) => sum + portCount[name], 0);
  const pool = await freePorts(total);
  for (const name of names) result.set(name, pool.splice(0, portCount[name]));
  return result;
}

async function assertPortsFree(component: ProcessComponent): Promise<void> {
  const { envVar, what } = externalSwitch[component.name];
  for (const claim of component.ports) {
    if (!(await isPortFree(claim.port))) {
      const label = claim.role ? `${component.name} ${claim.role}` : component.name;
      throw portTakenError(claim.port, label, envVar, what);
    }
  }
}

/** One launcher at a time per data directory: a second one would fight over the same files. */
function claimDataDir(dataDir: string): () => void {
  const ownerFile = ownerFileOf(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const owner = readStamp(ownerFile);
  if (owner && owner.pid !== process.pid && ownerRunning(owner)) {
    throw new InfraError(`another lectern run (pid ${owner.pid}) is using ${dataDir} — stop it first (Ctrl-C in its terminal)`);
  }
  const self = stampOf(process.pid);
  fs.writeFileSync(ownerFile, self);
  return () => {
    try {
      if (fs.readFileSync(ownerFile, 'utf8').trim() === self) fs.rmSync(ownerFile);
    } catch {
      // already gone
    }
  };
}

export interface ProcessInfraOptions extends StartInfraOptions {
  /** false: ignore DATABASE_URL & co. and run every part locally (private test infrastructure). */
  useEnv?: boolean;
  /** Fixed ports instead of the profile's (tests of the port check). */
  ports?: Partial<Record<ComponentName, number[]>>;
}

export function startProcessInfra(options: ProcessInfraOptions): Promise<Infra> {
  return assembleInfra(options, buildProcess, 'process');
}

/**
 * The part both runtimes share: which parts are external, data and log directories, ports, the
 * port check, start side by side with health checks, and the Infra handle.
 */
export async function assembleInfra(options: ProcessInfraOptions, build: ComponentFactory, runtime: 'process' | 'container'): Promise<Infra> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const names = componentOrder.filter((name) => !options.only || options.only.includes(name));
  const external = options.useEnv === false ? new Set<ComponentName>() : externalComponents(process.env, names);
  const local = names.filter((name) => !external.has(name));

  // What a test file run alone, or a SIGKILLed owner, left running (ADR 0034).
  await sweepDeadOwners();
  const temporary = options.profile === 'test' && !options.dataDir;
  const dataDir = options.dataDir ?? (options.profile === 'dev' ? path.join(devStateDir, 'data') : fs.mkdtempSync(path.join(os.tmpdir(), testDirPrefix)));
  // The postgres OS user must be able to reach its cluster inside (mkdtemp makes 0700 dirs).
  fs.mkdirSync(dataDir, { recursive: true });
  if (temporary) fs.chmodSync(dataDir, 0o755);
  const logDir = options.profile === 'dev' && !options.dataDir ? path.join(devStateDir, 'logs') : path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });

  const release = local.length > 0 ? claimDataDir(dataDir) : () => undefined;
  // If this process ends without stop(), the supervisor's 'exit' hook kills the children and the
  // cleanup below removes a temporary data dir. Where that hook cannot run (SIGKILL, a Jest test
  // file), the reaper's watcher does the same once this process is gone (ADR 0034).
  const reaper: Reaper | undefined = local.length > 0 ? startReaper(dataDir, temporary, path.join(logDir, 'reaper.log')) : undefined;
  const forget = atExitSync(() => {
    reaper?.dismissSync();
    release();
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  });
  const ports = await portsFor(options.profile, local);
  for (const [name, fixed] of Object.entries(options.ports ?? {})) ports.set(name as ComponentName, fixed);
  const components = new Map<ComponentName, ProcessComponent>();
  for (const name of local) {
    const partDir = path.join(dataDir, name);
    const ctx: ComponentContext = { profile: options.profile, dataDir: partDir, pidFile: groupFileOf(partDir), logDir, log };
    components.set(name, build(name, ctx, ports.get(name) ?? []));
  }
  for (const name of external) log(`${name}: using the existing deployment from ${externalSwitch[name].envVar}`);

  const running = new Set<ComponentName>();
  let stopped = false;

  async function stopAll(): Promise<void> {
    if (stopped) return;
    stopped = true;
    const order = [...components.keys()].reverse();
    await Promise.all(order.map(async (name) => {
      await components.get(name)?.stop();
      running.delete(name);
    }));
    release();
    forget();
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    await reaper?.dismiss();
  }

  try {
    for (const component of components.values()) await assertPortsFree(component);
    await Promise.all([...components.values()].map((c) => c.prepare()));
    // The parts do not depend on one another, so they start side by side; each waits for its own
    // health check.
    const results = await Promise.allSettled(
      [...components.values()].map(async (c) => {
        await c.start();
        running.add(c.name);
      }),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  } catch (error) {
    stopped = false;
    await stopAll();
    throw error;
  }

  let endpoints: InfraEndpoints = { ...emptyEndpoints };
  for (const name of external) endpoints = { ...endpoints, ...endpointsFromEnv(name, process.env) };
  for (const component of components.values()) endpoints = { ...endpoints, ...component.endpoints() };
  if (components.size > 0) log(`infrastructure ready in ${seconds(started)} (data in ${dataDir})`);

  return {
    runtime: components.size === 0 ? 'external' : runtime,
    endpoints,
    env: () => endpointsToEnv(endpoints, names),
    async stopComponent(name) {
      const component = components.get(name);
      if (!component) throw new InfraError(`${name} is not run by this Infra (external or not started), so it cannot be stopped`);
      await component.stop();
      running.delete(name);
    },
    async startComponent(name) {
      const component = components.get(name);
      if (!component) throw new InfraError(`${name} is not run by this Infra (external or not started), so it cannot be started`);
      if (running.has(name)) return;
      await assertPortsFree(component);
      await component.start();
      running.add(name);
    },
    stop: stopAll,
  };
}
