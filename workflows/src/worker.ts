// The worker process: connects to Temporal and runs the sermon pipeline's workflow and activities.
import { NativeConnection } from '@temporalio/worker';
import { createStorage, storageConfigFromEnv } from '@lectern/service-kit';
import { createWorker } from './create-worker.ts';
import { readWorkerConfig } from './worker-config.ts';
import { createSermonPipelineActivities } from './activities/sermon-pipeline.activities.ts';
import { SermonsInternalClient } from './activities/sermons-internal.client.ts';
import { PipelineWorkspace } from './activities/pipeline.workspace.ts';
import { createTranscriber, readTranscriptionConfig } from './transcription/transcription.config.ts';
import { createContentProviders } from './content/content.config.ts';
import { SERMONS_RAW_BUCKET } from '@lectern/workflow-contract';

async function main(): Promise<void> {
  const config = readWorkerConfig();
  const transcription = readTranscriptionConfig();
  const content = createContentProviders(process.env, (line) => console.warn(`worker: ${line}`));
  // The quotation index (WEB + KJV) is built while the worker connects, not in the first sermon.
  void content.warmUp();
  // The worker only reads and deletes objects; it never signs links, so no public base URL.
  const storage = createStorage(storageConfigFromEnv(process.env, ''));
  const activities = createSermonPipelineActivities({
    sermons: new SermonsInternalClient({ baseUrl: config.sermonsInternalUrl, token: config.sermonsInternalToken }),
    rawBucket: () => storage.bucket(SERMONS_RAW_BUCKET),
    transcriber: createTranscriber(transcription),
    content,
    workspace: new PipelineWorkspace(config.workDir),
  });
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const worker = await createWorker({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    activities,
    workflowBundlePath: config.workflowBundlePath,
    overrides: { maxConcurrentActivityTaskExecutions: config.maxConcurrentSteps },
  });
  console.log(
    `worker: serving task queue "${config.taskQueue}" on ${config.temporalAddress} — recogniser ${transcription.kind}, generator ${content.description}, sermons API ${config.sermonsInternalUrl}`,
  );
  // Worker.run() shuts down gracefully on SIGINT/SIGTERM.
  await worker.run();
  await connection.close();
}

main().catch((error: unknown) => {
  console.error(`worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
