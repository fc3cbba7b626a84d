// Reads a transcript into sections anchored on the scriptures the preacher cites, each with its
// salient sentences (TextRank over TF-IDF) and key phrase. Deterministic: same text, same result.
import { distinctReferences, findScriptureReferences, type ScriptureReference } from '../scripture/scripture.references.ts';
import { at, cosine, idfOf, keyPhrases, splitSentences, textRank, tfidf, type Sentence, type Vector } from './extractive.text.ts';

export type Section = {
  sentences: Sentence[];
  /** The preacher's own statement of the point ("love is patient with people"), when announced. */
  statement?: string;
  /** Sentences by salience, best first. */
  ranked: Sentence[];
  phrase: string;
  phrases: string[];
  /** The scripture this section is about: cited in it, else the nearest citation; none when the sermon cites none. */
  scripture?: ScriptureReference;
  /** Other citations inside the section. */
  otherScriptures: ScriptureReference[];
};

export type SermonAnalysis = {
  sentences: Sentence[];
  references: ScriptureReference[];
  distinct: ScriptureReference[];
  globalRank: Sentence[];
  themePhrases: string[];
  sections: Section[];
  idf: Map<string, number>;
};

const APPLICATION_CUES = /\b(this week|you can|you need to|we need to|we should|you should|let us|let's|i want you to|i challenge you|ask yourself|will you|start by|take time|begin to|we must|you must|choose to|practice)\b/i;
const ILLUSTRATION_CUES = /\b(i remember|years ago|story|once|imagine|picture|for example|let me tell you|my (?:grandmother|grandfather|father|mother|wife|husband|son|daughter|friend)|when i was)\b/i;

const POINT_CUE = /^(?:so |and |now )?(?:our|my|the) (?:first|second|third|fourth|fifth|sixth|next|last|final) (?:point|truth|thing)\b.*?\b(?:is|:) (?:that )?(.+?)[.!?]*$/i;

export function isApplication(s: Sentence): boolean {
  return APPLICATION_CUES.test(s.text) && !s.text.endsWith('?') && s.text.split(/\s+/).length >= 6;
}

/** "Our second point is that love endures" → "love endures". */
export function pointStatement(s: Sentence): string | undefined {
  return POINT_CUE.exec(s.text)?.[1];
}
export function isIllustration(s: Sentence): boolean {
  return ILLUSTRATION_CUES.test(s.text);
}

const MIN_SECTION = 3;

export function analyseSermon(transcript: string, given?: ScriptureReference[], maxSections = 5): SermonAnalysis {
  const sentences = splitSentences(transcript)
    .filter((s) => s.terms.length > 0)
    .map((s, index) => ({ ...s, index }));
  const references = given ?? findScriptureReferences(transcript);
  const distinct = distinctReferences(references);
  const idf = idfOf(sentences.map((s) => s.terms));
  const vectors = sentences.map((s) => tfidf(s.terms, idf));
  // Whole-sermon salience by closeness to the sermon's centroid (TextRank is kept for sections,
  // where the graph is small; over a whole hour it costs quadratic time for little gain).
  const sermonCentroid = centroidOf(vectors);
  const globalScores = vectors.map((v) => cosine(v, sermonCentroid));
  const globalRank = rankBy(sentences, globalScores);
  const themePhrases = keyPhrases(sentences, idf, 3);
  if (sentences.length === 0) {
    return { sentences, references, distinct, globalRank, themePhrases, sections: [], idf };
  }

  // Boundaries where a new scripture is first cited, then merge the most similar neighbours
  // (and any that are too short) until at most `maxSections` remain.
  const firstIndex = (ref: ScriptureReference) => sentences.findIndex((s) => s.end > ref.start);
  let groups: number[][] = [];
  // A preacher who announces points ("our second point is…") marks the sections; otherwise
  // each newly cited scripture starts one.
  const announced = sentences.filter((s) => pointStatement(s) !== undefined).map((s) => s.index);
  const anchors = announced.length >= 3 ? announced : distinct.map(firstIndex).filter((i) => i >= 0);
  const starts = [...new Set(anchors)].sort((a, b) => a - b);
  starts[0] = 0; // the introduction belongs to the first section (and a sermon citing nothing is one section)
  for (let g = 0; g < starts.length; g += 1) {
    const from = at(starts, g);
    const to = g + 1 < starts.length ? at(starts, g + 1) : sentences.length;
    groups.push(range(from, to));
  }
  const vectorsOf = (g: readonly number[]) => g.map((i) => at(vectors, i));
  const centroids = new WeakMap<number[], Vector>();
  const centroid = (g: number[]) => {
    let c = centroids.get(g);
    if (!c) centroids.set(g, (c = centroidOf(vectorsOf(g))));
    return c;
  };
  while (groups.length > 1 && (groups.length > maxSections || groups.some((g) => g.length < MIN_SECTION))) {
    const small = groups.findIndex((g) => g.length < MIN_SECTION);
    let merge: number;
    if (small >= 0 && groups.length <= maxSections) {
      merge = small === groups.length - 1 ? small - 1 : small;
    } else {
      let best = -1;
      merge = 0;
      for (let g = 0; g + 1 < groups.length; g += 1) {
        const sim = cosine(centroid(at(groups, g)), centroid(at(groups, g + 1)));
        if (sim > best) { best = sim; merge = g; }
      }
    }
    groups = [...groups.slice(0, merge), [...at(groups, merge), ...at(groups, merge + 1)], ...groups.slice(merge + 2)];
  }
  // Too few scripture anchors: split the longest section at its weakest lexical link.
  while (groups.length < 3) {
    const longest = groups.reduce((a, g, i) => (g.length > at(groups, a).length ? i : a), 0);
    const g = at(groups, longest);
    if (g.length < 2 * MIN_SECTION) break;
    let cut = MIN_SECTION;
    let weakest = Infinity;
    for (let k = MIN_SECTION; k <= g.length - MIN_SECTION; k += 1) {
      const sim = cosine(centroidOf(vectorsOf(g.slice(Math.max(0, k - 4), k))), centroidOf(vectorsOf(g.slice(k, k + 4))));
      if (sim < weakest) { weakest = sim; cut = k; }
    }
    groups = [...groups.slice(0, longest), g.slice(0, cut), g.slice(cut), ...groups.slice(longest + 1)];
  }

  const sections = groups.map((g) => buildSection(g.map((i) => at(sentences, i)), vectorsOf(g), references, idf));
  return { sentences, references, distinct, globalRank, themePhrases, sections, idf };
}

export function buildSection(sentences: Sentence[], vectors: Vector[], references: readonly ScriptureReference[], idf: Map<string, number>): Section {
  const ranked = rankBy(sentences, textRank(vectors));
  const from = at(sentences, 0).start;
  const to = at(sentences, sentences.length - 1).end;
  const inside = distinctReferences(references.filter((r) => r.start >= from && r.start < to));
  const anchor = at(ranked, 0);
  const nearest = [...references].sort((a, b) => Math.abs(a.start - anchor.start) - Math.abs(b.start - anchor.start))[0];
  const scripture = inside[0] ?? nearest;
  const phrases = keyPhrases(sentences, idf, 3);
  const statement = sentences.map(pointStatement).find((x) => x !== undefined);
  return {
    sentences,
    statement,
    ranked,
    phrase: phrases[0] ?? at(anchor.terms, 0),
    phrases,
    scripture,
    otherScriptures: inside.filter((r) => r.osis !== scripture?.osis),
  };
}

/** Splits a section in two halves (for a series longer than the sermon has points). */
export function splitSection(section: Section, references: readonly ScriptureReference[], idf: Map<string, number>): Section[] {
  const half = Math.ceil(section.sentences.length / 2);
  const parts = [section.sentences.slice(0, half), section.sentences.slice(half)];
  return parts.map((p) => {
    const built = buildSection(p, p.map((s) => tfidf(s.terms, idf)), references, idf);
    // The second half keeps the section's scripture when it cites none of its own.
    const own = references.some((r) => r.start >= at(p, 0).start && r.start < at(p, p.length - 1).end);
    return own ? built : { ...built, scripture: section.scripture };
  });
}

function rankBy(sentences: readonly Sentence[], scores: readonly number[]): Sentence[] {
  return sentences
    .map((s, i) => ({ s, score: at(scores, i) * lengthWeight(s) }))
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index)
    .map((x) => x.s);
}

// Prefer sentences that read as statements: not fragments, not run-ons.
function lengthWeight(s: Sentence): number {
  const words = s.text.split(/\s+/).length;
  if (words < 6) return 0.3;
  if (words > 45) return 0.6;
  return 1;
}

function centroidOf(vectors: readonly Vector[]): Vector {
  const c: Vector = new Map();
  for (const v of vectors) for (const [t, w] of v) c.set(t, (c.get(t) ?? 0) + w);
  let norm = 0;
  for (const w of c.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of c) c.set(t, w / norm);
  return c;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
