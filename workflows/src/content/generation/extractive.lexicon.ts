// Words the recogniser made up. Whisper is now and then sure of a word nobody said and no language
// has ("Redditude", "Basewing", "Helikaya's" for Hezekiah's); its probabilities cannot tell, but a
// dictionary can. A word that neither English (Hunspell's en_US dictionary) nor the Bible's own text
// holds is kept out of titles and themes as a word heard unsure is.
import dictionary from 'dictionary-en';
import nspell from 'nspell';
import { unsureKey } from './extractive.text.ts';

/** Whether a word (any case, possessive or not) is one the lexicon knows. */
export type Lexicon = (word: string) => boolean;

let english: ReturnType<typeof nspell> | undefined;

/**
 * Reads Hunspell's en_US dictionary once per process (about 140 ms and 36 MB): at the worker's
 * warm-up, so the first sermon does not wait for it.
 */
export function loadEnglishLexicon(): void {
  // (The dictionary's files as the types nspell declares; the bytes are the same.)
  english ??= nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
}

export const englishLexiconLoaded = () => english !== undefined;

/** English as Hunspell's en_US dictionary spells it; `alsoKnows` adds another word list (the Bible's). */
export function englishLexicon(alsoKnows: Lexicon = () => false): Lexicon {
  loadEnglishLexicon();
  const spell = english!;
  return (word) => {
    const bare = word.replace(/['’]s$/i, '').replace(/['’]/g, "'");
    const capitalised = bare.charAt(0).toUpperCase() + bare.slice(1);
    return spell.correct(bare) || spell.correct(bare.toLowerCase()) || spell.correct(capitalised) || alsoKnows(bare);
  };
}

/** The transcript's words (lower case, as `lowConfidenceWords` keys them) that `knows` does not know. */
export function wordsNoLexiconHolds(transcript: string, knows: Lexicon): Set<string> {
  const unknown = new Set<string>();
  const checked = new Set<string>();
  for (const [word] of transcript.matchAll(/[A-Za-z][A-Za-z'’]*/g)) {
    const key = unsureKey(word);
    if (checked.has(key)) continue;
    checked.add(key);
    if (!knows(word)) unknown.add(key);
  }
  return unknown;
}
