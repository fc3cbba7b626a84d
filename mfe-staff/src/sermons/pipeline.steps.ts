// Per-step processing state (spec 000 §4), derived from the progress row and the sermon status.
import type { PipelineStep, SermonDetails, SermonProgress, SermonStatus } from './sermon.types.ts';

export type StepState = 'pending' | 'processing' | 'completed' | 'failed';

export const PIPELINE_STEPS: readonly { step: PipelineStep; label: string; running: string; done: string }[] =
  [
    {
      step: 'upload',
      label: 'Upload',
      running: 'Uploading sermon file...',
      done: 'File uploaded successfully',
    },
    {
      step: 'transcribe',
      label: 'Transcribe',
      running: 'Transcribing audio with AI...',
      done: 'Transcription completed',
    },
    {
      step: 'outline',
      label: 'Outline',
      running: 'Generating sermon outline...',
      done: 'Sermon outline generated',
    },
    {
      step: 'devotion',
      label: '5-Day Devotional',
      running: 'Creating 5-day devotional series...',
      done: 'Devotional series created',
    },
  ];

export const FAILED_MESSAGE = 'Processing failed';
export const PENDING_LABEL = 'Waiting to start...';

export function percentOf(progress: SermonProgress, step: PipelineStep): number {
  switch (step) {
    case 'upload':
      return progress.uploadPct;
    case 'transcribe':
      return progress.transcribePct;
    case 'outline':
      return progress.outlinePct;
    case 'devotion':
      return progress.devotionPct;
  }
}

export function stepState(progress: SermonProgress, step: PipelineStep): StepState {
  if (progress.status === 'failed' && progress.currentStep === step) return 'failed';
  const percent = percentOf(progress, step);
  if (percent >= 100) return 'completed';
  if (percent > 0 || progress.currentStep === step) return 'processing';
  return 'pending';
}

/** Completed, Failed, the percent, or 'Waiting to start...'. */
export function stepLabel(progress: SermonProgress, step: PipelineStep): string {
  const state = stepState(progress, step);
  if (state === 'completed') return 'Completed';
  if (state === 'failed') return 'Failed';
  if (state === 'pending') return PENDING_LABEL;
  return `${Math.round(percentOf(progress, step))}%`;
}

export function stepMessage(progress: SermonProgress, step: PipelineStep): string {
  const state = stepState(progress, step);
  const info = PIPELINE_STEPS.find((s) => s.step === step)!;
  if (state === 'failed') return FAILED_MESSAGE;
  if (state === 'completed') return info.done;
  if (state === 'processing') return info.running;
  return PENDING_LABEL;
}

export function processingFinished(progress: SermonProgress | null, status: SermonStatus): boolean {
  if (status === 'REVIEW' || status === 'PUBLISHED') return true;
  if (!progress) return false;
  if (progress.status === 'completed') return true;
  return progress.transcribePct >= 100 && progress.outlinePct >= 100 && progress.devotionPct >= 100;
}

/** The stepper and Stop show while progress exists, is neither completed nor failed, and is not finished. */
export function showStepper(progress: SermonProgress | null, status: SermonStatus): boolean {
  return (
    progress !== null &&
    progress.status !== 'completed' &&
    progress.status !== 'failed' &&
    !processingFinished(progress, status)
  );
}

/** The result sections' steps: their failure titles (spec 000 §2). */
export const SECTION_FAILURE_TITLES: Record<'transcribe' | 'outline' | 'devotion', string> = {
  transcribe: 'Transcription Failed',
  outline: 'Outline Generation Failed',
  devotion: 'Devotional Generation Failed',
};

/** How long a section shows its success indicator after it completes (spec 000 §9). */
export const SUCCESS_FLASH_MS = 3000;

/**
 * A section flashes when it moves into completed while the page watches — once per completion.
 * `before` is null on the first render: a section already completed when the page opens does not
 * flash; one that fails and then completes after a retry flashes again.
 */
export function startsCompletionFlash(before: StepState | null, now: StepState): boolean {
  return now === 'completed' && before !== null && before !== 'completed';
}

/**
 * A live progress update that completes a step whose result the page does not have yet (the
 * transcript at transcribe 100, the outline at outline 100, the devotionals at devotion 100):
 * the page fetches the sermon again, so a finished section shows its content at once rather than
 * at the end of the run. Only on the move to 100, so later updates do not refetch again.
 */
export function completesMissingContent(
  current: Pick<SermonDetails, 'progress' | 'transcript' | 'outline' | 'devotionals'>,
  next: SermonProgress,
): boolean {
  const reached = (step: PipelineStep) =>
    percentOf(next, step) >= 100 && percentOf(current.progress, step) < 100;
  return (
    (reached('transcribe') && !current.transcript) ||
    (reached('outline') && !current.outline) ||
    (reached('devotion') && current.devotionals.length === 0)
  );
}
