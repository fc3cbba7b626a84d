// Whether the sermon vouches for a word of a headline. Whisper writes its confident mishearings
// ("Samist", "dim sheep", "the hebrew word is keys") once, where the preacher's own thesis words
// come back; no probability threshold tells the two apart, the sermon's repetition does.
import type { Sentence } from './extractive.text.ts';

export type WordEvidence = {
  /** In how many sentences of the sermon each lower-case word is said. */
  said: ReadonlyMap<string, number>;
  /** Words of the verified scripture the sermon cites (its passages' text). */
  scripture: ReadonlySet<string>;
};

export const wordsOf = (text: string): string[] => (text.toLowerCase().replace(/[’‘]/g, "'").match(/[a-z][a-z']*/g) ?? []).map((w) => w.replace(/'s?$/, ''));

export function wordEvidence(sentences: readonly Pick<Sentence, 'text'>[], scriptureText: Iterable<string> = []): WordEvidence {
  const said = new Map<string, number>();
  for (const s of sentences) for (const w of new Set(wordsOf(s.text))) said.set(w, (said.get(w) ?? 0) + 1);
  const scripture = new Set<string>();
  for (const text of scriptureText) for (const w of wordsOf(text)) scripture.add(w);
  return { said, scripture };
}

/**
 * A word the sermon vouches for: one the preacher says in two sentences or more (function words
 * always are), or a word of the scripture the sermon cites.
 */
export function isEvidenced(word: string, evidence: WordEvidence): boolean {
  const w = word.toLowerCase().replace(/[’‘]/g, "'").replace(/'s?$/, '');
  return (evidence.said.get(w) ?? 0) >= 2 || evidence.scripture.has(w);
}

/** The words of a headline the sermon does not vouch for (said once, and not in its scripture). */
export function unevidenced(headline: string, evidence: WordEvidence): string[] {
  return wordsOf(headline).filter((w) => !isEvidenced(w, evidence));
}

// Context a substitution needs on both sides, together, to be the same words heard differently.
const CONTEXT_WORDS = 4;

const tokens = (text: string): string[] => text.toLowerCase().replace(/[’‘]/g, "'").match(/[a-z][a-z']*/g) ?? [];

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

/**
 * How the recogniser hears words the preacher never gets heard right, learnt from the verses the
 * sermon quotes: "for you know the race of our Lord" against 2 Corinthians 8:9's "for you know the
 * grace of our Lord" gives race → grace, when the two sound alike (at most two letters apart, not
 * two forms of one word), the quoted words around it agree (four or more, on both sides), the
 * passages never have "race" and the transcript never has "grace". Whisper hears such a word the
 * same way every time: "giving begins with the race".
 */
export function recognitionSwaps(transcript: string, passageTexts: readonly string[], isFunctionWord: (w: string) => boolean): Map<string, string> {
  const heard = tokens(transcript);
  const said = new Set(heard);
  // A word the passages have is the translation's, not a mishearing ("gives" in WEB, "giveth" in the KJV).
  const written = new Set(passageTexts.flatMap(tokens));
  const swaps = new Map<string, string>();
  const alike = (x: string, y: string) => {
    if (x.length < 3 || y.length < 3 || editDistance(x, y) > 2) return false;
    // Another form of the same word ("touches"/"touched", "labor"/"labour") is not a mishearing.
    let common = 0;
    while (common < Math.min(x.length, y.length) && x[common] === y[common]) common += 1;
    return common < Math.min(x.length, y.length) - 2 || (common === 0 && y.endsWith(x));
  };
  for (const text of passageTexts) {
    const verse = tokens(text);
    const at = new Map<string, number[]>();
    verse.forEach((w, j) => at.set(w, [...(at.get(w) ?? []), j]));
    for (let i = 1; i + 1 < heard.length; i += 1) {
      const x = heard[i]!;
      for (const j of at.get(heard[i + 1]!) ?? []) {
        const k = j - 1;
        const y = verse[k];
        if (k < 1 || y === undefined || y === x || said.has(y) || written.has(x) || isFunctionWord(x) || isFunctionWord(y) || !alike(x, y)) continue;
        let left = 0;
        while (i - left - 1 >= 0 && k - left - 1 >= 0 && heard[i - left - 1] === verse[k - left - 1]) left += 1;
        let right = 0;
        while (i + right + 1 < heard.length && k + right + 1 < verse.length && heard[i + right + 1] === verse[k + right + 1]) right += 1;
        if (left >= 1 && right >= 1 && left + right >= CONTEXT_WORDS) swaps.set(x, y);
      }
    }
  }
  return swaps;
}

/** A headline with the recogniser's swapped words put back ("The Race" → "The Grace"). */
export function withSwapsUndone(headline: string, swaps: ReadonlyMap<string, string>): string {
  if (!swaps.size) return headline;
  return headline.replace(/[A-Za-z][A-Za-z']*/g, (w) => {
    const y = swaps.get(w.toLowerCase());
    if (!y) return w;
    return /^[A-Z]/.test(w) ? `${y.charAt(0).toUpperCase()}${y.slice(1)}` : y;
  });
}
