// The evaluation's audio is the same on every synthesis (sox's dither and pink noise seeded with
// -R), so transcripts and figures made on one machine can be compared with another's.
import { afterAll, test } from '@jest/globals';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sermonAudio } from '../../eval/eval.audio.ts';
import { parseSermon } from '../../eval/eval.sermons.ts';

const dirs: string[] = [];
const previous = process.env.XDG_CACHE_HOME;
afterAll(() => {
  if (previous === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = previous;
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Synthesises the sermon into a cache of its own and returns the WAV's bytes. */
async function synthesiseAfresh(source: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-eval-audio-'));
  dirs.push(dir);
  process.env.XDG_CACHE_HOME = dir;
  return fs.readFileSync(await sermonAudio(parseSermon('98-audio.sermon', source)));
}

test('a sermon with a reader and added noise is the same audio every time it is synthesised', async () => {
  const source = `title: T\nspeaker: S\nstyle: topical\nvoice: en-us\nreader: en-gb\nspeed: 170\nnoise: 0.02\nannounced: no\npoints: Grace is a gift | Grace makes us new\ntheme: grace\n---\nTurn with me to {Eph.2.8|Ephesians two, eight}.\n@reader <<Eph.2.8|For by grace you have been saved through faith>>.\n`;
  const first = await synthesiseAfresh(source);
  const second = await synthesiseAfresh(source);
  assert.ok(first.length > 16_000, `${first.length} bytes`);
  assert.ok(first.equals(second), 'the two syntheses differ');
}, 60_000);
