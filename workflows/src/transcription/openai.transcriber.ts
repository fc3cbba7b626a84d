import fs from 'node:fs';
import path from 'node:path';
import { TranscriptionError } from './transcription.types.ts';
import type { TranscribeOptions, Transcriber, Transcript } from './transcription.types.ts';

export interface OpenAiTranscriberConfig {
  /** e.g. https://api.openai.com/v1 or a local server's /v1 base. */
  baseUrl: string;
  apiKey: string;
  model: string;
  language?: string;
  timeoutMs?: number;
}

interface VerboseJson {
  text?: string;
  language?: string;
  duration?: number;
  words?: { word: string; start: number; end: number }[];
  segments?: { start: number; end: number; text: string }[];
}

const languageCodes: Record<string, string> = { english: 'en', spanish: 'es', french: 'fr', german: 'de', portuguese: 'pt', italian: 'it', korean: 'ko', chinese: 'zh' };

/**
 * OpenAI-compatible POST {base}/audio/transcriptions (verbose_json, word timestamps). The file is
 * sent from a file-backed Blob, so it is streamed, not read into memory.
 */
export function createOpenAiTranscriber(config: OpenAiTranscriberConfig): Transcriber {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    name: 'openai-compatible',
    async transcribe(audioPath: string, options: TranscribeOptions = {}): Promise<Transcript> {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(audioPath), path.basename(audioPath));
      form.append('model', config.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      form.append('timestamp_granularities[]', 'segment');
      if (config.language) form.append('language', config.language);
      const signals = [AbortSignal.timeout(config.timeoutMs ?? 30 * 60_000)];
      if (options.signal) signals.push(options.signal);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {},
          body: form,
          signal: AbortSignal.any(signals),
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new TranscriptionError(`transcription service at ${endpoint} did not answer: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const body = (await response.text()).slice(0, 300);
        throw new TranscriptionError(`transcription service answered ${response.status}: ${body}`);
      }
      const json = (await response.json()) as VerboseJson;
      if (typeof json.text !== 'string') throw new TranscriptionError('transcription service answered without text');
      const words = (json.words ?? []).map((w) => ({ word: w.word.trim(), start: w.start, end: w.end })).filter((w) => w.word);
      const segments = (json.segments ?? []).map((s) => ({ start: s.start, end: s.end, text: s.text.trim() }));
      const durationSec = json.duration ?? segments.at(-1)?.end ?? words.at(-1)?.end ?? 0;
      options.onProgress?.({ processedSec: durationSec, percent: 100 });
      const language = (json.language ?? '').toLowerCase();
      return { text: json.text.trim(), words, segments, durationSec, language: languageCodes[language] ?? language };
    },
  };
}
