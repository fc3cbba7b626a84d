import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TranscriptionError } from './transcription.types.ts';
import { segmentsText } from './segment-text.ts';
import type { TranscribeOptions, Transcriber, Transcript, TranscriptSegment, TranscriptWord } from './transcription.types.ts';

export const fasterWhisperScript = fileURLToPath(new URL('./faster_whisper.transcribe.py', import.meta.url));

/** How Whisper decodes, chosen by measurement on the eval's tuning set (ADR 0016); the pipeline and `npm run eval` both use it. */
export interface DecodingSettings {
  /** Beam width (1 = greedy). */
  beamSize: number;
  /** Skip stretches in which faster-whisper's Silero VAD hears no speech. */
  vad: boolean;
  /** An ffmpeg `-af` filter chain applied while the recogniser decodes the audio (empty: none). */
  audioFilter: string;
  /** Give each 30 s window the text of the one before as its prompt (faster-whisper resets it after a high-temperature fallback). */
  conditionOnPreviousText: boolean;
  /** Beam search: keep searching until this many × beamSize finished hypotheses (1 = stop at beamSize). */
  patience: number;
  /** Penalty (> 1) on tokens already generated in the window (1 = none). */
  repetitionPenalty: number;
  /** Never repeat an n-gram of this many tokens within a window (0 = allowed). */
  noRepeatNgramSize: number;
  /** Re-decode a window at temperatures 0.2 … 1.0 when it compresses too well or scores too low (faster-whisper's default). */
  temperatureFallback: boolean;
  /** With word timestamps: skip silences longer than this (s) around a suspected hallucination (0 = off). */
  hallucinationSilenceSec: number;
  /** CTranslate2's weight and compute type on the CPU: int8 (quantised) or float32 (as trained; this CPU backend has no int16). */
  computeType: ComputeType;
}

export const COMPUTE_TYPES = ['int8', 'float32'] as const;
export type ComputeType = (typeof COMPUTE_TYPES)[number];

/** The value of each later setting at which the recogniser decodes exactly as before it existed. */
export const NEUTRAL_DECODING: Omit<DecodingSettings, 'beamSize' | 'vad' | 'audioFilter'> = {
  conditionOnPreviousText: false,
  patience: 1,
  repetitionPenalty: 1,
  noRepeatNgramSize: 0,
  temperatureFallback: true,
  hallucinationSilenceSec: 0,
  computeType: 'int8',
};

// Beam 5, measured against greedy, beam 3, VAD and an afftdn clean-up (ADR 0016, sessions 7-9): on
// the tuning set (01-28) beam 5 lowers WER 14.3 → 12.2 % and raises the exact spoken range 88 → 92 %,
// quotations 79 → 84 % and titles 11 → 14 %, for 25–37 % more recogniser CPU (the 60-minute pipeline
// stays under 0.15 × audio); it loses the theme on two sermons (89 against 96 %). VAD changed nothing
// and the denoiser made noisy sermons worse.
// Conditioning on the previous text, patience, a repetition penalty and no repeated n-grams (and a
// short initial prompt) were measured too (session 8) and stay at NEUTRAL_DECODING: none lowered WER
// without inventing a citation or losing a property.
export const DECODING_DEFAULTS: DecodingSettings = { beamSize: 5, vad: false, audioFilter: '', ...NEUTRAL_DECODING };

/** The settings that differ from NEUTRAL_DECODING (beam, VAD and filter always), e.g. for a cache key. */
export function decodingChanges(settings: DecodingSettings): Partial<DecodingSettings> {
  const { beamSize, vad, audioFilter } = settings;
  const changes: Partial<DecodingSettings> = { beamSize, vad, audioFilter };
  for (const name of Object.keys(NEUTRAL_DECODING) as (keyof typeof NEUTRAL_DECODING)[]) {
    if (settings[name] !== NEUTRAL_DECODING[name]) Object.assign(changes, { [name]: settings[name] });
  }
  return changes;
}

