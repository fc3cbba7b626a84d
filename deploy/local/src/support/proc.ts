// One reading of Linux /proc: every process's id, state, parent and process group (the
// supervisor's exit hook, the reaper, the e2e stack test and the pipeline bench's memory watch ask
// it), and when a process started (a pid and its start time name one process even once the pid is
// recycled; pid_max is 32768 on the CI machine). Also the signals to whole process groups the
// supervisor and the reaper send.
import fs from 'node:fs';

export interface ProcessEntry {
  pid: number;
  /** R, S, D, Z (zombie: exited, not yet reaped), … */
  state: string;
  ppid: number;
  pgrp: number;
}

/** Whether this system has Linux's /proc (elsewhere callers fall back to signal 0). */
export function hasProc(): boolean {
  return fs.existsSync('/proc/self/stat');
}

/** The fields after `pid (comm)`: comm may hold spaces and parentheses, so split after the last ')'. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // not running (or exited while listing)
  }
}

/** The processes running now; [] where there is no /proc. */
export function processTable(): ProcessEntry[] {
  if (!hasProc()) return [];
  const found: ProcessEntry[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [state = '?', ppid, pgrp] = statFields(entry) ?? [];
    if (ppid !== undefined) found.push({ pid: Number(entry), state, ppid: Number(ppid), pgrp: Number(pgrp) });
  }
  return found;
}

/**
 * The other process groups with a running member in session `sid`. A detached child leads a
 * session of its own; what it starts in groups of their own (turbo runs each task so) stays in it.
 */
export function groupsInSession(sid: number): number[] {
  const groups = new Set<number>();
  if (!hasProc()) return [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [state, , pgrp, session] = statFields(entry) ?? [];
    if (state !== undefined && state !== 'Z' && Number(session) === sid && Number(pgrp) !== sid) groups.add(Number(pgrp));
  }
  return [...groups];
}

/**
 * When `pid` started (clock ticks since boot, /proc/<pid>/stat field 22), undefined when it is not
 * running, is only a zombie, or there is no /proc.
 */
export function startTimeOf(pid: number): string | undefined {
  const fields = statFields(pid);
  // fields[0] is field 3 (state), so field 22 is fields[19].
  if (!fields || fields[0] === 'Z') return undefined;
  return fields[19];
}

/**
 * A pid with its start time ("1234 567890"): written to pid files so that a later reader can tell
 * the process it names from another that got the recycled pid. Just the pid where there is no /proc.
 */
export function stampOf(pid: number): string {
  const start = startTimeOf(pid);
  return start === undefined ? String(pid) : `${pid} ${start}`;
}

export interface Stamp {
  pid: number;
  /** Absent in a pid file of an older launcher, or where there is no /proc. */
  start?: string;
}

/** A stamp from its text ("1234 567890", or a bare pid); undefined when it names no process. */
export function parseStamp(text: string): Stamp | undefined {
  const [pid, start] = text.trim().split(/\s+/);
  const parsed = Number.parseInt(pid ?? '', 10);
  if (!Number.isInteger(parsed) || parsed <= 1) return undefined;
  return start ? { pid: parsed, start } : { pid: parsed };
}

/** Reads a stamp from a file; undefined when missing or unreadable. */
export function readStamp(file: string): Stamp | undefined {
  try {
    return parseStamp(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A process's command line, arguments joined by spaces; '' when it is not running. */
export function cmdlineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Where a process's standard output goes (a file's path, `pipe:[…]`, …); '' when unknown. */
export function stdoutOf(pid: number): string {
  try {
    return fs.readlinkSync(`/proc/${pid}/fd/1`);
  } catch {
    return '';
  }
}

/**
 * Whether the owner a stamp names still runs. A stamp without a start time (an older launcher's)
 * counts when its pid runs a Node process: any other process there got a recycled pid.
 */
export function ownerRunning(owner: Stamp): boolean {
  if (!hasProc()) {
    try {
      process.kill(owner.pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  if (owner.start !== undefined) return startTimeOf(owner.pid) === owner.start;
  return cmdlineOf(owner.pid).includes('node');
}

export function killGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Like groupAlive, but a member that is only a zombie does not count: in the exit hook our own
 * killed children cannot be reaped, yet they no longer touch any file. Linux /proc; elsewhere
 * falls back to groupAlive.
 */
export function groupRunning(pgid: number): boolean {
  if (!hasProc()) return groupAlive(pgid);
  return processTable().some((entry) => entry.pgrp === pgid && entry.state !== 'Z');
}

export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
