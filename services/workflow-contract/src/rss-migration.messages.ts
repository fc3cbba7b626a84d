import { defineQuery, defineSignal } from '@temporalio/workflow';

/** Stop: the running item is cancelled cleanly (its sermon and media removed), nothing else starts. */
export const stopMigrationSignal = defineSignal('stopMigration');
/** Sent by a child sermon pipeline (to its parent) when one of its steps failed and it waits for a retry. */
export const pipelineFailedSignal = defineSignal<[{ sermonId: string; step: string; message: string }]>('pipelineFailed');
export const migrationProgressQuery = defineQuery<{ position: number | null; remaining: number; failed: number[]; stopping: boolean }>('migrationProgress');
