// Building the quotation index (every word trigram of two translations, about 1.5 million, sorted)
// takes seconds; every worker process and every test file that finds quotations would pay it. The
// built index is kept in the user's cache next to the Bible texts
// ($XDG_CACHE_HOME/lectern/scripture/quotation-index.<key>.bin), keyed by the texts and by the
// matcher's own source, so that a change to either builds it anew.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BibleVerse } from './bible.text.ts';
import { QuotationIndex, type QuotationIndexParts } from './scripture.quotations.ts';

const MATCHER_SOURCE = new URL('./scripture.quotations.ts', import.meta.url);

function cacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'lectern', 'scripture');
}

function keyOf(translations: ReadonlyArray<readonly BibleVerse[]>): string {
  const hash = createHash('sha256').update(fs.readFileSync(MATCHER_SOURCE));
  for (const verses of translations) hash.update('\0').update(JSON.stringify(verses));
  return hash.digest('hex').slice(0, 24);
}

// File layout: a 4-byte length of the JSON header, the header (keys and lengths), padding to 8
// bytes, then the postings as little-endian 64-bit words.
function encode(parts: QuotationIndexParts): Buffer {
  const header = Buffer.from(JSON.stringify({ keys: parts.keys, verseLength: parts.verseLength, shortestLength: parts.shortestLength, entries: parts.entries.length }));
  const start = Math.ceil((4 + header.length) / 8) * 8;
  const out = Buffer.alloc(start + parts.entries.byteLength);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  Buffer.from(parts.entries.buffer, parts.entries.byteOffset, parts.entries.byteLength).copy(out, start);
  return out;
}

function decode(file: Buffer): QuotationIndexParts {
  const length = file.readUInt32LE(0);
  const header = JSON.parse(file.subarray(4, 4 + length).toString('utf8')) as Omit<QuotationIndexParts, 'entries'> & { entries: number };
  const start = Math.ceil((4 + length) / 8) * 8;
  if (file.length !== start + header.entries * 8) throw new Error('truncated quotation index');
  // (copied into its own buffer: a Buffer's memory may be shared and unaligned)
  const entries = new BigUint64Array(header.entries);
  Buffer.from(entries.buffer).set(file.subarray(start));
  return { ...header, entries };
}

/** The quotation index of `translations`, read from the cache when this code built it before. */
export function cachedQuotationIndex(translations: ReadonlyArray<readonly BibleVerse[]>): QuotationIndex {
  const file = path.join(cacheDir(), `quotation-index.${keyOf(translations)}.bin`);
  try {
    return new QuotationIndex(translations, decode(fs.readFileSync(file)));
  } catch {
    // not built yet (or unreadable): build it
  }
  const index = new QuotationIndex(translations);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, encode(index.parts()));
    fs.renameSync(partial, file);
    // (An index built by code since changed is never read again.)
    for (const name of fs.readdirSync(path.dirname(file))) if (/^quotation-index\.\w+\.bin$/.test(name) && name !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), name), { force: true });
  } catch {
    // A read-only home: the index is still good, the next process builds it again.
  }
  return index;
}
