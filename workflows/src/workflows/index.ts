// The workflow bundle's entry: every workflow the workers serve.
export { sermonPipelineWorkflow } from './sermon-pipeline.workflow.ts';
export { rssMigrationWorkflow } from './rss-migration.workflow.ts';
