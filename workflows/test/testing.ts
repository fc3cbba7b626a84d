// What other packages' tests use from the pipeline: real spoken recordings and the WER measure.
export { makeSpokenRecording, sermonTextFile, type SpokenRecording } from './media/spoken-recording.fixture.ts';
export { wordErrorRate } from '../src/transcription/word-error-rate.ts';
export const workerEntry = new URL('../src/worker.ts', import.meta.url).pathname;
export { SermonsInternalClient } from '../src/activities/sermons-internal.client.ts';
