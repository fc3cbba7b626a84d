export interface TranscriptWord {
  word: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** The recogniser's confidence in the word, 0–1, when it reports one. */
  probability?: number;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  text: string;
  words: TranscriptWord[];
  segments: TranscriptSegment[];
  durationSec: number;
  /** ISO 639-1 code the recogniser used or detected ("en"); empty when unknown. */
  language: string;
}

export interface TranscriptionProgress {
  processedSec: number;
  /** 0–100 when the duration is known. */
  percent: number | null;
}

export interface TranscribeOptions {
  onProgress?: (progress: TranscriptionProgress) => void;
  /** Aborting stops the work (the local recogniser's process is killed). */
  signal?: AbortSignal;
  /**
   * Words the recording is likely to contain (Bible book names, the sermon's title and speaker),
   * given to the recogniser as a decoding hint where it supports one.
   */
  vocabulary?: string;
  /**
   * Text the recording plausibly follows (the sermon's title, speaker and the Bible's book names),
   * given as Whisper's initial prompt: it conditions the first window of each piece only.
   */
  prompt?: string;
  /** Known duration (from the probe), for progress percents. */
  durationSec?: number;
  /** Resumable recognisers only: start at this checkpoint (seconds) in this language. */
  resumeFrom?: { startSec: number; language: string };
  /** Resumable recognisers only: everything before `endSec` is final (segments since the start or resume point). */
  onCheckpoint?: (checkpoint: TranscriptCheckpoint) => void;
}

export interface TranscriptCheckpoint {
  endSec: number;
  language: string;
  segments: TranscriptSegment[];
  words: TranscriptWord[];
}

/** A speech recogniser: the local default or an OpenAI-compatible HTTP service. */
export interface Transcriber {
  readonly name: string;
  /** Whether it honours `resumeFrom` and reports `onCheckpoint` (a crashed step then resumes mid-recording). */
  readonly resumable?: boolean;
  transcribe(audioPath: string, options?: TranscribeOptions): Promise<Transcript>;
}

/** The recogniser could not run or failed mid-way (retryable: a resumed activity tries again). */
export class TranscriptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptionError';
  }
}
