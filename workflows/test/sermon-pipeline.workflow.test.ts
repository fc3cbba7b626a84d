import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, beforeAll, afterAll, jest } from '@jest/globals';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { WorkflowFailedError, WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, type Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createWorker, workflowsPath } from '../src/create-worker.ts';
import type { SermonPipelineActivities } from '../src/activities/sermon-pipeline.activities.ts';
import { NON_RETRYABLE_STEP_ERROR, progressQuery, retryUpdate, stopSignal, type PipelineState, type PipelineStep, type SermonPipelineInput } from '@lectern/workflow-contract';
import { patience } from '@lectern/local-stack/testing';
import { createTemporalTestEnv } from './temporal-env.ts';

type Call = { activity: string; step?: PipelineStep; message?: string };

/** Activities that record what the workflow asked for; behaviour per step is set by each test. */
function recordingActivities(behaviour: Partial<Record<PipelineStep, () => Promise<void>>> = {}) {
  const calls: Call[] = [];
  const step = (name: PipelineStep, activity: string) => async () => {
    calls.push({ activity, step: name });
    await behaviour[name]?.();
  };
  const activities: SermonPipelineActivities = {
    normalizeAudio: step('normalize', 'normalizeAudio'),
    transcribe: step('transcribe', 'transcribe'),
    generateOutline: step('outline', 'generateOutline'),
    generateDevotionals: step('devotional', 'generateDevotionals'),
    markStepFailed: async ({ step: failed, message }) => void calls.push({ activity: 'markStepFailed', step: failed, message }),
    markReadyForReview: async () => void calls.push({ activity: 'markReadyForReview' }),
    discardSermon: async () => void calls.push({ activity: 'discardSermon' }),
  };
  return { calls, activities };
}

/** Waits in heartbeating slices until the activity is cancelled (as a long transcription would). */
async function runUntilCancelled(): Promise<void> {
  const context = Context.current();
  for (;;) {
    context.heartbeat({ percent: 10 });
    await context.sleep(100);
  }
}

