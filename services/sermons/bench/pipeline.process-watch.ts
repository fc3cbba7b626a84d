// Peak memory of a process and of each of its children (for the pipeline worker: the recogniser's
// Python, ffmpeg), sampled from /proc. A child's VmHWM is its own lifetime peak, so a sample just
// before it exits is enough.
import { readFileSync } from 'node:fs';
import { processTable } from '@lectern/local-stack/testing';

export interface PeakByCommand {
  /** Largest VmHWM seen per command name (comm), bytes. */
  peaks: Map<string, number>;
  stop(): void;
}

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // gone
  }
}

function childrenOf(pid: number): number[] {
  return processTable().filter((entry) => entry.ppid === pid).map((entry) => entry.pid);
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/** Samples `root` and its descendants every `everyMs` until stopped. */
export function watchPeaks(root: number, everyMs = 200): PeakByCommand {
  const peaks = new Map<string, number>();
  const sample = () => {
    const pending = [root];
    while (pending.length > 0) {
      const pid = pending.pop() as number;
      const name = pid === root ? 'worker (node)' : commandOf(pid);
      const peak = statusField(pid, 'VmHWM');
      if (peak > 0 && name !== '?') peaks.set(name, Math.max(peaks.get(name) ?? 0, peak));
      pending.push(...childrenOf(pid));
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return { peaks, stop: () => (clearInterval(timer), sample()) };
}

/** CPU seconds of a live process plus its exited, reaped children (utime + stime + cutime + cstime). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "(comm)" the state is index 0, so utime/stime/cutime/cstime are 11–14; 100 ticks a second on Linux.
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}
