import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const sermonTextFile = fileURLToPath(new URL('../transcription/fixtures/sermon-endurance.txt', import.meta.url));

export interface SpokenRecording {
  dir: string;
  text: string;
  wav: string;
  mp3: string;
  /** H.264 colour video with the speech as its AAC audio track. */
  mp4: string;
}

/**
 * A real spoken recording made with espeak-ng (en-us, 150 words a minute) from a sermon text,
 * as mp3 and as an mp4 video. `repeat` concatenates the text for longer recordings (bench).
 */
export async function makeSpokenRecording(options: { repeat?: number; name?: string } = {}): Promise<SpokenRecording> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lectern-${options.name ?? 'speech'}-`));
  const base = fs.readFileSync(sermonTextFile, 'utf8').trim();
  const text = Array.from({ length: options.repeat ?? 1 }, () => base).join('\n');
  const textFile = path.join(dir, 'sermon.txt');
  fs.writeFileSync(textFile, text);
  const wav = path.join(dir, 'sermon.wav');
  const mp3 = path.join(dir, 'sermon.mp3');
  const mp4 = path.join(dir, 'sermon.mp4');
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-f', textFile, '-w', wav]);
  await Promise.all([
    run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', '-b:a', '64k', mp3]),
    run('ffmpeg', [
      '-nostdin', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'color=c=navy:s=320x240:r=10',
      '-i', wav,
      '-map', '0:v', '-map', '1:a', '-shortest',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k',
      mp4,
    ]),
  ]);
  return { dir, text, wav, mp3, mp4 };
}
