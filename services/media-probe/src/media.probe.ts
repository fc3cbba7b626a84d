import { spawn } from 'node:child_process';
import { InvalidMediaError, MediaToolError } from './media.errors.ts';

export interface MediaInfo {
  /** Container formats ffprobe recognised ("mp3", "mov,mp4,m4a,3gp,3g2,mj2", …). */
  formatName: string;
  durationSec: number;
  hasVideo: boolean;
  audioCodec: string;
  sampleRate: number;
  channels: number;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

const notMedia = 'The file is not a playable audio or video recording';

/**
 * Reads the file's real content with ffprobe (never its name): it must hold an audio track with
 * a positive duration. Anything else is an InvalidMediaError (non-retryable).
 */
export async function probeMedia(file: string, options: { ffprobe?: string; signal?: AbortSignal } = {}): Promise<MediaInfo> {
  const { code, stdout, stderr } = await capture(
    options.ffprobe ?? 'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    options.signal,
  );
  if (code !== 0) {
    if (/No such file|Permission denied/i.test(stderr)) throw new MediaToolError(`ffprobe could not read ${file}: ${firstLine(stderr)}`);
    throw new InvalidMediaError(`${notMedia} (${firstLine(stderr) || 'unrecognised content'})`);
  }
  let parsed: { format?: { format_name?: string; duration?: string }; streams?: ProbeStream[] };
  try {
    parsed = JSON.parse(stdout) as typeof parsed;
  } catch {
    throw new MediaToolError('ffprobe printed something that is not JSON');
  }
  const streams = parsed.streams ?? [];
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  if (!audio) throw new InvalidMediaError(`${notMedia} (no audio track)`);
  const durationSec = Number.parseFloat(parsed.format?.duration ?? audio.duration ?? '');
  if (!Number.isFinite(durationSec) || durationSec <= 0) throw new InvalidMediaError(`${notMedia} (no duration)`);
  return {
    formatName: parsed.format?.format_name ?? '',
    durationSec,
    hasVideo: streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic),
    audioCodec: audio.codec_name ?? '',
    sampleRate: Number.parseInt(audio.sample_rate ?? '0', 10),
    channels: audio.channels ?? 0,
  };
}

function firstLine(text: string): string {
  return (text.trim().split('\n')[0] ?? '').replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/, '').trim();
}

function capture(command: string, args: string[], signal?: AbortSignal): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', (error) =>
      reject(error.name === 'AbortError' ? error : new MediaToolError(`could not run ${command}: ${error.message}`)),
    );
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
