import os from 'node:os';
import path from 'node:path';
import { SERMON_PIPELINE_TASK_QUEUE } from '@lectern/workflow-contract';

export interface WorkerConfig {
  temporalAddress: string;
  temporalNamespace: string;
  /** SERMON_PIPELINE_TASK_QUEUE: the queue the sermons service starts runs on. */
  taskQueue: string;
  /** Pre-built bundle (production); when absent the worker bundles the workflow sources at start. */
  workflowBundlePath: string | null;
  /** The sermons service's internal API (progress, transcript, outline, devotionals, status). */
  sermonsInternalUrl: string;
  sermonsInternalToken: string;
  /** Scratch space for downloaded media, normalised audio and transcription checkpoints. */
  workDir: string;
  /** Pipeline steps this worker runs at once (a step runs ffmpeg, the recogniser or a generator). */
  maxConcurrentSteps: number;
}

/** Reads the worker's environment; throws one line naming the bad variable. */
export function readWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const temporalAddress = env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
  if (!/^[\w.-]+:\d+$/.test(temporalAddress)) {
    throw new Error(`Invalid configuration: TEMPORAL_ADDRESS must be host:port (got "${temporalAddress}")`);
  }
  const sermonsInternalUrl = (env.SERMONS_INTERNAL_URL ?? 'http://127.0.0.1:4102').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(sermonsInternalUrl)) {
    throw new Error(`Invalid configuration: SERMONS_INTERNAL_URL must be an http(s) origin (got "${sermonsInternalUrl}")`);
  }
  const sermonsInternalToken = env.SERMONS_INTERNAL_TOKEN ?? '';
  if (sermonsInternalToken.length < 32) {
    throw new Error('Invalid configuration: SERMONS_INTERNAL_TOKEN must be set to the sermons service\'s token (at least 32 characters)');
  }
  const maxConcurrentSteps = Number(env.PIPELINE_MAX_CONCURRENT_STEPS ?? 2);
  if (!Number.isInteger(maxConcurrentSteps) || maxConcurrentSteps < 1) {
    throw new Error(`Invalid configuration: PIPELINE_MAX_CONCURRENT_STEPS must be a whole number ≥ 1 (got "${env.PIPELINE_MAX_CONCURRENT_STEPS}")`);
  }
  return {
    temporalAddress,
    temporalNamespace: env.TEMPORAL_NAMESPACE ?? 'default',
    taskQueue: env.SERMON_PIPELINE_TASK_QUEUE || SERMON_PIPELINE_TASK_QUEUE,
    workflowBundlePath: env.WORKFLOW_BUNDLE_PATH ?? null,
    sermonsInternalUrl,
    sermonsInternalToken,
    workDir: env.PIPELINE_WORK_DIR ?? path.join(os.tmpdir(), 'lectern-pipeline'),
    maxConcurrentSteps,
  };
}
