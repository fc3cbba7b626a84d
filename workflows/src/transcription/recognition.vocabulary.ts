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

/** A word Whisper gave less than this probability somewhere is not trusted for a headline. */
export const LOW_CONFIDENCE = 0.3;

/**
 * Lower-case words the recogniser was unsure of at least once: Whisper is now and then confidently
 * wrong in one place ("Orons" for "endurance", 0.95) and unsure in another (0.23); a headline
 * cannot tell which occurrence it repeats.
 */
export function lowConfidenceWords(words: readonly TranscriptWord[], threshold = LOW_CONFIDENCE): Set<string> {
  const low = new Set<string>();
  for (const w of words) {
    const key = w.word.toLowerCase().replace(/[^a-z']/g, '');
    if (key && w.probability !== undefined && w.probability < threshold) low.add(key);
  }
  return low;
}
