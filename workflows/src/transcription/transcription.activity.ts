import fs from 'node:fs';
import { Context } from '@temporalio/activity';
import { normalizeAudio } from '../media/media.normalize.ts';
import { probeMedia, type MediaInfo } from '@lectern/media-probe';
import type { Transcriber, Transcript, TranscriptCheckpoint } from './transcription.types.ts';
import { keepHeartbeating } from '../activities/activity.heartbeat.ts';
import { segmentsText } from './segment-text.ts';

// The media and recognition work of the pipeline's normalise and transcribe activities, run
// inside a Temporal activity: heartbeats carry the percent (and keep flowing while the model
// loads), Temporal cancellation (Stop, timeouts) kills ffmpeg / the recogniser, and the step's
// percent is reported at most once per whole percent for sermon_progress.

export interface StepProgressDetails {
  percent: number;
  processedSec: number;
  /** Seconds of the recording whose transcript is final and saved in the checkpoint file. */
  checkpointSec?: number;
}

/** Reports a step's percent and message (for example to the sermons service's progress endpoint). */
export type StepReporter = (percent: number, message: string) => Promise<void>;

function reporting(report: StepReporter | undefined, label: string) {
  const ctx = Context.current();
  let latest: StepProgressDetails = { percent: 0, processedSec: 0 };
  let lastReported = -1;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  const stopKeepAlive = keepHeartbeating(() => latest);
  return {
    signal: ctx.cancellationSignal,
    update(processedSec: number, percent: number | null) {
      latest = { ...latest, percent: Math.floor(percent ?? 0), processedSec };
      ctx.heartbeat(latest);
      if (report && latest.percent > lastReported) {
        lastReported = latest.percent;
        const { percent: p } = latest;
        chain = chain.then(() => report(p, `${label} ${p}%`)).catch((error: unknown) => {
          failure ??= error;
        });
      }
    },
    checkpoint(checkpointSec: number) {
      latest = { ...latest, checkpointSec };
      ctx.heartbeat(latest);
    },
    /** Waits for the reports in flight; throws the first failed one. */
    async finish() {
      stopKeepAlive();
      await chain;
      if (failure) throw failure;
    },
    stop() {
      stopKeepAlive();
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

/**
 * Transcribe a normalised recording with the configured recogniser. With a checkpoint file and a
 * resumable recogniser, each finished piece is saved there and its end goes out in the heartbeat;
 * an attempt that follows a crash resumes from the checkpoint the last heartbeat named.
 */
export async function transcribeInActivity(
  transcriber: Transcriber,
  audioPath: string,
  options: { durationSec?: number; report?: StepReporter; checkpointFile?: string; log?: (line: string) => void } = {},
): Promise<Transcript> {
  const checkpointFile = transcriber.resumable ? options.checkpointFile : undefined;
  const resumed = checkpointFile ? readCheckpoint(checkpointFile, Context.current().info.heartbeatDetails) : null;
  if (resumed) options.log?.(`resuming transcription from ${resumed.endSec} s (checkpoint of the previous attempt)`);
  const progress = reporting(options.report, 'Transcribing');
  try {
    const transcript = await transcriber.transcribe(audioPath, {
      durationSec: options.durationSec,
      signal: progress.signal,
      onProgress: (p) => progress.update(p.processedSec, p.percent),
      ...(resumed ? { resumeFrom: { startSec: resumed.endSec, language: resumed.language } } : {}),
      ...(checkpointFile
        ? {
            onCheckpoint: (piece: TranscriptCheckpoint) => {
              // A checkpoint only saves a retry some work: one that cannot be written (the work
              // folder removed by a cancelled run, a full disk) is skipped and never named.
              try {
                writeCheckpoint(checkpointFile, {
                  ...piece,
                  segments: [...(resumed?.segments ?? []), ...piece.segments],
                  words: [...(resumed?.words ?? []), ...piece.words],
                });
              } catch (error) {
                options.log?.(`transcription checkpoint at ${piece.endSec} s not saved: ${error instanceof Error ? error.message : String(error)}`);
                return;
              }
              progress.checkpoint(piece.endSec);
            },
          }
        : {}),
    });
    progress.update(transcript.durationSec, 100);
    await progress.finish();
    if (!resumed) return transcript;
    const segments = [...resumed.segments, ...transcript.segments];
    return {
      ...transcript,
      segments,
      words: [...resumed.words, ...transcript.words],
      text: segmentsText(segments),
      language: transcript.language || resumed.language,
    };
  } finally {
    progress.stop();
  }
}

function writeCheckpoint(file: string, checkpoint: TranscriptCheckpoint): void {
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, JSON.stringify(checkpoint));
  fs.renameSync(partial, file);
}

/**
 * The saved checkpoint, when the previous attempt's last heartbeat named it or an earlier one.
 * The file is written before each heartbeat that names it, so a file at or past the named second
 * was written by that attempt (pieces can finish faster than heartbeats are flushed); an older
 * file, or none, means starting from the beginning.
 */
function readCheckpoint(file: string, heartbeat: unknown): TranscriptCheckpoint | null {
  const named = (heartbeat as StepProgressDetails | undefined)?.checkpointSec;
  if (!named) return null;
  try {
    const checkpoint = JSON.parse(fs.readFileSync(file, 'utf8')) as TranscriptCheckpoint;
    return checkpoint.endSec >= named ? checkpoint : null;
  } catch {
    return null; // another worker's checkpoint, or none: start from the beginning
  }
}
