/** Task queues shared by the services that start workflows and the workers that serve them. */
export const SERMON_PIPELINE_TASK_QUEUE = 'sermon-pipeline';
export const RSS_MIGRATION_TASK_QUEUE = 'rss-migration';

/** One pipeline run per sermon: the workflow id is derived from the sermon id. */
export function sermonPipelineWorkflowId(sermonId: string): string {
  return `sermon-pipeline-${sermonId}`;
}

/** Workflow types (the exported function names the workers register). */
export const SERMON_PIPELINE_WORKFLOW = 'sermonPipelineWorkflow';
export const RSS_MIGRATION_WORKFLOW = 'rssMigrationWorkflow';

/** The bucket uploaded and downloaded recordings are stored in, read by the pipeline's first step. */
export const SERMONS_RAW_BUCKET = 'sermons-raw';
