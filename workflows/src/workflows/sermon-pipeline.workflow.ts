import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  getExternalWorkflowHandle,
  isCancellation,
  patched,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { SermonPipelineActivities } from '../activities/sermon-pipeline.activities.ts';
import {
  pipelineFailedSignal,
  progressQuery,
  retryUpdate,
  stopSignal,
  NON_RETRYABLE_STEP_ERROR,
  PIPELINE_STEPS,
  SERMON_REMOVED_ERROR,
  SERMON_SEARCH_ATTRIBUTES,
  type PipelineState,
  type SermonRunState,
  type PipelineStep,
  type SermonPipelineInput,
  type StepInput,
} from '@lectern/workflow-contract';

const shortSteps = proxyActivities<SermonPipelineActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 5, initialInterval: '1 second' },
});

// Recognition and generation of a long recording take a while; heartbeats carry their progress
// so a crashed worker is noticed within 30 seconds and the step resumes on another worker.
const longSteps = proxyActivities<SermonPipelineActivities>({
  startToCloseTimeout: '3 hours',
  heartbeatTimeout: '30 seconds',
  retry: {
    maximumAttempts: 3,
    initialInterval: '5 seconds',
    nonRetryableErrorTypes: [NON_RETRYABLE_STEP_ERROR, SERMON_REMOVED_ERROR],
  },
});

const runStep: Record<PipelineStep, (input: StepInput) => Promise<void>> = {
  normalize: longSteps.normalizeAudio,
  transcribe: longSteps.transcribe,
  outline: longSteps.generateOutline,
  devotional: longSteps.generateDevotionals,
};

export async function sermonPipelineWorkflow(input: SermonPipelineInput): Promise<PipelineState> {
  const stepInput: StepInput = { sermonId: input.sermonId, orgId: input.orgId, mediaKey: input.mediaKey };
  const startIndex = input.startAt ? PIPELINE_STEPS.indexOf(input.startAt) : 0;
  const state: PipelineState = {
    status: 'running',
    currentStep: null,
    completedSteps: PIPELINE_STEPS.slice(0, Math.max(startIndex, 0)),
    failedStep: null,
    errorMessage: null,
    attempts: 1,
  };
  let retryRequested = false;

  const run = new CancellationScope();
  setHandler(progressQuery, () => state);
  setHandler(stopSignal, () => run.cancel());
  setHandler(
    retryUpdate,
    () => {
      retryRequested = true;
      return { restartedAt: state.failedStep as PipelineStep };
    },
    {
      validator: () => {
        if (state.status !== 'failed') throw new Error(`Nothing to retry: the run is ${state.status}`);
      },
    },
  );

  try {
    await run.run(async () => {
      let index = Math.max(startIndex, 0);
      while (index < PIPELINE_STEPS.length) {
        const step = PIPELINE_STEPS[index] as PipelineStep;
        state.currentStep = step;
        try {
          await runStep[step](stepInput);
          state.completedSteps.push(step);
          index += 1;
        } catch (error) {
          if (isCancellation(error)) throw error;
          if (failureType(error) === SERMON_REMOVED_ERROR) {
            // Deleted or stopped meanwhile: nothing to mark, only this worker's scratch files to drop.
            state.status = 'stopped';
            await shortSteps.discardSermon(stepInput);
            return;
          }
          // Retry is accepted as soon as the run reports itself failed, even while the failure
          // is still being recorded: the request must not be lost.
          retryRequested = false;
          state.status = 'failed';
          state.failedStep = step;
          state.errorMessage = describeFailure(error);
          await shortSteps.markStepFailed({ ...stepInput, step, message: state.errorMessage });
          showState('FAILED', { failedStep: step, errorMessage: state.errorMessage });
          await tellParentOfFailure(input.sermonId, step, state.errorMessage);
          await condition(() => retryRequested);
          showState('PROCESSING', { failedStep: null, errorMessage: null });
          state.status = 'running';
          state.failedStep = null;
          state.errorMessage = null;
          state.attempts += 1;
        }
      }
      state.currentStep = null;
      await shortSteps.markReadyForReview(stepInput);
      showState('REVIEW', { failedStep: null, errorMessage: null });
      state.status = 'completed';
    });
    return state;
  } catch (error) {
    if (!isCancellation(error)) throw error;
    state.status = 'stopped';
    // Clean-up must run even though the run itself was cancelled.
    await CancellationScope.nonCancellable(() => shortSteps.discardSermon(stepInput));
    throw error;
  }
}

/**
 * What the Temporal UI shows an operator: a failed run is still "Running" (it waits for Retry), so
 * its state goes into the LecternSermonState search attribute (when the starter set it, which also
 * proves the attribute is registered), the memo and the run's current details.
 */
function showState(state: SermonRunState, memo: { failedStep: PipelineStep | null; errorMessage: string | null }): void {
  if (!patched('sermon-state-visible-to-operators')) return;
  setCurrentDetails(memo.errorMessage ? `${state}: ${memo.failedStep} failed: ${memo.errorMessage}` : state);
  upsertMemo({ sermonState: state, ...memo });
  if (workflowInfo().searchAttributes?.[SERMON_SEARCH_ATTRIBUTES.state] !== undefined) {
    upsertSearchAttributes({ [SERMON_SEARCH_ATTRIBUTES.state]: [state] });
  }
}

/** A run started by a migration tells it, so the migration goes on while this run waits for a retry. */
async function tellParentOfFailure(sermonId: string, step: PipelineStep, message: string): Promise<void> {
  const parent = workflowInfo().parent;
  if (!parent) return;
  try {
    await getExternalWorkflowHandle(parent.workflowId).signal(pipelineFailedSignal, { sermonId, step, message });
  } catch {
    // The migration has ended meanwhile: nobody is waiting for this news.
  }
}

function failureType(error: unknown): string | undefined {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
}

function describeFailure(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure || cause instanceof Error) return cause.message;
  return 'The step failed';
}
