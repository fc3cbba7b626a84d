// What services import to start and steer workflows.
// The contract itself lives in @lectern/workflow-contract (services import it from there).
export * from '@lectern/workflow-contract';
export type { SermonPipelineActivities } from './activities/sermon-pipeline.activities.ts';
