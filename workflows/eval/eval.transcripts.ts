// Transcribes an evaluation recording with the product's recogniser, cached by recording, model
// and decoding options, so a second `npm run eval` only re-runs the content steps.
import fs from 'node:fs';
import path from 'node:path';
import { COMPUTE_TYPES, createFasterWhisperTranscriber, DECODING_DEFAULTS, decodingChanges, type DecodingSettings } from '../src/transcription/faster-whisper.transcriber.ts';
import type { Transcript } from '../src/transcription/transcription.types.ts';
import { segmentsText } from '../src/transcription/segment-text.ts';
import { evalCacheDir, hashOf } from './eval.audio.ts';

export type AsrSetup = { python: string; modelDir: string; modelName: string; vocabulary?: string; prompt?: string; threads?: number; decoding?: Partial<DecodingSettings> };

export type CachedTranscript = Transcript & { elapsedSec: number; cached: boolean };

/** Session 6's decoding (greedy, no VAD, no filter): transcripts cached with it keep their key. */
const CACHED_BEFORE_SETTINGS: Partial<DecodingSettings> = { beamSize: 1, vad: false, audioFilter: '' };

export async function transcribeCached(wav: string, setup: AsrSetup): Promise<CachedTranscript> {
  const modelBytes = fs.statSync(path.join(setup.modelDir, 'model.bin')).size;
  const decoding = { ...DECODING_DEFAULTS, ...setup.decoding };
  // Settings added later (conditioning, patience, …) join the key only when they differ from the
  // value that decodes as before they existed.
  const keyed = decodingChanges(decoding);
  const changed = JSON.stringify(keyed) !== JSON.stringify(CACHED_BEFORE_SETTINGS);
  // (The prompt and the decoding settings join the key only when given or changed: transcripts
  // cached before they existed stay valid.)
  const key = hashOf(
    'transcript-v1',
    path.basename(wav),
    setup.modelName,
    modelBytes,
    setup.vocabulary ?? '',
    ...(setup.prompt ? [setup.prompt] : []),
    ...(changed ? [keyed] : []),
  );
  const dir = path.join(evalCacheDir(), 'transcripts');
  const file = path.join(dir, `${path.basename(wav, '.wav')}-${setup.modelName}-${key}.json`);
  if (fs.existsSync(file)) {
    // The text as the product joins the segments today (a cache made before a change in that join
    // would otherwise keep the old text).
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as CachedTranscript;
    return { ...cached, text: segmentsText(cached.segments), cached: true };
  }
  const transcriber = createFasterWhisperTranscriber({ python: setup.python, modelDir: setup.modelDir, language: 'en', threads: setup.threads, decoding });
  const started = performance.now();
  const transcript = await transcriber.transcribe(wav, { vocabulary: setup.vocabulary, prompt: setup.prompt });
  const result = { ...transcript, elapsedSec: (performance.now() - started) / 1000, cached: false };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(result));
  return result;
}

function numberFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number, whole: boolean): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function switchFromEnv(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'on' && raw !== 'off') throw new Error(`${name} must be on or off (got "${raw}")`);
  return raw === 'on';
}

/**
 * The eval's decoding knobs over the product's decoding defaults: EVAL_BEAM, EVAL_VAD,
 * EVAL_AUDIO_FILTER, EVAL_CONDITION (on|off), EVAL_PATIENCE, EVAL_REPETITION_PENALTY,
 * EVAL_NO_REPEAT_NGRAM, EVAL_TEMPERATURE_FALLBACK (on|off), EVAL_HALLUCINATION_SILENCE (s),
 * EVAL_COMPUTE (int8 | float32).
 */
export function decodingFromEnv(env: NodeJS.ProcessEnv): DecodingSettings {
  const settings = { ...DECODING_DEFAULTS };
  if (env.EVAL_BEAM) {
    const beam = Number(env.EVAL_BEAM);
    if (!Number.isInteger(beam) || beam < 1 || beam > 10) throw new Error(`EVAL_BEAM must be a whole number from 1 to 10 (got "${env.EVAL_BEAM}")`);
    settings.beamSize = beam;
  }
  if (env.EVAL_VAD) {
    if (env.EVAL_VAD !== 'on' && env.EVAL_VAD !== 'off') throw new Error(`EVAL_VAD must be on or off (got "${env.EVAL_VAD}")`);
    settings.vad = env.EVAL_VAD === 'on';
  }
  if (env.EVAL_AUDIO_FILTER !== undefined) settings.audioFilter = env.EVAL_AUDIO_FILTER;
  settings.conditionOnPreviousText = switchFromEnv(env, 'EVAL_CONDITION') ?? settings.conditionOnPreviousText;
  settings.temperatureFallback = switchFromEnv(env, 'EVAL_TEMPERATURE_FALLBACK') ?? settings.temperatureFallback;
  settings.patience = numberFromEnv(env, 'EVAL_PATIENCE', 0.5, 5, false) ?? settings.patience;
  settings.repetitionPenalty = numberFromEnv(env, 'EVAL_REPETITION_PENALTY', 1, 2, false) ?? settings.repetitionPenalty;
  settings.noRepeatNgramSize = numberFromEnv(env, 'EVAL_NO_REPEAT_NGRAM', 0, 10, true) ?? settings.noRepeatNgramSize;
  settings.hallucinationSilenceSec = numberFromEnv(env, 'EVAL_HALLUCINATION_SILENCE', 0, 30, false) ?? settings.hallucinationSilenceSec;
  if (env.EVAL_COMPUTE) {
    const computeType = COMPUTE_TYPES.find((type) => type === env.EVAL_COMPUTE);
    if (!computeType) throw new Error(`EVAL_COMPUTE must be one of ${COMPUTE_TYPES.join(', ')} (got "${env.EVAL_COMPUTE}")`);
    settings.computeType = computeType;
  }
  return settings;
}
