import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import { groupAlive, groupRunning, killGroup, stampOf } from './proc.ts';
import { groupFileOf, ownerFileOf, startReaper, testDirPrefix, type Reaper } from './reaper.ts';

export { groupAlive, groupRunning, killGroup } from './proc.ts';

// Every child runs in its own process group so that stopping it also stops whatever it forked
// (postgres backends, the JVM's helpers, temporal's UI server). The groups still alive when this
// Node process exits normally are killed synchronously from the 'exit' hook, so nothing is left
// behind even when the caller forgets to stop. The hook does not run when this process is
// SIGKILLed or is a Jest test file (whose `process` is a copy): the reaper's watcher (reaper.ts)
// covers that, reading the pid files written here — an infrastructure part's in its data dir, any
// other child's (the services of npm start and of the e2e stack) in one directory per process.
const liveGroups = new Set<number>();
const everyGroup: number[] = [];

/** Every process group this Node process has spawned (tests check none survives a stop). */
export function spawnedGroups(): readonly number[] {
  return everyGroup;
}
let exitHookInstalled = false;

const exitCleanups = new Set<() => void>();

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
    // Wait (synchronously: this is the exit hook) until the killed processes are gone, so that
    // the cleanups below do not race with a server still writing its files. At most 3 s.
    const deadline = Date.now() + 3000;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while ([...liveGroups].some(groupRunning) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
    for (const cleanup of exitCleanups) {
      try {
        cleanup();
      } catch {
        // best effort: the process is exiting
      }
    }
  });
}

/** Synchronous work for the 'exit' hook, after the children are killed; returns an unregister. */
export function atExitSync(cleanup: () => void): () => void {
  installExitHook();
  exitCleanups.add(cleanup);
  return () => exitCleanups.delete(cleanup);
}

/**
 * Children spawned without a pid file of their own get one in a directory of this process
 * (`lectern-test-procs-*` in the temp dir, made on the first such child), watched by a reaper like
 * an infrastructure's data dir and removed at exit.
 */
let unfiled: { dir: string; reaper: Reaper } | undefined;

