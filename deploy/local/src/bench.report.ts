// Formatting shared by every `npm run bench` script: each figure is printed with its target, the
// ratio figure/target and the machine's load average at that moment (other work shares the cores).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** "load 1.52/2.41/4.34 on 2 cores" (1-, 5- and 15-minute averages). */
export function loadAverage(): string {
  const [one, five, fifteen] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `load ${one}/${five}/${fifteen} on ${availableParallelism()} cores`;
}

/** `label: figure unit  target ≤|< T unit  ratio R  met|NOT met  (load …)`. */
export function targetLine(label: string, figure: number, unit: string, target: number, options: { atMost?: boolean; digits?: number } = {}): string {
  const ratio = figure / target;
  const met = options.atMost ? ratio <= 1 : ratio < 1;
  return `${label}: ${figure.toFixed(options.digits ?? 1)} ${unit}  target ${options.atMost ? '≤' : '<'} ${target} ${unit}  ratio ${ratio.toFixed(3)}  ${met ? 'met' : 'NOT met'}  (${loadAverage()})`;
}

/** Nearest-rank percentile of ascending-sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/**
 * CPU seconds of this process plus its waited-for children (/proc/self/stat utime, stime,
 * cutime, cstime): a child's time counts once it has exited and been reaped.
 */
export function cpuSecondsWithChildren(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after "(comm)": state is index 0, so utime/stime/cutime/cstime are 11–14.
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / CLOCK_TICKS_PER_SECOND;
}

// sysconf(_SC_CLK_TCK); 100 on Linux for every architecture Node supports.
const CLOCK_TICKS_PER_SECOND = 100;
