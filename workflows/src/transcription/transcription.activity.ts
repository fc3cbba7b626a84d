import { Context } from '@temporalio/activity';
import { normalizeAudio } from '../media/media.normalize.ts';
import { probeMedia, type MediaInfo } from '../media/media.probe.ts';
import type { Transcriber, Transcript } from './transcription.types.ts';

// The media and recognition work of the pipeline's normalise and transcribe activities, run
// inside a Temporal activity: heartbeats carry the percent (and keep flowing while the model
// loads), Temporal cancellation (Stop, timeouts) kills ffmpeg / the recogniser, and the step's
// percent is reported at most once per whole percent for sermon_progress.

export interface StepProgressDetails {
  percent: number;
  processedSec: number;
}

/** Reports a step's percent and message (for example to the sermons service's progress endpoint). */
export type StepReporter = (percent: number, message: string) => Promise<void>;

const keepAliveMs = 10_000;

function reporting(report: StepReporter | undefined, label: string) {
  const ctx = Context.current();
  let latest: StepProgressDetails = { percent: 0, processedSec: 0 };
  let lastReported = -1;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  const timer = setInterval(() => ctx.heartbeat(latest), keepAliveMs);
  return {
    signal: ctx.cancellationSignal,
    update(processedSec: number, percent: number | null) {
      latest = { percent: Math.floor(percent ?? 0), processedSec };
      ctx.heartbeat(latest);
      if (report && latest.percent > lastReported) {
        lastReported = latest.percent;
        const { percent: p } = latest;
        chain = chain.then(() => report(p, `${label} ${p}%`)).catch((error: unknown) => {
          failure ??= error;
        });
      }
    },
    /** Waits for the reports in flight; throws the first failed one. */
    async finish() {
      clearInterval(timer);
      await chain;
      if (failure) throw failure;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** Probe (refuses what is not audio/video, non-retryable) then normalise to 16 kHz mono WAV. */
export async function normalizeInActivity(input: string, output: string, report?: StepReporter): Promise<MediaInfo> {
  const progress = reporting(report, 'Extracting audio');
  try {
    const info = await probeMedia(input, { signal: progress.signal });
    await normalizeAudio(input, output, {
      durationSec: info.durationSec,
      signal: progress.signal,
      onProgress: (p) => progress.update(p.processedSec, p.percent),
    });
    progress.update(info.durationSec, 100);
    await progress.finish();
    return info;
  } finally {
    progress.stop();
  }
}

/** Transcribe a normalised recording with the configured recogniser. */
export async function transcribeInActivity(
  transcriber: Transcriber,
  audioPath: string,
  options: { durationSec?: number; report?: StepReporter } = {},
): Promise<Transcript> {
  const progress = reporting(options.report, 'Transcribing');
  try {
    const transcript = await transcriber.transcribe(audioPath, {
      durationSec: options.durationSec,
      signal: progress.signal,
      onProgress: (p) => progress.update(p.processedSec, p.percent),
    });
    progress.update(transcript.durationSec, 100);
    await progress.finish();
    return transcript;
  } finally {
    progress.stop();
  }
}
