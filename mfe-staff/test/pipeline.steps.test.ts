/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  SUCCESS_FLASH_MS,
  completesMissingContent,
  processingFinished,
  showStepper,
  startsCompletionFlash,
  stepLabel,
  stepMessage,
  stepState,
} from '../src/sermons/pipeline.steps.ts';
import { defaultProgress } from '../src/sermons/sermon.types.ts';

test('per-step state: failed on the current step, completed at 100, processing above 0 or current, else pending', () => {
  const p = {
    ...defaultProgress('s'),
    uploadPct: 100,
    transcribePct: 40,
    currentStep: 'transcribe' as const,
  };
  assert.equal(stepState(p, 'upload'), 'completed');
  assert.equal(stepState(p, 'transcribe'), 'processing');
  assert.equal(stepState(p, 'outline'), 'pending');
  assert.equal(stepLabel(p, 'transcribe'), '40%');
  assert.equal(stepLabel(p, 'outline'), 'Waiting to start...');
  assert.equal(stepLabel(p, 'upload'), 'Completed');
  assert.equal(stepMessage(p, 'transcribe'), 'Transcribing audio with AI...');
  assert.equal(stepMessage(p, 'upload'), 'File uploaded successfully');
  const failed = { ...p, status: 'failed' as const };
  assert.equal(stepState(failed, 'transcribe'), 'failed');
  assert.equal(stepLabel(failed, 'transcribe'), 'Failed');
  assert.equal(stepMessage(failed, 'transcribe'), 'Processing failed');
  assert.equal(
    stepState(defaultProgress('s'), 'upload'),
    'processing',
    'the current step at 0% is processing',
  );
});

test('processing is finished on completed, on all three steps at 100, or in REVIEW/PUBLISHED; the stepper shows otherwise', () => {
  const p = defaultProgress('s');
  assert.equal(processingFinished(p, 'PROCESSING'), false);
  assert.equal(showStepper(p, 'PROCESSING'), true);
  assert.equal(
    processingFinished({ ...p, transcribePct: 100, outlinePct: 100, devotionPct: 100 }, 'PROCESSING'),
    true,
  );
  assert.equal(processingFinished(p, 'REVIEW'), true);
  assert.equal(showStepper(p, 'REVIEW'), false);
  assert.equal(showStepper({ ...p, status: 'failed' }, 'FAILED'), false);
  assert.equal(showStepper(null, 'PROCESSING'), false);
});

test('the 3-second success indicator starts once per completion, never for a section already completed on arrival', () => {
  assert.equal(SUCCESS_FLASH_MS, 3000);
  assert.equal(startsCompletionFlash(null, 'completed'), false, 'completed when the page opened');
  assert.equal(startsCompletionFlash('processing', 'completed'), true);
  assert.equal(startsCompletionFlash('pending', 'completed'), true);
  assert.equal(startsCompletionFlash('completed', 'completed'), false, 'a re-render is not a new completion');
  assert.equal(startsCompletionFlash('failed', 'completed'), true, 'completed again after a retry');
  assert.equal(startsCompletionFlash('processing', 'failed'), false);
});

test('a live update that completes a step whose content the page lacks asks for a refetch, once', () => {
  const running = {
    ...defaultProgress('s'),
    uploadPct: 100,
    transcribePct: 90,
    currentStep: 'transcribe' as const,
  };
  const page = { progress: running, transcript: null, outline: null, devotionals: [] };
  const transcribed = { ...running, transcribePct: 100, currentStep: 'outline' as const };
  assert.equal(completesMissingContent(page, { ...running, transcribePct: 95 }), false, 'still running');
  assert.equal(completesMissingContent(page, transcribed), true, 'transcript now exists on the server');
  assert.equal(
    completesMissingContent({ ...page, transcript: { text: 't', characterCount: 1 } }, transcribed),
    false,
    'already shown',
  );
  const later = { ...page, progress: transcribed };
  assert.equal(
    completesMissingContent(later, { ...transcribed, outlinePct: 40 }),
    false,
    'later updates do not refetch again',
  );
  assert.equal(completesMissingContent(later, { ...transcribed, outlinePct: 100 }), true, 'outline reached');
  assert.equal(
    completesMissingContent(
      { ...later, progress: { ...transcribed, outlinePct: 100 }, outline: {} },
      { ...transcribed, outlinePct: 100, devotionPct: 100 },
    ),
    true,
    'devotionals reached',
  );
});
