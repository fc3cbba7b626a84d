// The /proc reading the supervisor's exit hook relies on: a child is listed under its parent and
// process group while it runs, and no longer counts as running once it exited.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from '@jest/globals';
import { processTable } from './proc.ts';

test('this process is listed with its parent and process group', () => {
  const self = processTable().find((entry) => entry.pid === process.pid);
  expect(self).toEqual({ pid: process.pid, state: expect.any(String), ppid: process.ppid, pgrp: expect.any(Number) });
});

test('a child in its own group is listed under this process, then gone once it exited and was reaped', async () => {
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
  assert.ok(child.pid);
  const running = processTable().find((entry) => entry.pid === child.pid);
  expect(running).toEqual({ pid: child.pid, state: expect.stringMatching(/^[RSD]$/), ppid: process.pid, pgrp: child.pid });
  child.kill('SIGKILL');
  await once(child, 'exit');
  expect(processTable().some((entry) => entry.pid === child.pid && entry.state !== 'Z')).toBe(false);
});
