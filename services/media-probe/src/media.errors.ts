// ApplicationFailure comes from @temporalio/common (plain JavaScript): the sermons API uses these
// errors too and must not load the Temporal worker.
import { ApplicationFailure } from '@temporalio/common';
import { NON_RETRYABLE_STEP_ERROR } from '@lectern/workflow-contract';

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
