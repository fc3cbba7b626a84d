// One reading of Linux /proc: every process's id, state, parent and process group (the
// supervisor's exit hook, the e2e stack test and the pipeline bench's memory watch ask it).
import fs from 'node:fs';

export interface ProcessEntry {
  pid: number;
  /** R, S, D, Z (zombie: exited, not yet reaped), … */
  state: string;
  ppid: number;
  pgrp: number;
}

/** The processes running now; [] where there is no /proc. */
export function processTable(): ProcessEntry[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const found: ProcessEntry[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
      const [state = '?', ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.push({ pid: Number(entry), state, ppid: Number(ppid), pgrp: Number(pgrp) });
    } catch {
      // exited while listing
    }
  }
  return found;
}
