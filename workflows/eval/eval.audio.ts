// Speaks an evaluation sermon with espeak-ng (a second voice for readings), adds pink noise with
// sox when the sermon asks for it, and keeps the WAV in the cache keyed by everything that shapes it.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EvalSermon } from './eval.sermons.ts';

const run = promisify(execFile);

// sox dithers when it writes 16-bit samples after an effect (the resampling) and draws the pink
// noise from its random generator; -R seeds both the same way on every run, so a sermon is the same
// audio on every machine and a fresh clone's transcripts, and figures, can be compared with others.
// (Until session 11 the dither differed on each synthesis: 37-44 re-synthesised on a new machine
// gave WER 16.5 % against 17.3 %. Audio cached under the same key before the change stays valid.)
const sox = (args: string[]) => run('sox', ['-R', ...args]);

export function evalCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'lectern', 'eval');
}

export function hashOf(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/** The sermon as 16 kHz mono WAV (cached). */
export async function sermonAudio(sermon: EvalSermon): Promise<string> {
  const key = hashOf('audio-v1', sermon.paragraphs, sermon.voice, sermon.reader, sermon.speed, sermon.noise);
  const dir = path.join(evalCacheDir(), 'audio');
  const target = path.join(dir, `${sermon.id}-${key}.wav`);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(dir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `lectern-eval-${sermon.id}-`));
  try {
    const parts: string[] = [];
    for (const [i, paragraph] of sermon.paragraphs.entries()) {
      const file = path.join(work, `p${i}.wav`);
      const voice = paragraph.voice === 'reader' ? sermon.reader : sermon.voice;
      await run('espeak-ng', ['-v', voice, '-s', String(sermon.speed), '-w', file, paragraph.text]);
      const resampled = path.join(work, `r${i}.wav`);
      // A pause between paragraphs, as a preacher takes a breath.
      await sox([file, '-r', '16000', '-c', '1', resampled, 'pad', '0', '0.6']);
      parts.push(resampled);
    }
    const joined = path.join(work, 'joined.wav');
    await sox([...parts, joined]);
    const out = path.join(work, 'out.wav');
    if (sermon.noise > 0) {
      const { stdout } = await run('soxi', ['-D', joined]);
      const noise = path.join(work, 'noise.wav');
      await sox(['-n', '-r', '16000', '-c', '1', noise, 'synth', stdout.trim(), 'pinknoise', 'vol', String(sermon.noise)]);
      await sox(['-m', joined, noise, out]);
    } else {
      fs.copyFileSync(joined, out);
    }
    fs.renameSync(out, target);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function durationSec(wav: string): Promise<number> {
  const { stdout } = await run('soxi', ['-D', wav]);
  return Number(stdout.trim());
}
