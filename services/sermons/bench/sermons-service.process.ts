// Starts sermons-service.child.ts as a separate process and talks to it over IPC.
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Role } from '@lectern/service-kit';
import type { ChildMessage, ChildRequest, ServiceEnvForWorker } from './sermons-service.child.ts';

export interface SermonsServiceProcess {
  pid: number;
  base: string;
  internalToken: string;
  publicOrigin: string;
  /** Temporal queue and storage of the service, for a pipeline worker. */
  env: ServiceEnvForWorker;
  token(orgId: string, role: Role, userId?: string): Promise<string>;
  /** An organization with `sermons` published sermons and `members` readers sharing `progressRows` progress rows. */
  seedMemberLibrary(sermons: number, members: number, progressRows: number): Promise<{ org: string; members: string[] }>;
  seedLibrary(sermons: number): Promise<string>;
  /** Full garbage collection in the service (it runs with --expose-gc). */
  gc(): Promise<void>;
  /** Current resident set size of the service process, bytes (/proc/<pid>/status VmRSS). */
  rss(): number;
  /** Peak RSS since the last resetPeak() (VmHWM), bytes. */
  peakRss(): number;
  /** Resets the kernel's peak-RSS mark of the service process (/proc/<pid>/clear_refs, value 5). */
  resetPeak(): void;
  close(): Promise<void>;
}

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

export async function startSermonsService(): Promise<SermonsServiceProcess> {
  const child = fork(new URL('./sermons-service.child.ts', import.meta.url), [], {
    execArgv: ['--expose-gc', '--disable-warning=ExperimentalWarning', '--disable-warning=TimeoutNegativeWarning'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sermons service process exited (code ${code}) before it was ready; its errors are above`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message);
      else {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(`sermons service process: ${message.error}`));
        else waiter?.resolve(message.result);
      }
    });
  });
  const info = await ready;
  const ask = <T>(request: Distribute<ChildRequest>) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...request, id });
    });
  const status = (field: 'VmRSS' | 'VmHWM') => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    if (!match) throw new Error(`no ${field} in /proc/${child.pid}/status`);
    return Number(match[1]) * 1024;
  };
  return {
    pid: child.pid as number,
    base: info.base,
    internalToken: info.internalToken,
    publicOrigin: info.publicOrigin,
    env: info.env,
    token: (orgId, role, userId) => ask<string>({ type: 'token', orgId, role, ...(userId ? { userId } : {}) }),
    seedMemberLibrary: (sermons, members, progressRows) => ask<{ org: string; members: string[] }>({ type: 'seedMemberLibrary', sermons, members, progressRows }),
    seedLibrary: (sermons) => ask<string>({ type: 'seedLibrary', sermons }),
    gc: () => ask<void>({ type: 'gc' }),
    rss: () => status('VmRSS'),
    peakRss: () => status('VmHWM'),
    resetPeak: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    close: async () => {
      if (child.exitCode === null) {
        await ask<void>({ type: 'close' }).catch(() => undefined);
        const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
