import type { PipelineStep, StepInput } from '../workflows/sermon-pipeline.types.ts';

/**
 * What the sermon pipeline workflow asks of the outside world. Each step activity reads and writes
 * by id (media in the bucket, rows in the sermons schema), reports its percent through heartbeats
 * and sermon_progress, and is idempotent so a resumed or retried run does not duplicate output.
 */
export interface SermonPipelineActivities {
  normalizeAudio(input: StepInput): Promise<void>;
  transcribe(input: StepInput): Promise<void>;
  generateOutline(input: StepInput): Promise<void>;
  generateDevotionals(input: StepInput): Promise<void>;
  markStepFailed(input: StepInput & { step: PipelineStep; message: string }): Promise<void>;
  markReadyForReview(input: StepInput): Promise<void>;
  /** Stop: remove the sermon's media and records. */
  discardSermon(input: StepInput): Promise<void>;
}

/** Error type an activity throws for input that retrying cannot fix (for example media that is not audio). */
export const NON_RETRYABLE_STEP_ERROR = 'NonRetryableStepError';
