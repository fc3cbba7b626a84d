// The real pipeline worker (workflows/src/worker.ts) as a child process, wired to a test app:
// same Temporal queue, the app's internal API and token, its storage, the provisioned recogniser.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workerEntry } from '@lectern/workflows/testing';
import { asrEnv, ensureAsr, patience } from '@lectern/local-stack/testing';
import { INTERNAL_TOKEN } from './helper.ts';

export interface PipelineWorker {
  child: ChildProcess;
  workDir: string;
  output(): string;
  /** SIGTERM and wait (graceful); `kill('SIGKILL')` simulates a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startPipelineWorker(
  appEnv: Record<string, string>,
  baseUrl: string,
  extraEnv: Record<string, string> = {},
  /** The scratch directory of a previous worker on this machine (a restart), else a fresh one. */
  workDir = mkdtempSync(join(tmpdir(), 'pipeline-work-')),
): Promise<PipelineWorker> {
  const asr = asrEnv(await ensureAsr(() => {}));
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', workerEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      TEMPORAL_ADDRESS: appEnv.TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE: appEnv.TEMPORAL_NAMESPACE,
      SERMON_PIPELINE_TASK_QUEUE: appEnv.SERMON_PIPELINE_TASK_QUEUE,
      SERMONS_INTERNAL_URL: baseUrl,
      SERMONS_INTERNAL_TOKEN: INTERNAL_TOKEN,
      STORAGE_DRIVER: 'fs',
      STORAGE_FS_ROOT: appEnv.STORAGE_FS_ROOT,
      PIPELINE_WORK_DIR: workDir,
      ...asr,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const startWithin = patience(60_000);
  const deadline = Date.now() + startWithin;
  while (!output.includes('worker: serving task queue')) {
    if (child.exitCode !== null) throw new Error(`the pipeline worker exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the pipeline worker did not start within ${startWithin / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    workDir,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}
