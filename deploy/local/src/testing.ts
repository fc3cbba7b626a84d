import type { ComponentName, Infra, InfraEndpoints } from './types.ts';
import { startInfra } from './index.ts';
import { componentOrder } from './components/component.ts';
import { emptyEndpoints, endpointsFromEnv, endpointsToEnv, externalComponents } from './support/env.ts';
import { startProcessInfra } from './process.runtime.ts';
import { mailCatcher, type MailCatcher } from './mail.client.ts';

export type { ComponentName, Infra, InfraEndpoints } from './types.ts';
export { mailCatcher, type CaughtMessage, type MailCatcher } from './mail.client.ts';
export { ensureAsr, asrEnv, type AsrRuntime } from './provision/asr.ts';
export { ensureSchemathesis, schemathesisVersion } from './provision/fuzz.ts';
export { patience, testTimeFactor } from './support/test-time.ts';
export { ManagedProcess } from './support/supervisor.ts';
export { processTable, type ProcessEntry } from './support/proc.ts';
export { freePort } from './support/ports.ts';

// The test harness. Under `npm test` the launcher starts one shared set of infrastructure and
// exports its variables with LECTERN_TEST_INFRA=1; a test file run on its own starts its own.

let shared: Promise<Infra> | undefined;
const toStop = new Set<Infra>();
let hooksInstalled = false;

function stopAtExit(infra: Infra): void {
  toStop.add(infra);
  if (hooksInstalled) return;
  hooksInstalled = true;
  // node:test ends the process once the tests finish; the supervisor's 'exit' hook then kills
  // any child left. Signals get an orderly stop first.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.allSettled([...toStop].map((i) => i.stop())).finally(() => process.exit(130));
    });
  }
  process.once('beforeExit', () => {
    void Promise.allSettled([...toStop].map((i) => i.stop()));
  });
}

/** An Infra over the deployment the environment describes; stop is a no-op. */
export function infraFromEnv(env: NodeJS.ProcessEnv = process.env): Infra {
  const present = externalComponents(env, componentOrder);
  let endpoints: InfraEndpoints = { ...emptyEndpoints };
  for (const name of present) endpoints = { ...endpoints, ...endpointsFromEnv(name, env) };
  const refuse = async (name: ComponentName) => {
    throw new Error(`${name} belongs to the shared test infrastructure; use startPrivateInfra(['${name}']) to stop or start one`);
  };
  return {
    runtime: 'external',
    endpoints,
    env: () => endpointsToEnv(endpoints, present),
    stopComponent: refuse,
    startComponent: refuse,
    stop: async () => undefined,
  };
}

/** The test infrastructure shared by every test in this process (started once). */
export function getTestInfra(): Promise<Infra> {
  shared ??= (async () => {
    if (process.env.LECTERN_TEST_INFRA === '1') return infraFromEnv();
    const infra = await startInfra({ profile: 'test', log: testLog });
    stopAtExit(infra);
    return infra;
  })();
  return shared;
}

/**
 * Infrastructure of this test's own, for tests that stop and start a component (an outage, a
 * restart) without disturbing the others. Always local processes on free ports; stopped at exit
 * unless the test stops it first.
 */
export async function startPrivateInfra(only: ComponentName[]): Promise<Infra> {
  const infra = await startProcessInfra({ profile: 'test', only, useEnv: false, log: testLog });
  stopAtExit(infra);
  return infra;
}

/** The mail catcher of an Infra (throws when its mail part is an external SMTP server). */
export function mailOf(infra: Infra): MailCatcher {
  if (!infra.endpoints.mailApiUrl) throw new Error('this infrastructure has no mail catcher API (SMTP_URL points at an external server)');
  return mailCatcher(infra.endpoints.mailApiUrl);
}

function testLog(line: string): void {
  if (process.env.LECTERN_TEST_VERBOSE) process.stderr.write(`[infra] ${line}\n`);
}