/** The script's arguments for decoding settings. */
export function decodingArgs(settings: DecodingSettings): string[] {
  const args = ['--beam', String(settings.beamSize)];
  if (settings.vad) args.push('--vad');
  if (settings.audioFilter) args.push('--audio-filter', settings.audioFilter);
  if (settings.conditionOnPreviousText) args.push('--condition-on-previous-text');
  if (settings.patience !== 1) args.push('--patience', String(settings.patience));
  if (settings.repetitionPenalty !== 1) args.push('--repetition-penalty', String(settings.repetitionPenalty));
  if (settings.noRepeatNgramSize) args.push('--no-repeat-ngram-size', String(settings.noRepeatNgramSize));
  if (!settings.temperatureFallback) args.push('--no-temperature-fallback');
  if (settings.hallucinationSilenceSec) args.push('--hallucination-silence-sec', String(settings.hallucinationSilenceSec));
  if (settings.computeType !== 'int8') args.push('--compute', settings.computeType);
  return args;
}

export function describeDecoding(settings: DecodingSettings): string {
  const parts = [`beam ${settings.beamSize}`, settings.vad ? 'VAD' : 'no VAD', settings.audioFilter ? `filter ${settings.audioFilter}` : 'no filter'];
  if (settings.conditionOnPreviousText) parts.push('conditioned on previous text');
  if (settings.patience !== 1) parts.push(`patience ${settings.patience}`);
  if (settings.repetitionPenalty !== 1) parts.push(`repetition penalty ${settings.repetitionPenalty}`);
  if (settings.noRepeatNgramSize) parts.push(`no repeated ${settings.noRepeatNgramSize}-grams`);
  if (!settings.temperatureFallback) parts.push('temperature 0 only');
  if (settings.hallucinationSilenceSec) parts.push(`hallucination silence ${settings.hallucinationSilenceSec} s`);
  if (settings.computeType !== 'int8') parts.push(`${settings.computeType} weights`);
  return parts.join(', ');
}

export interface FasterWhisperConfig {
  /** Python of the venv that holds faster-whisper (LECTERN_ASR_PYTHON). */
  python: string;
  /** Local CTranslate2 Whisper model directory (LECTERN_ASR_MODEL_DIR). */
  modelDir: string;
  /** Empty: detected from the first piece. */
  language?: string;
  /** Length of the pieces the recording is cut into (memory bound), seconds. */
  chunkSec?: number;
  threads?: number;
  /** Defaults: DECODING_DEFAULTS. */
  decoding?: Partial<DecodingSettings>;
  /** Called with the recogniser's own figures when it finishes (load time, peak memory). */
  onStats?: (stats: RecogniserStats) => void;
}

export interface RecogniserStats {
  loadSec: number;
  elapsedSec: number;
  peakRssMb: number;
  /** The decoding settings the recogniser reported it ran with. */
  decoding: DecodingSettings;
  /** The initial prompt it ran with ('' = none). */
  prompt: string;
}

type Line =
  | { type: 'ready'; loadSec: number; decoding: DecodingSettings; prompt: string }
  | { type: 'progress'; processedSec: number }
  | { type: 'piece'; endSec: number; language: string }
  | { type: 'segment'; start: number; end: number; text: string; words: TranscriptWord[] }
  | { type: 'done'; durationSec: number; language: string; elapsedSec: number; peakRssMb: number }
  | { type: 'error'; message: string };

