// One run chain per migration: items one after another — sermon record, media download into
// storage, then the standard sermon pipeline as a child workflow. A failed item is a failed step
// and the next goes on; Stop cancels the running item cleanly. The history is kept small by
// continuing as new every few items (ids only in the input).
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  ParentClosePolicy,
  ChildWorkflowCancellationType,
  condition,
  continueAsNew,
  isCancellation,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import {
  MIGRATION_ITEM_ERROR,
  MIGRATION_QUOTA_ERROR,
  migrationProgressQuery,
  pipelineFailedSignal,
  sermonPipelineWorkflowId,
  stopMigrationSignal,
  type RssMigrationActivities,
  type RssMigrationInput,
  type RssMigrationResult,
} from '@lectern/workflow-contract';
import { sermonPipelineWorkflow } from './sermon-pipeline.workflow.ts';

/** Items per run before continuing as new (≈ 30 events an item keeps a run far below 4k events). */
export const ITEMS_PER_RUN = 25;

const bookkeeping = proxyActivities<RssMigrationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second', maximumInterval: '30 seconds' },
});

// Creating the sermon record waits out a busy pipeline (429) for as long as it takes; the
// organization's quota running out is final.
const records = proxyActivities<RssMigrationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', nonRetryableErrorTypes: [MIGRATION_ITEM_ERROR, MIGRATION_QUOTA_ERROR] },
});

// A download heartbeats its byte count; a lost worker is noticed within 30 s and the next attempt
// resumes from the bytes already on disk (HTTP Range).
const downloads = proxyActivities<RssMigrationActivities>({
  startToCloseTimeout: '4 hours',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 5, initialInterval: '5 seconds', nonRetryableErrorTypes: [MIGRATION_ITEM_ERROR] },
});

export async function rssMigrationWorkflow(input: RssMigrationInput): Promise<RssMigrationResult> {
  const { migrationId } = input;
  const remaining = [...input.positions];
  const failed = [...(input.failed ?? [])];
  let stopping = false;
  let current: number | null = null;
  let currentScope: CancellationScope | null = null;
  let pipelineFailure: { sermonId: string; step: string; message: string } | null = null;

  setHandler(stopMigrationSignal, () => {
    stopping = true;
    currentScope?.cancel();
  });
  setHandler(pipelineFailedSignal, (failure) => {
    pipelineFailure = failure;
  });
  setHandler(migrationProgressQuery, () => ({ position: current, remaining: remaining.length, failed, stopping }));

  if (workflowInfo().continuedFromExecutionRunId === undefined) await bookkeeping.beginMigration({ migrationId });

  let ranThisRun = 0;
  while (remaining.length > 0 && !stopping) {
    if (ranThisRun >= ITEMS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof rssMigrationWorkflow>({ ...input, positions: remaining, failed });
    }
    const position = remaining[0] as number;
    current = position;
    const ref = { migrationId, position };
    const scope = new CancellationScope();
    currentScope = scope;
    let sermonId: string | null = null;
    let pipelineStarted = false;
    try {
      await scope.run(async () => {
        const item = await records.prepareItem(ref);
        if (item.done) return;
        sermonId = item.sermonId;
        await bookkeeping.recordStep({ ...ref, name: 'Downloading media', message: item.title, status: 'running', progress: 0 });
        await downloads.downloadMedia({ ...ref, sermonId: item.sermonId, mediaKey: item.mediaKey });
        await bookkeeping.recordStep({ ...ref, name: 'Processing sermon', message: item.title, status: 'running', progress: 0 });
        pipelineFailure = null;
        pipelineStarted = true;
        const child = await startChild(sermonPipelineWorkflow, {
          workflowId: sermonPipelineWorkflowId(item.sermonId),
          taskQueue: input.pipelineTaskQueue,
          args: [{ sermonId: item.sermonId, orgId: item.orgId, mediaKey: item.mediaKey }],
          // A failed pipeline waits for a Retry from the sermon page; it outlives this migration.
          parentClosePolicy: ParentClosePolicy.ABANDON,
          cancellationType: ChildWorkflowCancellationType.WAIT_CANCELLATION_COMPLETED,
        });
        const outcome = await Promise.race([
          child.result().then((state) => (state.status === 'completed' ? null : { sermonId: item.sermonId, step: 'pipeline', message: 'The sermon was removed while it was processed' })),
          condition(() => pipelineFailure?.sermonId === item.sermonId).then(() => pipelineFailure),
        ]);
        if (outcome) {
          failed.push(position);
          await bookkeeping.finishItem({ ...ref, outcome: 'failed', message: `${outcome.step}: ${outcome.message}` });
        } else {
          await bookkeeping.finishItem({ ...ref, outcome: 'completed', message: item.title });
        }
      });
    } catch (error) {
      if (isCancellation(error) || (stopping && error instanceof ChildWorkflowFailure)) {
        // Stop: the child pipeline removed its own sermon; a download in flight leaves a partial
        // file and a record, removed here. Runs even though the scope was cancelled.
        await CancellationScope.nonCancellable(async () => {
          if (sermonId) await bookkeeping.discardItem({ ...ref, sermonId });
          await bookkeeping.finishItem({ ...ref, outcome: 'cancelled', message: 'Stopped before this video finished' });
        });
        break;
      }
      failed.push(position);
      if (isQuotaFailure(error)) {
        // The organization's quota ran out: this item and every one after it fail with its message.
        const message = describeFailure(error);
        await bookkeeping.finishItem({ ...ref, outcome: 'failed', message });
        const rest = remaining.slice(1);
        if (rest.length > 0) await bookkeeping.failRemaining({ migrationId, positions: rest, message });
        failed.push(...rest);
        remaining.length = 0;
        break;
      }
      // Failed before processing (download refused, not media…): no record without its recording.
      if (sermonId && !pipelineStarted) await bookkeeping.discardItem({ ...ref, sermonId });
      await bookkeeping.finishItem({ ...ref, outcome: 'failed', message: describeFailure(error) });
    } finally {
      currentScope = null;
    }
    remaining.shift();
    ranThisRun += 1;
  }
  current = null;
  const status = stopping ? 'cancelled' : 'completed';
  await bookkeeping.endMigration({ migrationId, status });
  return { status, processed: input.positions.length - remaining.length, failed: failed.length };
}

function isQuotaFailure(error: unknown): boolean {
  let cause: unknown = error;
  while (cause instanceof ActivityFailure || cause instanceof ChildWorkflowFailure) cause = cause.cause;
  return cause instanceof ApplicationFailure && cause.type === MIGRATION_QUOTA_ERROR;
}

function describeFailure(error: unknown): string {
  let cause: unknown = error;
  while (cause instanceof ActivityFailure || cause instanceof ChildWorkflowFailure) cause = cause.cause;
  if (cause instanceof ApplicationFailure || cause instanceof Error) return cause.message;
  return 'The item failed';
}
