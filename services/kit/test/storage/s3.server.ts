// An S3-compatible endpoint for the storage tests: the one the environment names (the shared
// harness exports S3_ENDPOINT etc.), else a versitygw started here on a free port and a temp dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { S3StorageConfig } from '../../src/storage/index.ts';

export interface S3Endpoint {
  config: S3StorageConfig;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const versitygw = process.env.VERSITYGW_BIN ?? path.join(os.homedir(), '.cache/lectern/bin/versitygw');

async function launch(args: string[], endpoint: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(versitygw, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ROOT_ACCESS_KEY_ID: '', ROOT_SECRET_ACCESS_KEY: '' } });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`versitygw exited (${child.exitCode}): ${output.slice(-2000)}`);
    try {
      // An unsigned request gets 403 AccessDenied: the S3 API is answering.
      if ((await fetch(`${endpoint}/`)).status === 403) return { child, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`versitygw did not answer on ${endpoint} within 15 s: ${output.slice(-2000)}`);
}

export async function s3Endpoint(): Promise<S3Endpoint> {
  const env = process.env;
  if (env.S3_ENDPOINT) {
    return {
      config: { endpoint: env.S3_ENDPOINT, region: env.S3_REGION ?? 'us-east-1', accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
      stop: async () => {},
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kit-s3-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = { endpoint, region: 'us-east-1', accessKeyId: 'kit-test', secretAccessKey: 'kit-test-secret-key' };
  const base = ['--access', config.accessKeyId, '--secret', config.secretAccessKey, '--region', config.region, '--port', `127.0.0.1:${port}`];
  await import('node:fs/promises').then((fs) => Promise.all([fs.mkdir(path.join(dir, 'data')), fs.mkdir(path.join(dir, 'meta'))]));
  // Object metadata lives in xattrs; fall back to a sidecar directory where there are none.
  let started: { child: ChildProcess; output: () => string };
  try {
    started = await launch([...base, 'posix', path.join(dir, 'data')], endpoint);
  } catch {
    started = await launch([...base, 'posix', '--sidecar', path.join(dir, 'meta'), path.join(dir, 'data')], endpoint);
  }
  const { child } = started;
  return {
    config,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(3000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
