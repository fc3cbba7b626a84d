// Bible-aware decoding: the words a sermon recording is likely to contain, given to Whisper as
// hotwords (part of the prompt of every 30-second window), and the confidence threshold below
// which a recognised word is kept out of titles and themes.
import { BOOKS } from '../content/scripture/scripture.books.ts';
import type { TranscriptWord } from './transcription.types.ts';

const BOOK_NAMES = BOOKS.map((b) => b.name).join(', ');

/** "Genesis, Exodus, …, Revelation. <title>. <speaker>." */
export function recognitionVocabulary(sermon: { title?: string; speaker?: string } = {}): string {
  return [BOOK_NAMES, sermon.title, sermon.speaker].filter((s) => s && s.trim()).map((s) => s!.trim().replace(/[.]+$/, '')).join('. ') + '.';
}

/** A word Whisper gave less than this mean probability is not trusted for a headline. */
export const LOW_CONFIDENCE = 0.6;

/**
 * Lower-case words the recogniser was unsure of on average over their occurrences (Whisper is
 * now and then confidently wrong once, "Orons" for "endurance", and unsure the other times).
 */
export function lowConfidenceWords(words: readonly TranscriptWord[], threshold = LOW_CONFIDENCE): Set<string> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const w of words) {
    if (w.probability === undefined) continue;
    const key = w.word.toLowerCase().replace(/[^a-z']/g, '');
    if (!key) continue;
    const entry = sums.get(key) ?? { total: 0, count: 0 };
    entry.total += w.probability;
    entry.count += 1;
    sums.set(key, entry);
  }
  return new Set([...sums].filter(([, e]) => e.total / e.count < threshold).map(([w]) => w));
}
