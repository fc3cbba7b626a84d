// The reaper (ADR 0034): infrastructure does not outlive its owner, even one killed where the
// supervisor's 'exit' hook cannot run, and one owner's reaper never touches another's parts.
import { afterAll, describe, test } from '@jest/globals';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cmdlineOf, processTable, stampOf } from '../src/support/proc.ts';
import { groupFileOf, ownerFileOf, sweepDeadOwners } from '../src/support/reaper.ts';
import { groupRunning, killGroup } from '../src/support/supervisor.ts';
import { patience } from '../src/support/test-time.ts';

const fixture = fileURLToPath(new URL('./fixtures/owner-of-a-sleeper.ts', import.meta.url));
const groupsToKill = new Set<number>();
const dirsToRemove = new Set<string>();

afterAll(() => {
  // Only what this file started, whatever the assertions said.
  for (const pgid of groupsToKill) killGroup(pgid, 'SIGKILL');
  for (const dir of dirsToRemove) fs.rmSync(dir, { recursive: true, force: true });
});

async function startOwner(): Promise<{ owner: ChildProcess; dataDir: string; group: number }> {
  const owner = spawn(process.execPath, [fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(readline.createInterface({ input: owner.stdout! }), 'line')) as [string];
  const { dataDir, group } = JSON.parse(line) as { dataDir: string; group: number };
  groupsToKill.add(group);
  dirsToRemove.add(dataDir);
  return { owner, dataDir, group };
}

async function until(what: string, done: () => boolean, ms = patience(10_000)): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A process group of its own (`sleep 300`), as the parts run; its output to `logFile` if given. */
function sleeper(logFile?: string): number {
  const fd = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn('sleep', ['300'], { detached: true, stdio: ['ignore', fd, fd] });
  if (typeof fd === 'number') fs.closeSync(fd);
  child.unref();
  assert.ok(child.pid);
  groupsToKill.add(child.pid);
  return child.pid;
}

describe('the reaper', () => {
  test('an owner killed by SIGKILL or SIGTERM leaves neither its parts nor its temporary data dir; the other owner runs on meanwhile', async () => {
    const first = await startOwner();
    const second = await startOwner();
    assert.ok(groupRunning(first.group) && groupRunning(second.group));
    assert.ok(fs.existsSync(first.dataDir) && fs.existsSync(second.dataDir));

    second.owner.kill('SIGKILL'); // no 'exit' hook runs, as in a Jest worker
    await until(`${second.dataDir} and group ${second.group} gone`, () => !groupRunning(second.group) && !fs.existsSync(second.dataDir));
    assert.ok(groupRunning(first.group), 'the other owner’s part runs on');
    assert.ok(fs.existsSync(first.dataDir), 'the other owner’s data dir is kept');

    first.owner.kill('SIGTERM'); // Node's default SIGTERM ends the process without 'exit' hooks too
    await until(`${first.dataDir} and group ${first.group} gone`, () => !groupRunning(first.group) && !fs.existsSync(first.dataDir));
  });

  test('a child started without a pid file of its own (a service) does not outlive its SIGKILLed owner either', async () => {
    const owner = spawn(process.execPath, [fileURLToPath(new URL('./fixtures/owner-of-a-child.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(readline.createInterface({ input: owner.stdout! }), 'line')) as [string];
    const { group, dir, logFile } = JSON.parse(line) as { group: number; dir: string; logFile: string };
    groupsToKill.add(group);
    dirsToRemove.add(dir).add(logFile);
    assert.match(path.basename(dir), /^lectern-test-procs-/);
    assert.ok(groupRunning(group));
    owner.kill('SIGKILL');
    await until(`group ${group} and ${dir} gone`, () => !groupRunning(group) && !fs.existsSync(dir));
  });

  test('a group handed to superviseGroup (npm test’s turbo) is killed with the groups of its session once its owner is SIGKILLed', async () => {
    const owner = spawn(process.execPath, [fileURLToPath(new URL('./fixtures/owner-of-a-child.ts', import.meta.url)), 'session'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(readline.createInterface({ input: owner.stdout! }), 'line')) as [string];
    const { group, task, logFile } = JSON.parse(line) as { group: number; task: number; logFile: string };
    groupsToKill.add(group).add(task);
    dirsToRemove.add(logFile);
    assert.ok(groupRunning(group) && groupRunning(task) && task !== group);
    owner.kill('SIGKILL');
    await until(`groups ${group} and ${task} gone`, () => !groupRunning(group) && !groupRunning(task));
  });

  test('a stop in order dismisses the watcher and finishes, even as the last work of its process', async () => {
    const owner = spawn(process.execPath, [fixture, 'stop'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    owner.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(owner, 'exit')) as [number | null];
    const { dataDir, group } = JSON.parse(out.split('\n')[0] ?? '') as { dataDir: string; group: number };
    groupsToKill.add(group);
    dirsToRemove.add(dataDir);
    assert.equal(code, 0);
    assert.match(out, /^stopped$/m, 'stop() resolved before the process ended');
    assert.equal(groupRunning(group), false);
    assert.equal(fs.existsSync(dataDir), false);
    assert.deepEqual(processTable().filter((entry) => entry.ppid === owner.pid || cmdlineOf(entry.pid).includes(dataDir)), [], 'no watcher left');
  });

  test('a start sweeps a dead owner’s data dir (its parts killed, the dir removed) and leaves a live owner’s, a recycled pid, an unrelated bare pid and other dirs alone', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-sweep-'));
    dirsToRemove.add(root);
    const dir = (name: string, owner?: string) => {
      const made = path.join(root, name);
      fs.mkdirSync(made);
      if (owner) fs.writeFileSync(ownerFileOf(made), owner);
      return made;
    };
    const part = (dataDir: string, name: string, stamp: string) => {
      fs.mkdirSync(path.join(dataDir, name));
      fs.writeFileSync(groupFileOf(path.join(dataDir, name)), `${stamp}\n`);
    };

    const gone = spawn('sleep', ['30']);
    assert.ok(gone.pid);
    const goneOwner = stampOf(gone.pid);
    gone.kill('SIGKILL');
    await once(gone, 'exit');

    const dead = dir('lectern-test-dead01', goneOwner);
    const orphan = sleeper();
    part(dead, 'postgres', stampOf(orphan));
    // A pid file whose pid now belongs to another process (its start time differs).
    const stranger = sleeper();
    part(dead, 'kafka', `${stranger} 1`);

    // Pid files of a launcher from before the stamps: a bare pid, ours when its output goes into the dir.
    fs.mkdirSync(path.join(dead, 'logs'));
    const olderPart = sleeper(path.join(dead, 'logs', 'stripe.log'));
    part(dead, 'stripe', String(olderPart));
    const olderStranger = sleeper();
    part(dead, 'mail', String(olderStranger));

    const live = dir('lectern-test-live01', stampOf(process.pid));
    const livePart = sleeper();
    part(live, 'postgres', stampOf(livePart));
    const results = dir('lectern-test-results-x1');

    assert.deepEqual(await sweepDeadOwners(root), [dead]);
    assert.equal(groupRunning(orphan), false, 'the dead owner’s part was killed');
    assert.equal(fs.existsSync(dead), false, 'the dead owner’s dir was removed');
    assert.ok(groupRunning(stranger), 'a recycled pid is not ours to kill');
    assert.equal(groupRunning(olderPart), false, 'an older bare-pid part writing into the dir was killed');
    assert.ok(groupRunning(olderStranger), 'an older bare pid with nothing of the dir is not ours to kill');
    assert.ok(groupRunning(livePart) && fs.existsSync(live), 'a live owner’s infrastructure is left alone');
    assert.ok(fs.existsSync(results), 'a dir without an owner file is not infrastructure');
  });
});
