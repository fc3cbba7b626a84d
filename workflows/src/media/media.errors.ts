import { ApplicationFailure } from '@temporalio/activity';
import { NON_RETRYABLE_STEP_ERROR } from '../workflows/sermon-pipeline.types.ts';

/** The file is not usable audio or video: retrying cannot help, so Temporal must not retry. */
export class InvalidMediaError extends ApplicationFailure {
  constructor(message: string) {
    // ApplicationFailure fixes `name`; the failure type carries the meaning across Temporal.
    super(message, NON_RETRYABLE_STEP_ERROR, true);
  }
}

/** ffmpeg/ffprobe could not run or stopped for a reason other than the input (retryable). */
export class MediaToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaToolError';
  }
}
