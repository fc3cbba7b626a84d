// The full text of a SWORD Bible module, verse by verse, for quotation matching. diatheke prints
// the whole module once (about a minute); the parsed verses are kept in the user's cache
// ($XDG_CACHE_HOME/lectern/scripture/<module>.json) so later processes read them in a moment.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findBook } from './scripture.books.ts';
import { cleanOsisVerse, ScriptureTextError, VERSE_PREFIX } from './scripture-text.provider.ts';

export type BibleVerse = { book: string; chapter: number; verse: number; text: string };

// (2: the back matter after a book's last verse is no longer verse text.)
const CACHE_VERSION = 2;

/** OSIS id of a book as diatheke names it ("I Samuel", "Psalms", "Revelation of John"). */
export function osisOfDiathekeName(name: string): string | undefined {
  const m = /^(I{1,3}) (.+)$/.exec(name);
  const ordinal = m ? m[1]!.length : undefined;
  const base = (m ? m[2]! : name).toLowerCase().replace(/ of john$/, '');
  return findBook(ordinal, base)?.osis;
}

/** Parses diatheke `-f osis` output of a whole module into verses. */
export function parseModuleText(output: string): BibleVerse[] {
  const verses: BibleVerse[] = [];
  for (const line of output.split('\n')) {
    const m = VERSE_PREFIX.exec(line);
    if (!m) continue;
    const book = osisOfDiathekeName(m[1]!);
    const text = cleanOsisVerse(line.slice(m.index + m[0].length));
    if (book && text) verses.push({ book, chapter: Number(m[2]), verse: Number(m[3]), text });
  }
  return verses;
}

function cacheFile(module: string): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'lectern', 'scripture', `${module}.v${CACHE_VERSION}.json`);
}

export async function loadBibleText(module: string, binary = 'diatheke'): Promise<BibleVerse[]> {
  const file = cacheFile(module);
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as BibleVerse[];
  } catch {
    // not cached yet
  }
  const output = await new Promise<string>((resolve, reject) => {
    execFile(binary, ['-b', module, '-f', 'osis', '-k', 'Gen 1:1-Rev 22:21'], { timeout: 600_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(new ScriptureTextError(`${binary} could not read ${module}: ${error.message}`, { cause: error }));
      else resolve(stdout);
    });
  });
  const verses = parseModuleText(output);
  if (verses.length < 30_000) throw new ScriptureTextError(`SWORD module ${module} gave ${verses.length} verses (is it installed?)`);
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    await fs.promises.writeFile(partial, JSON.stringify(verses));
    await fs.promises.rename(partial, file);
  } catch {
    // A read-only home: the verses are still good, the next process reads the module again.
  }
  return verses;
}
