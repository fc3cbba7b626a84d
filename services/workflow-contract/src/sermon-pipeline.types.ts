// Types shared by the pipeline workflow, its activities and the services that start it.
// Kept free of imports so the workflow sandbox and Node code can both use it.

export const PIPELINE_STEPS = ['normalize', 'transcribe', 'outline', 'devotional'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

export interface SermonPipelineInput {
  sermonId: string;
  orgId: string;
  /** Key of the uploaded recording in the `sermons-raw` bucket. Ids only: never transcripts. */
  mediaKey: string;
  /** Where to start; a retry after a failure starts at the failed step. */
  startAt?: PipelineStep;
}

export interface StepInput {
  sermonId: string;
  orgId: string;
  mediaKey: string;
}

export type PipelineStatus = 'running' | 'failed' | 'completed' | 'stopped';

export interface PipelineState {
  status: PipelineStatus;
  currentStep: PipelineStep | null;
  completedSteps: PipelineStep[];
  failedStep: PipelineStep | null;
  errorMessage: string | null;
  attempts: number;
}

export interface RetryResult {
  restartedAt: PipelineStep;
}

/** Failure type of a step input that retrying cannot fix (for example media that is not audio). */
export const NON_RETRYABLE_STEP_ERROR = 'NonRetryableStepError';
/** Failure type of a step whose sermon was deleted or stopped meanwhile: the run ends quietly. */
export const SERMON_REMOVED_ERROR = 'SermonRemovedError';

/**
 * Search attributes (Keyword) an operator filters on in the Temporal UI, e.g.
 * `LecternOrganization = "<org id>" AND LecternSermonState = "FAILED"`. The starter sets both; the
 * run updates the state, because a failed run stays open (Running) while it waits for Retry.
 */
export const SERMON_SEARCH_ATTRIBUTES = { organization: 'LecternOrganization', state: 'LecternSermonState' } as const;
export type SermonRunState = 'PROCESSING' | 'FAILED' | 'REVIEW' | 'STOPPED';
