// The scripture step: the passages a sermon cites, each marked spoken (a reference was said),
// quoted (its words were said) or both. Spoken references are checked against the versification
// and against the quotation that follows them: the quoted words confirm a reference, correct a
// misheard one (right numbers, wrong book; or a verse that does not exist) or, when nothing
// supports a reference that cannot exist, reject it. Nothing is cited that the sermon did not say.
import { displayReference, findReferenceCandidates, toOsis, type ReferenceCandidate, type ScriptureReference } from './scripture.references.ts';
import { loadBibleText } from './bible.text.ts';
import { QuotationIndex, type QuotationMatch } from './scripture.quotations.ts';
import { versesIn } from './scripture.versification.ts';

export type CitationMode = 'spoken' | 'quoted' | 'both';
export type Citation = ScriptureReference & { mode: CitationMode };
/** The scripture step as the generators call it. */
export type CitationFinder = (transcript: string) => Promise<Citation[]>;

/** Spoken references only (no quotation index): what a generator does when given no finder. */
export const spokenCitations: CitationFinder = async (transcript) => combineCitations(transcript, findReferenceCandidates(transcript), []);

/** The translations quotations are matched against (SWORD modules): WEB and KJV. */
export const QUOTATION_MODULES = ['engWEB2015eb', 'engKJV2006eb'];

let shared: Promise<QuotationIndex | null> | undefined;

/**
 * The quotation index of the installed translations, built once per process; null (quotation
 * matching off, spoken references still checked) when the modules cannot be read.
 */
export function sharedQuotationIndex(modules: readonly string[] = QUOTATION_MODULES, onError: (error: unknown) => void = () => {}, diatheke = 'diatheke'): Promise<QuotationIndex | null> {
  // Each module that can be read counts (WEB alone still finds most quotations).
  shared ??= Promise.all(
    modules.map((m) =>
      loadBibleText(m, diatheke).catch((error: unknown) => {
        onError(error);
        return null;
      }),
    ),
  ).then((texts) => {
    const readable = texts.filter((t) => t !== null);
    if (readable.length) return new QuotationIndex(readable);
    shared = undefined;
    return null;
  });
  return shared;
}

// A quotation this close (characters) after a reference, or just before it, is that reference's.
const QUOTE_AFTER = 600;
const QUOTE_BEFORE = 200;

type Span = { book: string; from: number; to: number };
const span = (r: { book: string; chapter: number; verseStart?: number; chapterEnd?: number; verseEnd?: number }): Span => ({
  book: r.book,
  from: r.chapter * 1000 + (r.verseStart ?? 0),
  to: (r.chapterEnd ?? r.chapter) * 1000 + (r.verseEnd ?? (r.verseStart === undefined ? 999 : r.verseStart)),
});
const overlap = (a: Span, b: Span) => a.book === b.book && a.from <= b.to && b.from <= a.to;

function quoteReference(q: QuotationMatch): ScriptureReference {
  const ref = { book: q.book, chapter: q.chapter, verseStart: q.verseStart, chapterEnd: q.verseEnd !== q.verseStart ? q.chapter : undefined, verseEnd: q.verseEnd !== q.verseStart ? q.verseEnd : undefined };
  return { ...ref, osis: toOsis(ref.book, ref.chapter, ref.verseStart, ref.chapterEnd, ref.verseEnd), display: displayReference(ref), start: q.start, end: q.end, source: '' };
}

/** Same chapter and verse, another book; or the same book and chapter: a misheard part. */
function corrects(ref: ReferenceCandidate, q: QuotationMatch): boolean {
  const sameNumbers = ref.chapter === q.chapter && ref.verseStart !== undefined && ref.verseStart >= q.verseStart - 1 && ref.verseStart <= q.verseEnd + 1;
  const sameVerse = ref.verseStart !== undefined && ref.verseStart >= q.verseStart && ref.verseStart <= q.verseEnd;
  return sameNumbers || ((!ref.exists || ref.inferredBook) && (sameVerse || (ref.book === q.book && ref.chapter === q.chapter)));
}

/** Verse keys (`Rom.8.28`) of a reference, for a range of at most a chapter's worth. */
function verseKeys(ref: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): string[] {
  if (ref.verseStart === undefined) return [];
  const last = ref.chapterEnd === undefined || ref.chapterEnd === ref.chapter ? (ref.verseEnd ?? ref.verseStart) : ref.verseStart;
  return Array.from({ length: Math.min(last - ref.verseStart + 1, 60) }, (_, i) => `${ref.book}.${ref.chapter}.${ref.verseStart! + i}`);
}

/** Every verse of a reference; a whole chapter when it names no verse. */
function passageKeys(ref: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): string[] {
  if (ref.verseStart !== undefined) return verseKeys(ref);
  return Array.from({ length: versesIn(ref.book, ref.chapter) }, (_, i) => `${ref.book}.${ref.chapter}.${i + 1}`);
}

/**
 * Chapters a recogniser confuses with `chapter`: another tens word with the same units ("thirty
 * seven" / "forty seven") and teen / tens ("fourteen" / "forty").
 */
export function soundAlikeChapters(chapter: number): number[] {
  const out = new Set<number>();
  for (const d of [-30, -20, -10, 10, 20, 30]) if (chapter + d >= 1) out.add(chapter + d);
  if (chapter >= 13 && chapter <= 19) out.add((chapter - 10) * 10);
  if (chapter >= 30 && chapter <= 90 && chapter % 10 === 0) out.add(chapter / 10 + 10);
  out.delete(chapter);
  return [...out];
}

