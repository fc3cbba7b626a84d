// How Whisper decodes: the product's defaults reach the recogniser's arguments, and the eval's
// knobs (EVAL_BEAM, EVAL_VAD, EVAL_AUDIO_FILTER) start from the same defaults.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { DECODING_DEFAULTS, decodingArgs, describeDecoding } from '../../src/transcription/faster-whisper.transcriber.ts';
import { decodingFromEnv } from '../../eval/eval.transcripts.ts';

test('decoding settings become the recogniser script arguments', () => {
  assert.deepEqual(decodingArgs({ beamSize: 1, vad: false, audioFilter: '' }), ['--beam', '1']);
  assert.deepEqual(decodingArgs({ beamSize: 5, vad: true, audioFilter: 'highpass=f=100' }), ['--beam', '5', '--vad', '--audio-filter', 'highpass=f=100']);
  assert.equal(describeDecoding({ beamSize: 3, vad: false, audioFilter: '' }), 'beam 3, no VAD, no filter');
});

test('the product decodes with the measured choice: greedy, no VAD, no clean-up filter (ADR 0016, session 7)', () => {
  assert.deepEqual(DECODING_DEFAULTS, { beamSize: 1, vad: false, audioFilter: '' });
  assert.deepEqual(decodingArgs(DECODING_DEFAULTS), ['--beam', '1']);
});

test('the eval decodes with the product defaults unless a knob says otherwise', () => {
  assert.deepEqual(decodingFromEnv({}), DECODING_DEFAULTS);
  assert.deepEqual(decodingFromEnv({ EVAL_BEAM: '5', EVAL_VAD: 'on', EVAL_AUDIO_FILTER: 'afftdn' }), { beamSize: 5, vad: true, audioFilter: 'afftdn' });
  assert.deepEqual(decodingFromEnv({ EVAL_AUDIO_FILTER: '' }), { ...DECODING_DEFAULTS, audioFilter: '' });
  assert.throws(() => decodingFromEnv({ EVAL_BEAM: '0' }), /EVAL_BEAM must be a whole number from 1 to 10/);
  assert.throws(() => decodingFromEnv({ EVAL_BEAM: 'wide' }), /EVAL_BEAM/);
  assert.throws(() => decodingFromEnv({ EVAL_VAD: 'yes' }), /EVAL_VAD must be on or off/);
});
