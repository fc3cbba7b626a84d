// The real processes a migration runs across, as children of the test: the sermons service, the
// sermon pipeline worker (ffmpeg, faster-whisper, the generator) and a migration service instance
// whose rss-migration worker can be killed and restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerEntry } from '@lectern/workflows/testing';
import { asrEnv, ensureAsr, patience } from '@lectern/local-stack/testing';

export interface Child {
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startChild(name: string, entry: string, env: Record<string, string>, ready: (output: string) => boolean | Promise<boolean>, timeoutMs = patience(240_000)): Promise<Child> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--disable-warning=TimeoutNegativeWarning', entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-40_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + timeoutMs;
  while (!(await ready(output))) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

const answers = (url: string) => async () => fetch(url).then((r) => r.ok, () => false);

export async function startSermonsService(env: Record<string, string>): Promise<Child & { baseUrl: string }> {
  const port = await freePort();
  const entry = fileURLToPath(new URL('../../sermons/src/server.ts', import.meta.url));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = await startChild('sermons', entry, { ...env, HOST: '127.0.0.1', PORT: String(port) }, answers(`${baseUrl}/api/sermons/readyz`));
  return { ...child, baseUrl };
}

export async function startPipelineWorker(env: Record<string, string>, workDir = mkdtempSync(join(tmpdir(), 'migration-pipeline-'))): Promise<Child> {
  const asr = asrEnv(await ensureAsr(() => {}));
  return startChild('pipeline worker', workerEntry, { ...env, PIPELINE_WORK_DIR: workDir, ...asr }, (output) => output.includes('worker: serving task queue'));
}

export async function startMigrationInstance(env: Record<string, string>): Promise<Child & { baseUrl: string }> {
  const port = await freePort();
  const entry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = await startChild('migration', entry, { ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' }, (output) => output.includes("state: 'RUNNING'") || output.includes('"state":"RUNNING"'));
  return { ...child, baseUrl };
}
