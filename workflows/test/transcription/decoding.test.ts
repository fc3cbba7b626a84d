// How Whisper decodes: the product's defaults reach the recogniser's arguments, and the eval's
// knobs (EVAL_BEAM, EVAL_VAD, EVAL_AUDIO_FILTER, EVAL_CONDITION, …) start from the same defaults.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { DECODING_DEFAULTS, NEUTRAL_DECODING, decodingArgs, decodingChanges, describeDecoding } from '../../src/transcription/faster-whisper.transcriber.ts';
import { decodingFromEnv } from '../../eval/eval.transcripts.ts';

const greedy = { ...DECODING_DEFAULTS, beamSize: 1, vad: false, audioFilter: '', ...NEUTRAL_DECODING };

test('decoding settings become the recogniser script arguments', () => {
  assert.deepEqual(decodingArgs(greedy), ['--beam', '1']);
  assert.deepEqual(decodingArgs({ ...greedy, beamSize: 5, vad: true, audioFilter: 'highpass=f=100' }), ['--beam', '5', '--vad', '--audio-filter', 'highpass=f=100']);
  assert.deepEqual(
    decodingArgs({ ...greedy, conditionOnPreviousText: true, patience: 2, repetitionPenalty: 1.1, noRepeatNgramSize: 3, temperatureFallback: false, hallucinationSilenceSec: 2 }),
    ['--beam', '1', '--condition-on-previous-text', '--patience', '2', '--repetition-penalty', '1.1', '--no-repeat-ngram-size', '3', '--no-temperature-fallback', '--hallucination-silence-sec', '2'],
  );
  assert.deepEqual(decodingArgs({ ...greedy, computeType: 'float32' }), ['--beam', '1', '--compute', 'float32']);
  assert.equal(describeDecoding({ ...greedy, computeType: 'float32' }), 'beam 1, no VAD, no filter, float32 weights');
  assert.equal(describeDecoding({ ...greedy, beamSize: 3 }), 'beam 3, no VAD, no filter');
  assert.equal(describeDecoding({ ...greedy, conditionOnPreviousText: true, noRepeatNgramSize: 4 }), 'beam 1, no VAD, no filter, conditioned on previous text, no repeated 4-grams');
});

test('a setting added later changes a transcript cache key only when it decodes differently', () => {
  assert.deepEqual(decodingChanges(greedy), { beamSize: 1, vad: false, audioFilter: '' });
  assert.deepEqual(decodingChanges({ ...greedy, beamSize: 5, patience: 2 }), { beamSize: 5, vad: false, audioFilter: '', patience: 2 });
  assert.deepEqual(decodingChanges({ ...greedy, computeType: 'float32' }), { beamSize: 1, vad: false, audioFilter: '', computeType: 'float32' });
});

test('the product decodes with the measured choice: beam 5, no VAD, no clean-up filter, no conditioning (ADR 0016)', () => {
  assert.deepEqual(DECODING_DEFAULTS, { ...greedy, beamSize: 5 });
  assert.deepEqual(decodingArgs(DECODING_DEFAULTS), ['--beam', '5']);
});

test('the eval decodes with the product defaults unless a knob says otherwise', () => {
  assert.deepEqual(decodingFromEnv({}), DECODING_DEFAULTS);
  assert.deepEqual(decodingFromEnv({ EVAL_BEAM: '5', EVAL_VAD: 'on', EVAL_AUDIO_FILTER: 'afftdn' }), { ...DECODING_DEFAULTS, beamSize: 5, vad: true, audioFilter: 'afftdn' });
  assert.deepEqual(decodingFromEnv({ EVAL_AUDIO_FILTER: '' }), { ...DECODING_DEFAULTS, audioFilter: '' });
  assert.deepEqual(
    decodingFromEnv({ EVAL_CONDITION: 'on', EVAL_PATIENCE: '2', EVAL_REPETITION_PENALTY: '1.1', EVAL_NO_REPEAT_NGRAM: '3', EVAL_TEMPERATURE_FALLBACK: 'off', EVAL_HALLUCINATION_SILENCE: '2' }),
    { ...DECODING_DEFAULTS, conditionOnPreviousText: true, patience: 2, repetitionPenalty: 1.1, noRepeatNgramSize: 3, temperatureFallback: false, hallucinationSilenceSec: 2 },
  );
  assert.deepEqual(decodingFromEnv({ EVAL_COMPUTE: 'float32' }), { ...DECODING_DEFAULTS, computeType: 'float32' });
  assert.throws(() => decodingFromEnv({ EVAL_COMPUTE: 'float16' }), /EVAL_COMPUTE must be one of int8, float32/);
  assert.throws(() => decodingFromEnv({ EVAL_BEAM: '0' }), /EVAL_BEAM must be a whole number from 1 to 10/);
  assert.throws(() => decodingFromEnv({ EVAL_BEAM: 'wide' }), /EVAL_BEAM/);
  assert.throws(() => decodingFromEnv({ EVAL_VAD: 'yes' }), /EVAL_VAD must be on or off/);
  assert.throws(() => decodingFromEnv({ EVAL_CONDITION: 'yes' }), /EVAL_CONDITION must be on or off/);
  assert.throws(() => decodingFromEnv({ EVAL_NO_REPEAT_NGRAM: '2.5' }), /EVAL_NO_REPEAT_NGRAM must be a whole number from 0 to 10/);
  assert.throws(() => decodingFromEnv({ EVAL_REPETITION_PENALTY: '0.5' }), /EVAL_REPETITION_PENALTY must be a number from 1 to 2/);
});
