// Scores the scripture step's citations against a sermon's annotated references and quotations.
import { osisSpan, overlaps, type EvalSermon } from './eval.sermons.ts';
import { verseExists, versesIn } from '../src/content/scripture/scripture.versification.ts';

export type CitationLike = { osis: string; mode?: string };

export type ScriptureScore = {
  spoken: number;
  found: number;
  exact: number;
  citations: number;
  correct: number;
  invented: string[];
  quotations: number;
  quotationsFound: number;
  missed: string[];
};

function exists(osis: string): boolean {
  return osis.split('-').every((part) => {
    const [book, chapter, verse] = part.split('.');
    return verseExists(book!, Number(chapter), verse === undefined ? undefined : Number(verse));
  });
}

/** The verses an OSIS range covers, whole chapters counted verse by verse: "Matt.5-Matt.7" is "Matt.5.1-Matt.7.29". */
function verses(osis: string): string {
  const [first, last = first] = osis.split('-');
  const [book, chapter, verse] = first!.split('.');
  const [, chapterEnd, verseEnd] = last!.split('.');
  return `${book}.${chapter}.${verse ?? 1}-${chapterEnd}.${verseEnd ?? versesIn(book!, Number(chapterEnd))}`;
}

/** A citation has a reference's exact range when it names the same verses, however it writes them. */
export const sameRange = (x: string, y: string) => x === y || verses(x) === verses(y);

export function scoreScripture(sermon: EvalSermon, citations: readonly CitationLike[]): ScriptureScore {
  const annotated = [...sermon.references.map((r) => r.osis), ...sermon.quotations.map((q) => q.osis)];
  const spoken = [...new Set(sermon.references.map((r) => r.osis))];
  const found = spoken.filter((osis) => citations.some((c) => overlaps(c.osis, osis)));
  const exact = spoken.filter((osis) => citations.some((c) => sameRange(c.osis, osis)));
  const invented = citations.filter((c) => !exists(c.osis) || !annotated.some((a) => overlaps(a, c.osis))).map((c) => c.osis);
  const longUnreferenced = sermon.quotations.filter((q) => !q.referenced && q.words.split(/\s+/).length >= 8);
  const quotationsFound = longUnreferenced.filter((q) => citations.some((c) => overlaps(c.osis, q.osis)));
  return {
    spoken: spoken.length,
    found: found.length,
    exact: exact.length,
    citations: citations.length,
    correct: citations.length - invented.length,
    invented,
    quotations: longUnreferenced.length,
    quotationsFound: quotationsFound.length,
    missed: spoken.filter((osis) => !exact.includes(osis)).concat(longUnreferenced.filter((q) => !quotationsFound.includes(q)).map((q) => `“${q.osis}”`)),
  };
}

export { osisSpan };
