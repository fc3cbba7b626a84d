// Transcribes an evaluation recording with the product's recogniser, cached by recording, model
// and decoding options, so a second `npm run eval` only re-runs the content steps.
import fs from 'node:fs';
import path from 'node:path';
import { createFasterWhisperTranscriber } from '../src/transcription/faster-whisper.transcriber.ts';
import type { Transcript } from '../src/transcription/transcription.types.ts';
import { evalCacheDir, hashOf } from './eval.audio.ts';

export type AsrSetup = { python: string; modelDir: string; modelName: string; vocabulary?: string; prompt?: string; threads?: number };
export type CachedTranscript = Transcript & { elapsedSec: number; cached: boolean };

export async function transcribeCached(wav: string, setup: AsrSetup): Promise<CachedTranscript> {
  const modelBytes = fs.statSync(path.join(setup.modelDir, 'model.bin')).size;
  // (The prompt joins the key only when given: transcripts cached before it existed stay valid.)
  const key = hashOf('transcript-v1', path.basename(wav), setup.modelName, modelBytes, setup.vocabulary ?? '', ...(setup.prompt ? [setup.prompt] : []));
  const dir = path.join(evalCacheDir(), 'transcripts');
  const file = path.join(dir, `${path.basename(wav, '.wav')}-${setup.modelName}-${key}.json`);
  if (fs.existsSync(file)) return { ...(JSON.parse(fs.readFileSync(file, 'utf8')) as CachedTranscript), cached: true };
  const transcriber = createFasterWhisperTranscriber({ python: setup.python, modelDir: setup.modelDir, language: 'en', threads: setup.threads });
  const started = performance.now();
  const transcript = await transcriber.transcribe(wav, { vocabulary: setup.vocabulary, prompt: setup.prompt });
  const result = { ...transcript, elapsedSec: (performance.now() - started) / 1000, cached: false };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(result));
  return result;
}
