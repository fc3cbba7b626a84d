// What services import to start and steer workflows.
export * from './task-queues.ts';
export * from './workflows/sermon-pipeline.types.ts';
export * from './workflows/sermon-pipeline.messages.ts';
export type { SermonPipelineActivities } from './activities/sermon-pipeline.activities.ts';
export * from './workflows/rss-migration.types.ts';
export * from './workflows/rss-migration.messages.ts';
