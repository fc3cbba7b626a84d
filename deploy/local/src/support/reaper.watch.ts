// The reaper's watcher process (started by startReaper in reaper.ts; ADR 0034).
//   node reaper.watch.ts <owner stamp> <data dir> remove|keep
// Once a second: ends when the data directory is gone (stopped in order); once the owner no
// longer runs, kills the directory's process groups, removes it (remove) or its owner file (keep)
// and ends.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ownerRunning, parseStamp } from './proc.ts';

const [stamp = '', dataDir = '', mode = ''] = process.argv.slice(2);
const owner = parseStamp(stamp);
if (!owner || !dataDir || !['remove', 'keep'].includes(mode)) {
  process.stderr.write('usage: reaper.watch.ts "<owner pid> [<start>]" <data dir> remove|keep\n');
  process.exit(2);
}

while (fs.existsSync(dataDir) && ownerRunning(owner)) await sleep(1000);
if (fs.existsSync(dataDir)) {
  // Loaded only now: while it watches, the process holds no more than it needs to poll.
  const { reapDataDir } = await import('./reaper.ts');
  const groups = await reapDataDir(dataDir, mode === 'remove');
  process.stdout.write(`${new Date().toISOString()} reaper: owner ${owner.pid} is gone; killed ${groups.length} process group(s) [${groups.join(' ')}]${mode === 'remove' ? `, removed ${dataDir}` : ''}\n`);
}
