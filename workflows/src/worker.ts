// The worker process: connects to Temporal and serves the workflow task queues.
import { NativeConnection } from '@temporalio/worker';
import { createWorker } from './create-worker.ts';
import { SERMON_PIPELINE_TASK_QUEUE } from './task-queues.ts';
import { readWorkerConfig } from './worker-config.ts';

async function main(): Promise<void> {
  const config = readWorkerConfig();
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  // The pipeline's step activities (ffmpeg, recognition, generation) arrive with the sermon
  // pipeline; until they are registered a started run waits at its first step.
  const worker = await createWorker({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: SERMON_PIPELINE_TASK_QUEUE,
    activities: {},
    workflowBundlePath: config.workflowBundlePath,
  });
  console.log(`worker: serving task queue "${SERMON_PIPELINE_TASK_QUEUE}" on ${config.temporalAddress}`);
  // Worker.run() shuts down gracefully on SIGINT/SIGTERM.
  await worker.run();
  await connection.close();
}

main().catch((error: unknown) => {
  console.error(`worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
