import { fileURLToPath } from 'node:url';
import { Worker, type NativeConnection, type WorkerOptions } from '@temporalio/worker';
import type { SermonPipelineActivities } from './activities/sermon-pipeline.activities.ts';
import type { RssMigrationActivities } from '@lectern/workflow-contract';

export const workflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));

export interface CreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  /** The pipeline's activities, or another queue's (the migration service serves rss-migration). */
  activities: Partial<SermonPipelineActivities> | Partial<RssMigrationActivities>;
  workflowBundlePath?: string | null;
  /** Extra options for tests (e.g. shorter shutdown grace). */
  overrides?: Partial<WorkerOptions>;
}

/** A worker for one task queue, from a pre-built bundle when given, else from the sources. */
export function createWorker(options: CreateWorkerOptions): Promise<Worker> {
  const workflowSource = options.workflowBundlePath
    ? { workflowBundle: { codePath: options.workflowBundlePath } }
    : { workflowsPath };
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: options.activities,
    ...workflowSource,
    // Heartbeats reach the server within 5 s, so Stop (activity cancellation) reaches a running
    // ffmpeg or recogniser promptly instead of after the default 80% of the heartbeat timeout.
    maxHeartbeatThrottleInterval: '5 seconds',
    defaultHeartbeatThrottleInterval: '5 seconds',
    ...options.overrides,
  });
}
