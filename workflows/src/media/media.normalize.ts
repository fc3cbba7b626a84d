import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { InvalidMediaError, MediaToolError } from '@lectern/media-probe';

export interface NormalizeOptions {
  /** Output container: 16 kHz mono 16-bit WAV (default) or FLAC (about half the size). */
  format?: 'wav' | 'flac';
  /** Duration from the probe, to turn ffmpeg's position into a percent. */
  durationSec?: number;
  onProgress?: (progress: { processedSec: number; percent: number | null }) => void;
  signal?: AbortSignal;
  ffmpeg?: string;
}

/**
 * Audio or video in → 16 kHz mono audio out, the form the recogniser reads. ffmpeg reads and
 * writes the files itself, so memory does not grow with the recording; the video track is dropped.
 * The output is written beside the target and renamed at the end, so a partial file never shows.
 */
export async function normalizeAudio(input: string, output: string, options: NormalizeOptions = {}): Promise<{ processedSec: number }> {
  const format = options.format ?? 'wav';
  const partial = `${output}.partial`;
  const codec = format === 'wav' ? ['-c:a', 'pcm_s16le', '-f', 'wav'] : ['-c:a', 'flac', '-f', 'flac'];
  const args = ['-nostdin', '-hide_banner', '-v', 'error', '-y', '-i', input, '-vn', '-sn', '-dn', '-map', '0:a:0', '-ac', '1', '-ar', '16000', ...codec, '-progress', 'pipe:1', '-nostats', partial];
  let processedSec = 0;
  let stderr = '';
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(options.ffmpeg ?? 'ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (!match) continue;
        processedSec = Number(match[1]) / 1e6;
        const percent = options.durationSec ? Math.min(100, (processedSec / options.durationSec) * 100) : null;
        options.onProgress?.({ processedSec, percent });
      }
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < 8192) stderr += text;
    });
    child.once('error', (error) => reject(error.name === 'AbortError' ? error : new MediaToolError(`could not run ffmpeg: ${error.message}`)));
    child.once('close', (c) => resolve(c ?? 1));
  }).catch((error: unknown) => {
    fs.rmSync(partial, { force: true });
    throw error;
  });
  if (code !== 0) {
    fs.rmSync(partial, { force: true });
    const reason = stderr.trim().split('\n').slice(-2).join(' ');
    if (/No such file|Permission denied|No space left/i.test(stderr)) throw new MediaToolError(`ffmpeg failed: ${reason}`);
    throw new InvalidMediaError(`The recording could not be decoded (${reason || `ffmpeg exit ${code}`})`);
  }
  fs.renameSync(partial, output);
  return { processedSec };
}
