// The reaper (ADR 0034): infrastructure never outlives the process that started it.
//
// The supervisor's 'exit' hook kills the parts when their owner exits normally, but it never runs
// when the owner is SIGKILLed, nor inside a Jest test file (Jest hands the file a copy of
// `process`, and a listener added to the copy is never called when the real process exits). So
// every infrastructure also gets a watcher: a small Node process in a process group of its own
// (`reaper.watch.ts`) that polls its owner once a second and, once the owner is gone, kills the
// process groups recorded in the data directory's pid files and removes the directory when it is
// temporary — testcontainers' Ryuk, for processes. Each start also sweeps the `lectern-test-*`
// directories whose owner no longer runs (left by an owner whose watcher was killed too, or by a
// launcher from before the watcher).
//
// A data directory is the unit: `owner.pid` names its owner, `<part>/launcher.pid` each part's
// process group, both as stamps (pid + start time), so a recycled pid is never taken for ours and
// one infrastructure never touches another's groups.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { cmdlineOf, groupAlive, groupRunning, groupsInSession, hasProc, killGroup, ownerRunning, processTable, readStamp, startTimeOf, stampOf, stdoutOf, type Stamp } from './proc.ts';

/** Prefix of the temporary data directories of profile `test` (in the OS temp directory). */
export const testDirPrefix = 'lectern-test-';

/** The file in a data directory naming the process that owns it. */
export function ownerFileOf(dataDir: string): string {
  return path.join(dataDir, 'owner.pid');
}

/** The file in a part's data directory naming its process group (also read by stopOrphan). */
export function groupFileOf(partDir: string): string {
  return path.join(partDir, 'launcher.pid');
}

/**
 * Whether the process group a part's stamp names is still ours and running. While any member of a
 * group runs, its id is not given to a new process; when the leader itself runs, its start time
 * must match (an older pid file without one: its command line must mention the data directory, or
 * its output go to a log file inside it, as stripe-mock's does).
 */
function ourGroup(group: Stamp, dataDir: string): boolean {
  if (!hasProc()) return groupAlive(group.pid);
  const members = processTable().filter((entry) => entry.pgrp === group.pid && entry.state !== 'Z');
  if (members.length === 0) return false;
  if (!members.some((entry) => entry.pid === group.pid)) return true;
  if (group.start !== undefined) return startTimeOf(group.pid) === group.start;
  return cmdlineOf(group.pid).includes(dataDir) || stdoutOf(group.pid).startsWith(`${dataDir}/`);
}

/** The process groups of a data directory's parts that still run. */
function runningGroups(dataDir: string): number[] {
  let parts: fs.Dirent[];
  try {
    parts = fs.readdirSync(dataDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const groups: number[] = [];
  for (const part of parts) {
    if (!part.isDirectory()) continue;
    const group = readStamp(groupFileOf(path.join(dataDir, part.name)));
    if (group && ourGroup(group, dataDir)) groups.push(group.pid);
  }
  return groups;
}

/**
 * Kills every part of a data directory whose owner is gone (SIGKILL to each group, as the exit
 * hook does, and to the other groups of the session it leads, as turbo's tasks are), waits up to
 * 10 s until they stopped running, then removes the directory (`remove`) or only its owner file.
 * Returns the groups it killed.
 */
export async function reapDataDir(dataDir: string, remove: boolean): Promise<number[]> {
  // A session's id is not given to a new process while the session has members either.
  const groups = runningGroups(dataDir).flatMap((pgid) => [pgid, ...groupsInSession(pgid)]);
  for (const pgid of groups) killGroup(pgid, 'SIGKILL');
  const deadline = Date.now() + 10_000;
  while (groups.some(groupRunning) && Date.now() < deadline) await sleep(50);
  try {
    if (remove) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    else fs.rmSync(ownerFileOf(dataDir), { force: true });
  } catch {
    // another sweep removed it meanwhile
  }
  return groups;
}

/**
 * Reaps every `lectern-test-*` directory of `root` whose owner no longer runs. A directory without
 * an owner file is left alone (being created, or made by an older launcher's `npm test` for its
 * results).
 */
export async function sweepDeadOwners(root = os.tmpdir()): Promise<string[]> {
  let names: string[];
  try {
    names = fs.readdirSync(root).filter((name) => name.startsWith(testDirPrefix));
  } catch {
    return [];
  }
  const swept: string[] = [];
  for (const name of names) {
    const dataDir = path.join(root, name);
    const owner = readStamp(ownerFileOf(dataDir));
    if (!owner || ownerRunning(owner)) continue;
    await reapDataDir(dataDir, true);
    swept.push(dataDir);
  }
  return swept;
}

export interface Reaper {
  /** Ends the watcher once the infrastructure was stopped in order; resolves when it is gone. */
  dismiss(): Promise<void>;
  /** The same, synchronously, for the 'exit' hook (which has done the watcher's work already). */
  dismissSync(): void;
}

const watchScript = fileURLToPath(new URL('./reaper.watch.ts', import.meta.url));

/**
 * Starts the watcher of `dataDir` for this process: detached, in a process group of its own, so
 * that neither Ctrl-C nor the death of this process reaches it. Its output goes to `logFile`.
 */
export function startReaper(dataDir: string, remove: boolean, logFile: string): Reaper {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // Jest's --experimental-vm-modules and the like are not for the watcher
  const fd = fs.openSync(logFile, 'a');
  let child;
  try {
    child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', watchScript, stampOf(process.pid), dataDir, remove ? 'remove' : 'keep'], {
      detached: true,
      stdio: ['ignore', fd, fd],
      env,
    });
  } finally {
    fs.closeSync(fd);
  }
  const exited = new Promise<void>((resolve) => {
    child.once('error', () => resolve());
    child.once('exit', () => resolve());
  });
  child.unref();
  const pid = child.pid;
  return {
    async dismiss() {
      // Referenced again while we wait: an unreferenced child's exit would not keep this process
      // alive, and a caller whose last work is stop() (the npm test launcher) would end mid-await.
      child.ref();
      if (pid !== undefined) killGroup(pid, 'SIGTERM');
      await exited;
    },
    dismissSync() {
      if (pid === undefined || !killGroup(pid, 'SIGKILL')) return;
      const deadline = Date.now() + 1000;
      const pause = new Int32Array(new SharedArrayBuffer(4));
      while (startTimeOf(pid) !== undefined && Date.now() < deadline) Atomics.wait(pause, 0, 0, 10);
    },
  };
}