/** Whisper (faster-whisper, CTranslate2, int8 unless the decoding settings say otherwise) in a Python subprocess: no network, bounded memory. */
export function createFasterWhisperTranscriber(config: FasterWhisperConfig): Transcriber {
  return {
    name: 'local-faster-whisper',
    resumable: true,
    async transcribe(audioPath: string, options: TranscribeOptions = {}): Promise<Transcript> {
      if (!fs.existsSync(config.python)) throw new TranscriptionError(`the speech recogniser's Python is missing at ${config.python} (LECTERN_ASR_PYTHON)`);
      if (!fs.existsSync(`${config.modelDir}/model.bin`)) throw new TranscriptionError(`no Whisper model in ${config.modelDir} (LECTERN_ASR_MODEL_DIR)`);
      options.signal?.throwIfAborted();
      const args = [fasterWhisperScript, '--model', config.modelDir, '--audio', audioPath, '--chunk-sec', String(config.chunkSec ?? 300)];
      const language = options.resumeFrom?.language || config.language;
      if (language) args.push('--language', language);
      if (options.resumeFrom) args.push('--start-sec', String(options.resumeFrom.startSec));
      if (config.threads) args.push('--threads', String(config.threads));
      args.push(...decodingArgs({ ...DECODING_DEFAULTS, ...config.decoding }));
      if (options.vocabulary) args.push('--hotwords', options.vocabulary);
      if (options.prompt) args.push('--prompt', options.prompt);
      // Own process group, so cancelling kills the recogniser and the ffmpeg it reads from.
      const child = spawn(config.python, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        env: { ...process.env, HF_HUB_OFFLINE: '1', PYTHONUNBUFFERED: '1' },
      });
      const kill = () => {
        if (child.pid && child.exitCode === null) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      };
      const onAbort = () => kill();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const exitOfParent = () => kill();
      process.once('exit', exitOfParent);

      const segments: TranscriptSegment[] = [];
      const words: TranscriptWord[] = [];
      let done: Extract<Line, { type: 'done' }> | undefined;
      let failure = '';
      let ready: Extract<Line, { type: 'ready' }> | undefined;
      let stderr = '';
      let pending = '';
      // The caller's listeners run inside a stream event, where a throw would end the whole worker
      // process: a failing listener fails this transcription instead.
      const notify = (listener: string, call: () => void) => {
        try {
          call();
        } catch (error) {
          failure ||= `the ${listener} listener failed: ${error instanceof Error ? error.message : String(error)}`;
          kill();
        }
      };
      const handle = (raw: string) => {
        if (!raw.trim() || options.signal?.aborted) return;
        let line: Line;
        try {
          line = JSON.parse(raw) as Line;
        } catch {
          return;
        }
        if (line.type === 'ready') ready = line;
        else if (line.type === 'segment') {
          segments.push({ start: line.start, end: line.end, text: line.text });
          for (const word of line.words) if (word.word) words.push({ word: word.word, start: word.start, end: word.end, probability: word.probability });
        } else if (line.type === 'progress') {
          const percent = options.durationSec ? Math.min(100, (line.processedSec / options.durationSec) * 100) : null;
          notify('progress', () => options.onProgress?.({ processedSec: line.processedSec, percent }));
        } else if (line.type === 'piece') {
          notify('checkpoint', () => options.onCheckpoint?.({ endSec: line.endSec, language: line.language, segments: [...segments], words: [...words] }));
        } else if (line.type === 'done') done = line;
        else if (line.type === 'error') failure = line.message;
      };
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        pending += text;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(handle);
      });
      child.stderr.setEncoding('utf8').on('data', (text: string) => {
        stderr = (stderr + text).slice(-4000);
      });
      try {
        const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
          child.once('error', (error) => reject(new TranscriptionError(`could not start the speech recogniser: ${error.message}`)));
          child.once('close', (code, signal) => resolve({ code, signal }));
        });
        handle(pending);
        if (options.signal?.aborted) throw options.signal.reason ?? new Error('transcription cancelled');
        if (exit.code !== 0 || !done) {
          const reason = failure || stderr.trim().split('\n').slice(-1)[0] || `exit ${exit.signal ?? exit.code}`;
          throw new TranscriptionError(`speech recognition failed: ${reason}`);
        }
        if (ready) config.onStats?.({ loadSec: ready.loadSec, decoding: ready.decoding, prompt: ready.prompt, elapsedSec: done.elapsedSec, peakRssMb: done.peakRssMb });
        return {
          text: segmentsText(segments),
          words,
          segments,
          durationSec: done.durationSec,
          language: done.language,
        };
      } finally {
        kill();
        options.signal?.removeEventListener('abort', onAbort);
        process.removeListener('exit', exitOfParent);
      }
    },
  };
}