function unfiledPidFile(name: string): string {
  if (!unfiled) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${testDirPrefix}procs-`));
    fs.writeFileSync(ownerFileOf(dir), stampOf(process.pid));
    const own = { dir, reaper: startReaper(dir, true, path.join(dir, 'reaper.log')) };
    unfiled = own;
    atExitSync(() => {
      own.reaper.dismissSync();
      fs.rmSync(own.dir, { recursive: true, force: true });
    });
  }
  return groupFileOf(fs.mkdtempSync(path.join(unfiled.dir, `${name.replace(/[^\w.-]/g, '_')}-`)));
}

/**
 * A process group this process started itself (a plain spawn, detached) put under the same care
 * as a ManagedProcess: killed by the exit hook, and by the reaper when this process dies without
 * it. Returns the release to call once the group has ended.
 */
export function superviseGroup(name: string, pgid: number): () => void {
  installExitHook();
  const pidFile = unfiledPidFile(name);
  fs.writeFileSync(pidFile, `${stampOf(pgid)}\n`);
  liveGroups.add(pgid);
  return () => {
    liveGroups.delete(pgid);
    fs.rmSync(path.dirname(pidFile), { recursive: true, force: true });
  };
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  logFile: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  uid?: number;
  gid?: number;
  /**
   * Written with the group id and its start time (a stamp), so a later run or the reaper can stop a
   * child orphaned by a crash. Without one, the child's goes into this process's own directory.
   */
  pidFile?: string;
  /** Also receive each output line (the log file still gets everything). */
  onLine?: (line: string) => void;
}

export class ManagedProcess {
  readonly name: string;
  readonly logFile: string;
  readonly child: ChildProcess;
  private exitInfo: string | undefined;
  private readonly exitPromise: Promise<void>;
  /** Where its process group is recorded (SpawnOptions.pidFile, or this process's own directory). */
  readonly pidFile: string;

  constructor(options: SpawnOptions) {
    installExitHook();
    this.name = options.name;
    this.logFile = options.logFile;
    this.pidFile = options.pidFile ?? unfiledPidFile(options.name);
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
    const fd = fs.openSync(options.logFile, 'a');
    fs.writeSync(fd, `\n--- ${new Date().toISOString()} ${options.command} ${options.args.join(' ')}\n`);
    const onLine = options.onLine;
    try {
      this.child = spawn(options.command, options.args, {
        cwd: options.cwd,
        env: options.env ?? process.env,
        stdio: onLine ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
        detached: true,
        uid: options.uid,
        gid: options.gid,
      });
    } finally {
      if (!onLine) fs.closeSync(fd);
    }
    if (onLine) {
      const out = fs.createWriteStream('', { fd, flags: 'a' });
      let open = 2;
      for (const stream of [this.child.stdout, this.child.stderr]) {
        if (!stream) continue;
        let pending = '';
        stream.on('data', (chunk: Buffer) => {
          out.write(chunk);
          pending += chunk.toString('utf8');
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) onLine(line);
        });
        stream.on('end', () => {
          if (pending) onLine(pending);
          if (--open === 0) out.end();
        });
      }
    }
    const pid = this.child.pid;
    if (pid !== undefined) {
      liveGroups.add(pid);
      everyGroup.push(pid);
      fs.mkdirSync(path.dirname(this.pidFile), { recursive: true });
      fs.writeFileSync(this.pidFile, `${stampOf(pid)}\n`);
    }
    this.exitPromise = new Promise((resolve) => {
      this.child.once('error', (error) => {
        this.exitInfo = `could not start ${options.command}: ${error.message}`;
        resolve();
      });
      this.child.once('exit', (code, signal) => {
        this.exitInfo = `exited (${signal ?? `code ${code}`})`;
        resolve();
      });
    });
    // The child must not keep the event loop alive on its own.
    this.child.unref();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** undefined while running; otherwise how it ended. */
  exited(): string | undefined {
    return this.exitInfo ? `${this.name} ${this.exitInfo}\n${tailOfLog(this.logFile)}` : undefined;
  }

  /**
   * `signal` to the whole group (or to the leader alone when it shuts its children down itself),
   * SIGKILL to the group after `graceMs`, then wait until the group is gone.
   */
  async stop(graceMs = 10_000, signal: NodeJS.Signals = 'SIGTERM', leaderOnly = false): Promise<void> {
    const pgid = this.child.pid;
    if (pgid === undefined) return;
    if (leaderOnly) {
      try {
        process.kill(pgid, signal);
      } catch {
        // already gone
      }
    } else killGroup(pgid, signal);
    const deadline = Date.now() + graceMs;
    while (groupAlive(pgid) && Date.now() < deadline) await sleep(50);
    if (groupAlive(pgid)) killGroup(pgid, 'SIGKILL');
    while (groupAlive(pgid)) await sleep(20);
    await Promise.race([this.exitPromise, sleep(1000)]);
    liveGroups.delete(pgid);
    if (unfiled && this.pidFile.startsWith(`${unfiled.dir}/`)) fs.rmSync(path.dirname(this.pidFile), { recursive: true, force: true });
    else fs.rmSync(this.pidFile, { force: true });
  }
}

/** Last lines of a log file, indented, for error messages. */
export function tailOfLog(file: string, lines = 15): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((line) => `    ${line}`)
      .join('\n');
  } catch {
    return `    (no log at ${file})`;
  }
}

/**
 * A crashed or SIGKILLed launcher leaves its children running with a pid file behind. When that
 * pid still runs a command mentioning `marker` (our data dir), stop its group before starting anew.
 */
export async function stopOrphan(pidFile: string, marker: string): Promise<boolean> {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10);
  } catch {
    return false;
  }
  fs.rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 1 || !groupAlive(pid)) return false;
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return false;
  }
  if (!cmdline.includes(marker)) return false;
  killGroup(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
  return true;
}