describe('sermon pipeline workflow (real Temporal dev server)', () => {
  jest.setTimeout(patience(300_000));
  let env: TestWorkflowEnvironment;
  let bundle: WorkflowBundleWithSourceMap;

  beforeAll(async () => {
    env = await createTemporalTestEnv();
    bundle = await bundleWorkflowCode({ workflowsPath, logger: { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} } });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function withWorker<T>(activities: Partial<SermonPipelineActivities>, fn: (taskQueue: string) => Promise<T>): Promise<T> {
    const taskQueue = `test-pipeline-${randomUUID()}`;
    const worker: Worker = await createWorker({
      connection: env.nativeConnection,
      namespace: env.namespace ?? 'default',
      taskQueue,
      activities,
      overrides: { workflowBundle: bundle, workflowsPath: undefined, shutdownGraceTime: '1s' },
    });
    return worker.runUntil(fn(taskQueue));
  }

  function start(taskQueue: string, input: Partial<SermonPipelineInput> = {}): Promise<WorkflowHandle> {
    const sermonId = randomUUID();
    return env.client.workflow.start('sermonPipelineWorkflow', {
      taskQueue,
      workflowId: `sermon-pipeline-${sermonId}`,
      args: [{ sermonId, orgId: 'org-1', mediaKey: `${sermonId}.mp3`, ...input }],
    });
  }

  async function waitForState(handle: WorkflowHandle, predicate: (state: PipelineState) => boolean): Promise<PipelineState> {
    const deadline = Date.now() + patience(15_000);
    for (;;) {
      const state = await handle.query(progressQuery);
      if (predicate(state)) return state;
      if (Date.now() > deadline) throw new Error(`state never matched within ${patience(15_000)} ms: ${JSON.stringify(state)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test('runs the four steps in order and marks the sermon ready for review', async () => {
    const { calls, activities } = recordingActivities();
    const result = await withWorker(activities, async (taskQueue) => (await start(taskQueue)).result());
    assert.deepEqual(
      calls.map((call) => call.activity),
      ['normalizeAudio', 'transcribe', 'generateOutline', 'generateDevotionals', 'markReadyForReview'],
    );
    assert.equal(result.status, 'completed');
    assert.deepEqual(result.completedSteps, ['normalize', 'transcribe', 'outline', 'devotional']);
  });

  test('a failed step marks the sermon failed, and Retry re-runs from that step only', async () => {
    let transcribeAttempts = 0;
    const { calls, activities } = recordingActivities({
      transcribe: async () => {
        transcribeAttempts += 1;
        if (transcribeAttempts === 1) throw ApplicationFailure.create({ type: NON_RETRYABLE_STEP_ERROR, message: 'recogniser crashed' });
      },
    });
    const result = await withWorker(activities, async (taskQueue) => {
      const handle = await start(taskQueue);
      const failed = await waitForState(handle, (state) => state.status === 'failed');
      assert.equal(failed.failedStep, 'transcribe');
      assert.equal(failed.errorMessage, 'recogniser crashed');
      const retry = await handle.executeUpdate(retryUpdate);
      assert.deepEqual(retry, { restartedAt: 'transcribe' });
      return handle.result();
    });
    assert.equal(result.status, 'completed');
    assert.equal(result.attempts, 2);
    assert.deepEqual(
      calls.map((call) => call.activity),
      ['normalizeAudio', 'transcribe', 'markStepFailed', 'transcribe', 'generateOutline', 'generateDevotionals', 'markReadyForReview'],
    );
    assert.equal(calls.find((call) => call.activity === 'markStepFailed')?.message, 'recogniser crashed');
  });

  test('a Retry sent while the failure is still being recorded is not lost', async () => {
    let transcribeAttempts = 0;
    let releaseMarkFailed: () => void = () => {};
    const markFailedStarted = new Promise<void>((resolve) => (releaseMarkFailed = resolve));
    const { calls, activities } = recordingActivities({
      transcribe: async () => {
        transcribeAttempts += 1;
        if (transcribeAttempts === 1) throw ApplicationFailure.create({ type: NON_RETRYABLE_STEP_ERROR, message: 'recogniser crashed' });
      },
    });
    let markFailedCalled = false;
    let allowMarkFailedToFinish: () => void = () => {};
    const markFailedMayFinish = new Promise<void>((resolve) => (allowMarkFailedToFinish = resolve));
    activities.markStepFailed = async ({ step, message }) => {
      calls.push({ activity: 'markStepFailed', step, message });
      markFailedCalled = true;
      releaseMarkFailed();
      await markFailedMayFinish;
    };
    const result = await withWorker(activities, async (taskQueue) => {
      const handle = await start(taskQueue);
      await markFailedStarted;
      assert.ok(markFailedCalled);
      await waitForState(handle, (state) => state.status === 'failed');
      const retry = handle.executeUpdate(retryUpdate);
      await new Promise((resolve) => setTimeout(resolve, 300));
      allowMarkFailedToFinish();
      assert.deepEqual(await retry, { restartedAt: 'transcribe' });
      return handle.result();
    });
    assert.equal(result.status, 'completed');
    assert.equal(transcribeAttempts, 2);
  });

  test('Retry is refused while the run is not failed', async () => {
    const { activities } = recordingActivities({ normalize: runUntilCancelled });
    await withWorker(activities, async (taskQueue) => {
      const handle = await start(taskQueue);
      await waitForState(handle, (state) => state.currentStep === 'normalize');
      await assert.rejects(handle.executeUpdate(retryUpdate), (error: unknown) => {
        assert.ok(error instanceof WorkflowUpdateFailedError);
        assert.match(String((error.cause as Error | undefined)?.message), /Nothing to retry: the run is running/);
        return true;
      });
      await handle.cancel();
      await assert.rejects(handle.result(), WorkflowFailedError);
    });
  });

  for (const how of ['cancel', 'stop signal'] as const) {
    test(`Stop (${how}) mid-step cancels the run and discards the sermon`, async () => {
      const { calls, activities } = recordingActivities({ transcribe: runUntilCancelled });
      await withWorker(activities, async (taskQueue) => {
        const handle = await start(taskQueue);
        await waitForState(handle, (state) => state.currentStep === 'transcribe');
        if (how === 'cancel') await handle.cancel();
        else await handle.signal(stopSignal);
        await assert.rejects(handle.result(), (error: unknown) => error instanceof WorkflowFailedError);
        const description = await handle.describe();
        assert.equal(description.status.name, how === 'cancel' ? 'CANCELLED' : 'FAILED');
      });
      assert.deepEqual(
        calls.map((call) => call.activity),
        ['normalizeAudio', 'transcribe', 'discardSermon'],
      );
    });
  }

  test('a run can start at a later step (retry of an earlier run)', async () => {
    const { calls, activities } = recordingActivities();
    const result = await withWorker(activities, async (taskQueue) => (await start(taskQueue, { startAt: 'outline' })).result());
    assert.deepEqual(
      calls.map((call) => call.activity),
      ['generateOutline', 'generateDevotionals', 'markReadyForReview'],
    );
    assert.deepEqual(result.completedSteps, ['normalize', 'transcribe', 'outline', 'devotional']);
  });
});
