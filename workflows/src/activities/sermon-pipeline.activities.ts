import fs from 'node:fs';
import { ApplicationFailure, Context, log } from '@temporalio/activity';
import type { Bucket } from '@lectern/service-kit';
import { NON_RETRYABLE_STEP_ERROR, SERMON_REMOVED_ERROR, type PipelineStep, type StepInput } from '@lectern/workflow-contract';
import type { ContentProviders } from '../content/content.config.ts';
import type { Transcriber } from '../transcription/transcription.types.ts';
import { normalizeInActivity, transcribeInActivity, type StepReporter } from '../transcription/transcription.activity.ts';
import { SermonRemovedError, type ReportedStep, type SermonsInternalClient } from './sermons-internal.client.ts';
import type { PipelineWorkspace } from './pipeline.workspace.ts';
import { keepHeartbeating } from './activity.heartbeat.ts';
import { generateDiscussionGuide } from '@lectern/workflow-contract/discussion-guide';
import { DOUBTFUL, lowConfidenceWords } from '../transcription/recognition.vocabulary.ts';
import type { TranscriptWord } from '../transcription/transcription.types.ts';

/** Words the recogniser was unsure of: kept out of titles and themes (ADR 0016). */
const unsureWords = (transcript: { words?: TranscriptWord[] }) => (transcript.words ? lowConfidenceWords(transcript.words) : undefined);
const doubtfulWords = (transcript: { words?: TranscriptWord[] }) => (transcript.words ? lowConfidenceWords(transcript.words, DOUBTFUL) : undefined);

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


export interface PipelineActivityDeps {
  sermons: SermonsInternalClient;
  rawBucket: () => Promise<Bucket>;
  transcriber: Transcriber;
  content: ContentProviders;
  workspace: PipelineWorkspace;
}

// The normalise step is the first 5% of the "transcribe" bar the staff see, recognition the rest.
const NORMALIZE_SHARE = 5;

export function createSermonPipelineActivities(deps: PipelineActivityDeps): SermonPipelineActivities {
  const { sermons, workspace } = deps;

  /** Forwards a step's 0–100 into its share of the staff's progress bar. */
  const reporter = (sermonId: string, step: ReportedStep, from: number, to: number, message: string): StepReporter =>
    (percent) => sermons.progress(sermonId, step, from + ((to - from) * percent) / 100, message);

  /** Normalised audio on this worker's disk, made from the stored recording when missing here. */
  async function normalizedAudio(input: StepInput, report?: StepReporter): Promise<{ wav: string; durationSec: number }> {
    const wav = workspace.normalizedAudio(input.sermonId);
    const source = await workspace.download(await deps.rawBucket(), input.sermonId, input.mediaKey);
    const info = await normalizeInActivity(source, wav, report);
    workspace.removeFile(source);
    return { wav, durationSec: info.durationSec };
  }

  return {
    async normalizeAudio(input) {
      await guard(async () => {
        await sermons.sermon(input.sermonId);
        await normalizedAudio(input, reporter(input.sermonId, 'normalize', 0, NORMALIZE_SHARE, 'Transcribing audio with AI...'));
      });
    },

    async transcribe(input) {
      await guard(async () => {
        const { sermon, progress } = await sermons.sermon(input.sermonId);
        // A run resumed after the transcript was saved must not transcribe (and bill) twice.
        if (progress.transcribePct >= 100 && (await sermons.content(input.sermonId)).transcript) return;
        const wav = workspace.normalizedAudio(input.sermonId);
        const audio = (await exists(wav)) ? { wav, durationSec: sermon.duration ?? undefined } : await normalizedAudio(input);
        const transcript = await transcribeInActivity(deps.transcriber, audio.wav, {
          durationSec: audio.durationSec,
          checkpointFile: workspace.transcriptCheckpoint(input.sermonId),
          log: (line) => log.info(`transcribe ${input.sermonId}: ${line}`),
          report: reporter(input.sermonId, 'transcribe', NORMALIZE_SHARE, 99, 'Transcribing audio with AI...'),
        });
        if (!transcript.text.trim()) {
          throw ApplicationFailure.nonRetryable('No speech was recognised in the recording.', NON_RETRYABLE_STEP_ERROR);
        }
        await sermons.saveTranscript(input.sermonId, { text: transcript.text, words: transcript.words, duration: transcript.durationSec });
        workspace.remove(input.sermonId);
      });
    },

    async generateOutline(input) {
      await guard(async () => {
        const { sermon } = await sermons.sermon(input.sermonId);
        const { transcript } = await sermons.content(input.sermonId, { words: true });
        if (!transcript) throw ApplicationFailure.nonRetryable('There is no transcript to outline.', NON_RETRYABLE_STEP_ERROR);
        await sermons.progress(input.sermonId, 'outline', 10, 'Generating sermon outline...');
        const outline = await keptAlive(() => deps.content.outline.generateOutline({ transcript: transcript.text, title: sermon.title, lowConfidence: unsureWords(transcript), doubtful: doubtfulWords(transcript) }));
        await sermons.saveOutline(input.sermonId, outline);
        await sermons.saveDiscussionGuide(input.sermonId, generateDiscussionGuide({ outline, transcript: transcript.text, title: sermon.title }));
      });
    },

    async generateDevotionals(input) {
      await guard(async () => {
        const { sermon } = await sermons.sermon(input.sermonId);
        const { transcript, outline } = await sermons.content(input.sermonId, { words: true });
        if (!transcript) throw ApplicationFailure.nonRetryable('There is no transcript to write devotionals from.', NON_RETRYABLE_STEP_ERROR);
        await sermons.progress(input.sermonId, 'devotional', 10, 'Creating 5-day devotional series...');
        const days = await keptAlive(() =>
          deps.content.devotionals.generateDevotionals({ transcript: transcript.text, title: sermon.title, outline: outline ?? undefined, lowConfidence: unsureWords(transcript), doubtful: doubtfulWords(transcript) }),
        );
        // Upserted by day number: a repeated step replaces the five days, never adds to them.
        await sermons.saveDevotionals(input.sermonId, days);
      });
    },

    async markStepFailed(input) {
      await ignoreRemoved(() => sermons.failed(input.sermonId, input.step, input.message));
    },

    async markReadyForReview(input) {
      await ignoreRemoved(() => sermons.ready(input.sermonId));
    },

    async discardSermon(input) {
      workspace.remove(input.sermonId);
      await sermons.discard(input.sermonId);
    },
  };
}

/** A removed sermon ends the run (non-retryable, its own type); anything else is rethrown. */
async function guard(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (error instanceof SermonRemovedError) throw ApplicationFailure.nonRetryable(error.message, SERMON_REMOVED_ERROR);
    throw error;
  }
}

async function ignoreRemoved(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof SermonRemovedError)) throw error;
  }
}

/** Heartbeats while a generator works, so a lost worker is noticed and Stop reaches the step. */
async function keptAlive<T>(work: () => Promise<T>): Promise<T> {
  const stop = keepHeartbeating();
  try {
    return await Promise.race([work(), Context.current().cancelled]);
  } finally {
    stop();
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.promises.access(file).then(() => true, () => false);
}