// What the words around a reference must share with a passage (summed word rarity: about two
// words found in few verses, or four or five everyday ones) to speak of it.
const CONTEXT_EVIDENCE = 1.2;

/**
 * A spoken reference that no quotation confirms, checked against what the preacher says next:
 * when those words share little with the passage heard but much with a sound-alike chapter of the
 * same book, the chapter was misheard and is corrected; when the evidence points elsewhere but
 * not clearly enough to correct, the reference is dropped (nothing invented). Otherwise kept.
 */
function checkAgainstContext(text: string, ref: ReferenceCandidate, window: { before: number; after: number }, index: QuotationIndex): { keep: boolean; corrected?: ScriptureReference } {
  const around = (keys: string[]) => index.vocabularyScore(text, window.before, ref.start, keys) + index.vocabularyScore(text, ref.end, window.after, keys);
  const own = around(passageKeys(ref));
  let best: { chapter: number; score: number } | undefined;
  for (const chapter of soundAlikeChapters(ref.chapter)) {
    if (!versesIn(ref.book, chapter) || (ref.chapterEnd !== undefined && ref.chapterEnd !== ref.chapter)) continue;
    const moved = { ...ref, chapter, chapterEnd: ref.chapterEnd === undefined ? undefined : chapter };
    if (ref.verseStart !== undefined && (versesIn(ref.book, chapter) < (ref.verseEnd ?? ref.verseStart))) continue;
    const score = around(passageKeys(moved));
    if (!best || score > best.score) best = { chapter, score };
  }
  if (!best || best.score < CONTEXT_EVIDENCE / 2 || best.score < 2 * own) return { keep: true };
  if (best.score < CONTEXT_EVIDENCE || best.score < 2.5 * own) return { keep: false };
  const moved = { book: ref.book, chapter: best.chapter, verseStart: ref.verseStart, chapterEnd: ref.chapterEnd === undefined ? undefined : best.chapter, verseEnd: ref.verseEnd };
  return { keep: true, corrected: { ...moved, osis: toOsis(moved.book, moved.chapter, moved.verseStart, moved.chapterEnd, moved.verseEnd), display: displayReference(moved), start: ref.start, end: ref.end, source: ref.source } };
}

export function combineCitations(text: string, candidates: readonly ReferenceCandidate[], quotations: readonly QuotationMatch[], index?: QuotationIndex): Citation[] {
  const used = new Set<QuotationMatch>();
  const citations: Citation[] = [];
  for (const ref of candidates) {
    const near = quotations.filter((q) => !used.has(q) && q.start >= ref.start - QUOTE_BEFORE && q.start <= ref.end + QUOTE_AFTER);
    const confirming = near.filter((q) => overlap(span(ref), span(quoteReference(q))));
    const { exists: _e, inferredBook: _i, needsSupport: _n, ...base } = ref;
    // The preacher's paraphrase of the passage just cited can also match a parallel passage
    // ("love the Lord your God…" after Matthew 22): the cited passage's own words decide.
    const paraphrases = index && ref.exists ? near.filter((q) => q.start >= ref.start && !confirming.includes(q) && index.wordsCoveredBy(text, q.start, q.end, verseKeys(ref)) >= q.matchedWords / 2) : [];
    if (ref.exists && confirming.length + paraphrases.length) {
      [...confirming, ...paraphrases].forEach((q) => used.add(q));
      citations.push({ ...base, mode: 'both' });
      continue;
    }
    const correction = near.find((q) => corrects(ref, q));
    if (correction) {
      used.add(correction);
      const fixed = quoteReference(correction);
      citations.push({ ...fixed, start: ref.start, end: ref.end, source: ref.source, mode: 'both' });
      continue;
    }
    if (!ref.exists) continue;
    if (ref.needsSupport) {
      // A book recovered from an everyday word stands only on what the preacher says with it.
      const next = candidates.find((c) => c.start > ref.end);
      const after = Math.min(ref.end + QUOTE_AFTER, next?.start ?? text.length);
      if (index && index.vocabularyScore(text, ref.end, after, passageKeys(ref)) >= CONTEXT_EVIDENCE) citations.push({ ...base, mode: 'both' });
      continue;
    }
    if (index) {
      const next = candidates.find((c) => c.start > ref.end);
      const previous = candidates.findLast((c) => c.end < ref.start);
      const window = { before: Math.max(ref.start - QUOTE_BEFORE, previous?.end ?? 0), after: Math.min(ref.end + QUOTE_AFTER, next?.start ?? text.length) };
      const checked = checkAgainstContext(text, ref, window, index);
      if (!checked.keep) continue;
      if (checked.corrected) {
        citations.push({ ...checked.corrected, mode: 'spoken' });
        continue;
      }
    }
    citations.push({ ...base, mode: 'spoken' });
  }
  for (const q of quotations) {
    if (used.has(q)) continue;
    const ref = quoteReference(q);
    // Words of a passage the sermon cites elsewhere: that citation is also quoted.
    const cited = citations.find((c) => overlap(span(c), span(ref)));
    if (cited) {
      if (cited.mode === 'spoken') cited.mode = 'both';
      continue;
    }
    citations.push({ ...ref, source: text.slice(q.start, q.end), mode: 'quoted' });
  }
  return citations.sort((a, b) => a.start - b.start);
}

/** The sermon's citations; with a quotation index, confirmed, corrected and completed by quotations. */
export async function identifyScripture(transcript: string, options: { quotations?: QuotationIndex | null } = {}): Promise<Citation[]> {
  const index = options.quotations === undefined ? await sharedQuotationIndex() : options.quotations;
  return combineCitations(transcript, findReferenceCandidates(transcript), index ? index.find(transcript) : [], index ?? undefined);
}
