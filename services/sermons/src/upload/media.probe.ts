// Is this file really a recording? ffprobe reads the container; a sermon needs an audio stream
// (a video without sound, an image or text named .mp3 cannot be transcribed).
import { execFile } from 'node:child_process';

export interface ProbeResult {
  ok: boolean;
  duration: number | null;
  hasVideo: boolean;
}

export function probeMedia(path: string, timeoutMs = 60_000): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name:format=duration', '-of', 'json', path],
      { timeout: timeoutMs, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(new Error('ffprobe is not installed (Debian package ffmpeg)'));
          return;
        }
        // ffprobe exits non-zero for data it cannot read: that is a "not media" answer, not a fault.
        if (error) {
          resolve({ ok: false, duration: null, hasVideo: false });
          return;
        }
        try {
          const parsed = JSON.parse(stdout) as { streams?: { codec_type?: string; codec_name?: string }[]; format?: { duration?: string } };
          const streams = parsed.streams ?? [];
          const duration = parsed.format?.duration ? Number(parsed.format.duration) : null;
          const hasAudio = streams.some((s) => s.codec_type === 'audio');
          const hasVideo = streams.some((s) => s.codec_type === 'video' && !IMAGE_CODECS.has(s.codec_name ?? ''));
          resolve({ ok: hasAudio && duration !== null && Number.isFinite(duration) && duration > 0, duration, hasVideo });
        } catch {
          resolve({ ok: false, duration: null, hasVideo: false });
        }
      },
    );
  });
}

const IMAGE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff']);
