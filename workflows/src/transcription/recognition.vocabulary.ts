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

/** A word Whisper gave less than this probability is not trusted for a headline. */
export const LOW_CONFIDENCE = 0.5;

/** Lower-case words recognised with low confidence everywhere they occur. */
export function lowConfidenceWords(words: readonly TranscriptWord[], threshold = LOW_CONFIDENCE): Set<string> {
  const best = new Map<string, number>();
  for (const w of words) {
    if (w.probability === undefined) continue;
    const key = w.word.toLowerCase().replace(/[^a-z']/g, '');
    if (key) best.set(key, Math.max(best.get(key) ?? 0, w.probability));
  }
  return new Set([...best].filter(([, p]) => p < threshold).map(([w]) => w));
}
