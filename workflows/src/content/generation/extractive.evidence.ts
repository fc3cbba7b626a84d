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
