import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { PipelineState, RetryResult } from './sermon-pipeline.types.ts';

/** Stop: cancel the run and clean up (same effect as cancelling the workflow). */
export const stopSignal = defineSignal('stop');
/** Retry a failed run from its failed step; refused unless the run is waiting after a failure. */
export const retryUpdate = defineUpdate<RetryResult>('retry');
export const progressQuery = defineQuery<PipelineState>('progress');
