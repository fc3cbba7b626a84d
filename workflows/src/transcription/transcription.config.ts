import { createFasterWhisperTranscriber } from './faster-whisper.transcriber.ts';
import { createOpenAiTranscriber } from './openai.transcriber.ts';
import type { Transcriber } from './transcription.types.ts';

export type TranscriptionConfig =
  | { kind: 'local'; python: string; modelDir: string; language: string; chunkSec: number }
  | { kind: 'openai'; baseUrl: string; apiKey: string; model: string; language: string };

/**
 * TRANSCRIBER=local (default: faster-whisper, LECTERN_ASR_PYTHON + LECTERN_ASR_MODEL_DIR, which
 * the launcher provisions) or openai (OPENAI_BASE_URL, OPENAI_API_KEY, TRANSCRIPTION_MODEL).
 * TRANSCRIPTION_LANGUAGE fixes the language (empty: detected).
 */
export function readTranscriptionConfig(env: NodeJS.ProcessEnv = process.env): TranscriptionConfig {
  const kind = env.TRANSCRIBER ?? 'local';
  const language = env.TRANSCRIPTION_LANGUAGE ?? '';
  if (kind === 'local') {
    const python = env.LECTERN_ASR_PYTHON;
    const modelDir = env.LECTERN_ASR_MODEL_DIR;
    if (!python || !modelDir) {
      throw new Error('Invalid configuration: TRANSCRIBER=local needs LECTERN_ASR_PYTHON and LECTERN_ASR_MODEL_DIR (npm start provisions them; or set TRANSCRIBER=openai)');
    }
    const chunkSec = Number(env.TRANSCRIPTION_CHUNK_SEC ?? 300);
    if (!(chunkSec >= 30)) throw new Error('Invalid configuration: TRANSCRIPTION_CHUNK_SEC must be a number of seconds ≥ 30');
    return { kind, python, modelDir, language, chunkSec };
  }
  if (kind === 'openai') {
    const baseUrl = env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
    if (!/^https?:\/\//.test(baseUrl)) throw new Error(`Invalid configuration: OPENAI_BASE_URL must be an http(s) URL (got "${baseUrl}")`);
    return { kind, baseUrl, apiKey: env.OPENAI_API_KEY ?? '', model: env.TRANSCRIPTION_MODEL ?? 'whisper-1', language };
  }
  throw new Error(`Invalid configuration: TRANSCRIBER must be "local" or "openai" (got "${kind}")`);
}

export function createTranscriber(config: TranscriptionConfig): Transcriber {
  if (config.kind === 'local') return createFasterWhisperTranscriber(config);
  return createOpenAiTranscriber(config);
}
