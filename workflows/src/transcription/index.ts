// What the pipeline's activities and the worker use from media and transcription.
export type { Transcriber, Transcript, TranscriptSegment, TranscriptWord, TranscribeOptions, TranscriptionProgress } from './transcription.types.ts';
export { TranscriptionError } from './transcription.types.ts';
export { readTranscriptionConfig, createTranscriber, type TranscriptionConfig } from './transcription.config.ts';
export { normalizeInActivity, transcribeInActivity, type StepReporter, type StepProgressDetails } from './transcription.activity.ts';
export { wordErrorRate } from './word-error-rate.ts';
export { normalizeAudio, type NormalizeOptions } from '../media/media.normalize.ts';
export { probeMedia, InvalidMediaError, MediaToolError, type MediaInfo } from '@lectern/media-probe';
