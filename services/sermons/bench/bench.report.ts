// Formatting shared by the sermons benches: every figure is printed with its target, the ratio
// figure/target and the machine's load average at that moment (other work shares the 2 cores).
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
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}
