// Bible-aware decoding: the words a sermon recording is likely to contain, given to Whisper as
// hotwords (part of the prompt of every 30-second window), and the confidence threshold below
// which a recognised word is kept out of titles and themes.
import { BOOKS } from '../content/scripture/scripture.books.ts';
import { isStopword, unsureKey } from '../content/generation/extractive.text.ts';
import type { TranscriptWord } from './transcription.types.ts';

const BOOK_NAMES = BOOKS.map((b) => b.name).join(', ');

/** "Genesis, Exodus, …, Revelation. <title>. <speaker>." */
export function recognitionVocabulary(sermon: { title?: string; speaker?: string } = {}): string {
  return [BOOK_NAMES, sermon.title, sermon.speaker].filter((s) => s && s.trim()).map((s) => s!.trim().replace(/[.]+$/, '')).join('. ') + '.';
}

/**
 * Whisper's initial prompt for a sermon: "Readings from Genesis, …, Revelation. Sermon “<title>”
 * by <speaker>." (Whisper keeps the last 223 tokens of a prompt: the title and speaker last.)
 */
export function recognitionPrompt(sermon: { title?: string; speaker?: string } = {}): string {
  const title = sermon.title?.trim() ? `Sermon “${sermon.title.trim()}”` : 'Sermon';
  const speaker = sermon.speaker?.trim() ? ` by ${sermon.speaker.trim()}` : '';
  return `Readings from ${BOOK_NAMES}. ${title}${speaker}.`;
}

/** A short initial prompt: the sermon's title alone, as a sentence ("The Anchor of Hope."). */
export function titlePrompt(title: string | undefined): string | undefined {
  const text = title?.trim().replace(/[.]+$/, '');
  return text ? `${text}.` : undefined;
}

/**
 * A short initial prompt in a preacher's register with one reference written as a Bible writes it,
 * no book list (the list made Whisper hallucinate: ADR 0016).
 */
export const PREACHER_PROMPT = 'Good morning, church. Please turn with me to Romans 8:28, and let us read it together.';

/** A word Whisper gives less than this probability is not trusted for a headline. */
export const LOW_CONFIDENCE = 0.3;
/**
 * Below this the recogniser is in doubt: a word of an announced point the sermon says nowhere else
 * ("prayer keeps going when the answer is low", 0.49 and 0.59) loses its clause; a word heard
 * surely there ("when the fields are empty", 0.99) keeps it.
 */
export const DOUBTFUL = 0.6;

/**
 * Lower-case content words the recogniser was unsure of, kept out of titles and themes: a word
 * whose median probability is below `threshold`, or a word said once or twice and below it in one
 * of those places. Whisper is now and then confidently wrong in one place ("Orons" for
 * "endurance": 0.95, then 0.23), while a word it hears right several times may dip once ("grace":
 * 0.54, 0.28, 1.0, 0.89). Function words ("the", "he", "of") are left out: short words get low
 * probabilities from the acoustic blur around them, and a headline is wrong by its content words.
 */
export function lowConfidenceWords(words: readonly TranscriptWord[], threshold = LOW_CONFIDENCE): Set<string> {
  const heard = new Map<string, number[]>();
  for (const w of words) {
    const key = unsureKey(w.word);
    if (!key || w.probability === undefined || isStopword(key)) continue;
    const list = heard.get(key);
    if (list) list.push(w.probability);
    else heard.set(key, [w.probability]);
  }
  const low = new Set<string>();
  for (const [key, probabilities] of heard) {
    const sorted = probabilities.sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    if (median < threshold || (sorted.length <= 2 && sorted[0]! < threshold)) low.add(key);
  }
  return low;
}
