// The scripture step: the passages a sermon cites, each marked spoken (a reference was said),
// quoted (its words were said) or both. Spoken references are checked against the versification
// and against the quotation that follows them: the quoted words confirm a reference, correct a
// misheard one (right numbers, wrong book; or a verse that does not exist) or, when nothing
// supports a reference that cannot exist, reject it. Nothing is cited that the sermon did not say.
import { displayReference, findReferenceCandidates, referenceExists, toOsis, type ReferenceCandidate, type ScriptureReference } from './scripture.references.ts';
import { BOOKS } from './scripture.books.ts';
import { loadBibleText } from './bible.text.ts';
import { cachedQuotationIndex } from './quotation-index.cache.ts';
import type { QuotationIndex, QuotationMatch } from './scripture.quotations.ts';
import { verseExists, versesIn } from './scripture.versification.ts';
import { readNumber, readNumberOrHomophone, soundAlikeChapters, tokenize } from './scripture.numbers.ts';

export { soundAlikeChapters };

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
    if (readable.length) return cachedQuotationIndex(readable);
    shared = undefined;
    return null;
  });
  return shared;
}

// Words of a verse said as written, in order (three trigrams in a row), that support its reference.
const VERBATIM_WORDS = 5;
// A quotation this close (characters) after a reference, with no sentence end between, is said with it.
const RIGHT_AFTER = 40;
/** Words at `start` said in the same phrase as the place ending at `end`: a short pause, no sentence end. */
const inSamePhrase = (text: string, end: number, start: number) => start >= end && start - end <= RIGHT_AFTER && !/[.!?]/.test(text.slice(end, start));
/** How many sentences end in `text`. */
const sentenceEnds = (text: string) => (text.match(/[.!?](?:\s|$)/g) ?? []).length;
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

type Passage = Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>;

/** A reference to `passage`, heard at `start`-`end` of the transcript. */
function referenceTo(passage: Passage, start: number, end: number, source = ''): ScriptureReference {
  return { ...passage, osis: toOsis(passage.book, passage.chapter, passage.verseStart, passage.chapterEnd, passage.verseEnd), display: displayReference(passage), start, end, source };
}

function quoteReference(q: QuotationMatch): ScriptureReference {
  const range = q.verseEnd !== q.verseStart;
  return referenceTo({ book: q.book, chapter: q.chapter, verseStart: q.verseStart, chapterEnd: range ? q.chapter : undefined, verseEnd: range ? q.verseEnd : undefined }, q.start, q.end);
}

/** The quotation's book and chapter with the verses the preacher said (`from`-`to`), which hold the quoted ones. */
const saidRange = (q: QuotationMatch, from: number, to: number): ScriptureReference =>
  referenceTo({ book: q.book, chapter: q.chapter, verseStart: from, chapterEnd: q.chapter, verseEnd: to }, q.start, q.end);

/** Same chapter and verse, another book; a sound-alike chapter; or the same book and chapter: a misheard part. */
function corrects(ref: ReferenceCandidate, q: QuotationMatch): boolean {
  // (A verse next to those quoted, of the same book, is another verse: "in verse 4 he tells us how
  // God has given us his promises … add to your faith virtue" quotes 5-7 after speaking of 4.)
  const nextTo = ref.book === q.book && ref.exists ? 0 : 1;
  const sameNumbers = ref.chapter === q.chapter && ref.verseStart !== undefined && ref.verseStart >= q.verseStart - nextTo && ref.verseStart <= q.verseEnd + nextTo;
  // (or, for a range the preacher said, the quoted verses inside it)
  const sameVerse = ref.verseStart !== undefined && ref.verseStart <= q.verseEnd && lastVerseInChapter(ref)! >= q.verseStart;
  // A sound-alike chapter of the same book with the verse quoted ("forty-seven" for "thirty-seven").
  // (A whole chapter, "Genesis forty-seven" then words of Genesis 37:3, likewise.)
  const misheardChapter = ref.book === q.book && (sameVerse || ref.verseStart === undefined) && soundAlikeChapters(ref.chapter).includes(q.chapter);
  // A verse that does not exist can be put right by any quotation of those verse numbers; a carried
  // or misheard book by a quotation of the verse said ("in verse 10 … we are his workmanship"), or
  // of verses inside the range said within the chapter heard ("verses 23 to 35" of the chapter
  // being read is not Luke 23 because Luke 23:34 is quoted a minute later).
  const sameChapter = q.chapter === ref.chapter || soundAlikeChapters(ref.chapter).includes(q.chapter) || ref.verseStart === q.verseStart;
  // A verse of the chapter being read ("In verse 7, a Samaritan woman comes…") is moved to a verse
  // quoted from that chapter only when it does not exist or sounds like one of those quoted
  // ("verse 8" / "verse 18"): a preacher tells of one verse and quotes the next ones.
  const quotedAlike = ref.verseStart === undefined || !ref.exists || soundAlikeChapters(ref.verseStart).some((v) => v >= q.verseStart && v <= q.verseEnd);
  return sameNumbers || misheardChapter || (!ref.exists && sameVerse) || ((!ref.exists || ref.inferredBook) && ((sameVerse && sameChapter) || (ref.book === q.book && ref.chapter === q.chapter && quotedAlike)));
}

/**
 * A misheard reference put right by the verses quoted with it: the quotation's book and chapter,
 * with the range the preacher said when the quoted verses lie inside it ("2 Timothy 2, 28 through
 * 31" and words of Isaiah 40:31 give Isaiah 40:28-31); otherwise the verses quoted.
 */
function correctedBy(ref: ReferenceCandidate, q: QuotationMatch): ScriptureReference {
  if (ref.verseStart === undefined && ref.book === q.book) return referenceTo({ book: q.book, chapter: q.chapter }, q.start, q.end);
  // ("verse 8 says that he stood … [8-10 read]": the one verse said, the first of those quoted;
  // "verses 13 and 40", fourteen lost, is still the range quoted.)
  if (ref.verseStart !== undefined && ref.verseEnd === undefined && !/\bverses\b/i.test(ref.source) && ref.verseStart === q.verseStart && q.verseEnd > q.verseStart) return referenceTo({ book: q.book, chapter: q.chapter, verseStart: q.verseStart }, q.start, q.end);
  const said = ref.verseStart !== undefined && ref.verseEnd !== undefined && (ref.chapterEnd ?? ref.chapter) === ref.chapter ? { from: ref.verseStart, to: ref.verseEnd } : undefined;
  if (!said || q.verseStart < said.from || q.verseEnd > said.to || !verseExists(q.book, q.chapter, said.to)) return quoteReference(q);
  return saidRange(q, said.from, said.to);
}

/** The last verse of a reference within its first chapter (a range into the next chapter: its first verse). */
function lastVerseInChapter(ref: Pick<ScriptureReference, 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): number | undefined {
  return ref.chapterEnd === undefined || ref.chapterEnd === ref.chapter ? (ref.verseEnd ?? ref.verseStart) : ref.verseStart;
}

/** Verse keys (`Rom.8.28`) of a reference, for a range of at most a chapter's worth. */
function verseKeys(ref: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): string[] {
  if (ref.verseStart === undefined) return [];
  const last = lastVerseInChapter(ref)!;
  return Array.from({ length: Math.min(last - ref.verseStart + 1, 60) }, (_, i) => `${ref.book}.${ref.chapter}.${ref.verseStart! + i}`);
}

/** Every verse of a reference; a whole chapter when it names no verse. */
function passageKeys(ref: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): string[] {
  if (ref.verseStart !== undefined) return verseKeys(ref);
  return Array.from({ length: versesIn(ref.book, ref.chapter) }, (_, i) => `${ref.book}.${ref.chapter}.${i + 1}`);
}

// What the words around a reference must share with a passage (summed word rarity: about two
// words found in few verses, or four or five everyday ones) to speak of it.
const CONTEXT_EVIDENCE = 1.2;

/** Every verse of the chapters a reference names. */
function chapterKeys(ref: Pick<ScriptureReference, 'book' | 'chapter' | 'chapterEnd'>): string[] {
  return passageKeys({ book: ref.book, chapter: ref.chapter });
}

/**
 * A spoken reference that no quotation confirms, checked against what the preacher says around
 * it: when those words share little with the passage heard but much with a sound-alike chapter of
 * the same book, the chapter was misheard and is corrected; when the evidence points elsewhere but
 * not clearly enough to correct, the reference is dropped (nothing invented). Otherwise kept.
 * A verse's few words are compared first, then (a retelling names the story, not the verse) the
 * two chapters. A chapter the book does not have ("Romans eighteen") is only ever corrected. The
 * two chapters' words alone never move a verse that was said: a long chapter shares more words with
 * any paragraph ("Psalm 116, verse 10 … I believed, and therefore have I spoken" went to Psalm
 * 106, which has 48 verses to 116's 19), and on 01-92 and the respoken 01-43 no such move was right.
 */
function checkAgainstContext(text: string, ref: ReferenceCandidate, window: { before: number; after: number }, index: QuotationIndex, readSince: readonly ChapterOf[] = []): { keep: boolean; corrected?: ScriptureReference } {
  // A retelling runs on past the chapter it opened with ("Genesis 47. He was his father's favorite
  // son … a pit … Pharaoh … the famine"): the sentences right after the reference are its own, so
  // they are asked first, and only a clear answer from them counts.
  const near = { before: ref.start, after: Math.min(window.after, ref.end + NEAR_CONTEXT) };
  if (near.after < window.after) {
    const fromNear = weighContext(text, ref, near, index, readSince);
    if (fromNear.corrected) return fromNear;
  }
  return weighContext(text, ref, window, index, readSince);
}

type ChapterOf = { book: string; chapter: number };

// The sentence or two right after a reference (characters).
const NEAR_CONTEXT = 220;

/** `text[start, end)` shares enough rare words with the verse (`CONTEXT_EVIDENCE`), and more than with any other verse of its chapter. */
function speaksOfVerse(text: string, verse: Passage & { verseStart: number }, start: number, end: number, index: QuotationIndex): boolean {
  const score = (v: number) => index.vocabularyScore(text, start, end, [`${verse.book}.${verse.chapter}.${v}`]);
  const own = score(verse.verseStart);
  if (own < CONTEXT_EVIDENCE) return false;
  for (let v = 1; v <= versesIn(verse.book, verse.chapter); v += 1) if (v !== verse.verseStart && score(v) >= own) return false;
  return true;
}

function weighContext(text: string, ref: ReferenceCandidate, window: { before: number; after: number }, index: QuotationIndex, readSince: readonly ChapterOf[]): { keep: boolean; corrected?: ScriptureReference } {
  // ("O give thanks unto the Lord, for he is good, for his mercy endures forever, says Psalm 136,
  // verse 1": the verse heard, said as written around it, stands, though a sound-alike psalm, 106,
  // has those words and one more.)
  if (ref.exists && ref.verseStart !== undefined && index.wordsCoveredBy(text, window.before, window.after, verseKeys(ref)) >= VERBATIM_WORDS) return { keep: true };
  // Only words one passage has and the other lacks tell them apart: a retelling of Joseph's
  // brothers names "Joseph", "brothers" and "Egypt", which both of his chapters share.
  const around = (keys: string[], except: string[]) => index.vocabularyScore(text, window.before, ref.start, keys, except) + index.vocabularyScore(text, ref.end, window.after, keys, except);
  const moveTo = ({ book, chapter }: ChapterOf) => ({ ...ref, book, chapter, chapterEnd: ref.chapterEnd === undefined ? undefined : chapter });
  const singleChapter = ref.chapterEnd === undefined || ref.chapterEnd === ref.chapter;
  // The sound-alike chapters of the same book; for a bare "verses 16 to 18", also the chapters read
  // aloud since its chapter was named (the passage a second voice has just read).
  const rivals = [...soundAlikeChapters(ref.chapter).map((chapter) => ({ book: ref.book, chapter })), ...readSince];
  const alike = rivals.filter((c) => singleChapter && versesIn(c.book, c.chapter) >= (ref.verseEnd ?? ref.verseStart ?? 1));
  const levels = ref.verseStart === undefined ? [passageKeys] : [passageKeys, chapterKeys];
  let keep = ref.exists;
  for (const [level, keysOf] of levels.entries()) {
    const heard = ref.exists ? keysOf(ref) : [];
    const scored = alike.map((chapter) => {
      const keys = keysOf(moveTo(chapter));
      return { chapter, score: around(keys, heard), own: around(heard, keys) };
    });
    scored.sort((a, b) => b.score - a.score);
    const [best, second] = scored;
    if (!best || best.score < CONTEXT_EVIDENCE / 2 || best.score < 2 * best.own) continue;
    // Two sound-alike chapters about as likely: not a correction, and the heard one is in doubt.
    const clear = !second || best.score >= 1.5 * second.score;
    // (A chapter has many more words than a verse: it must share more.)
    const strong = best.score >= CONTEXT_EVIDENCE * (level ? 1.5 : 1) && best.score >= 2.5 * best.own;
    if (!clear || !strong) {
      if (level === 0 || best.score >= CONTEXT_EVIDENCE) keep = false;
      continue;
    }
    if (level > 0 && ref.verseStart !== undefined && ref.exists) continue;
    const moved = { book: best.chapter.book, chapter: best.chapter.chapter, verseStart: ref.verseStart, chapterEnd: ref.chapterEnd === undefined ? undefined : best.chapter.chapter, verseEnd: ref.verseEnd };
    return { keep: true, corrected: referenceTo(moved, ref.start, ref.end, ref.source) };
  }
  return { keep };
}

/**
 * A place heard in part, completed by the words said after it as written (at least five words of
 * the verse in runs few verses share, more than any other choice has): the verse of the chapter heard ("Philippians 1
 * seeks promises that he … until the day of Jesus Christ"), or the book of the chapter and verses
 * heard ("in chapter 11, 8-10, he went out not knowing where"). Nothing when no choice or two fit.
 */
function completedFromWords(text: string, ref: ReferenceCandidate, anchors: readonly ReferenceCandidate[], index: QuotationIndex, sermonBooks: ReadonlySet<string> = new Set()): ScriptureReference | undefined {
  const next = anchors.find((c) => c.start > ref.end);
  const after = Math.min(ref.end + QUOTE_AFTER, next?.start ?? text.length);
  const choices: Passage[] = ref.booksFromWords
    ? ref.booksFromWords.map((book) => ({ book, chapter: ref.chapter, verseStart: ref.verseStart, chapterEnd: ref.chapterEnd, verseEnd: ref.verseEnd }))
    : ref.chaptersFromWords
      ? ref.chaptersFromWords.map((chapter) => ({ book: ref.book, chapter, verseStart: ref.verseStart, chapterEnd: ref.chapterEnd === undefined ? undefined : chapter, verseEnd: ref.verseEnd }))
      : ref.splitsFromWords
      ? ref.splitsFromWords.map(({ chapter, verse }) => ({ book: ref.book, chapter, verseStart: verse }))
      : Array.from({ length: versesIn(ref.book, ref.chapter) }, (_, v) => ({ book: ref.book, chapter: ref.chapter, verseStart: v + 1 }));
  const scored = choices.map((passage) => ({ passage, words: index.wordsCoveredBy(text, ref.end, after, verseKeys(passage), true) })).sort((a, b) => b.words - a.words);
  const [best, second] = scored;
  if (best && best.words >= VERBATIM_WORDS && !(second && second.words === best.words)) return referenceTo(best.passage, ref.start, ref.end, ref.source);
  // "…in chapter 2, verse 9 with the line salvation is of the Lord": the chapter and verse said, the
  // book lost, in a sermon already reading a book (cited or quoted before) whose verse there the
  // words after are: a run of its words few verses share is enough, when no other such book has one.
  if (!ref.booksFromWords) return undefined;
  const [own, rival] = scored.filter((c) => sermonBooks.has(c.passage.book));
  if (!own || own.words < SERMON_BOOK_WORDS || (rival && rival.words >= own.words)) return undefined;
  return referenceTo(own.passage, ref.start, ref.end, ref.source);
}

/** A bare verse of a reading heard without its book, in the book its words told; nothing while they told none. */
function ofReadingCompleted(verse: ReferenceCandidate, reading: ScriptureReference | undefined): ReferenceCandidate | undefined {
  if (!reading) return undefined;
  const place = { book: reading.book, chapter: reading.chapter, verseStart: verse.verseStart, chapterEnd: verse.chapterEnd, verseEnd: verse.verseEnd };
  const { ofReadingHeardInPart: _o, ...rest } = verse;
  return { ...rest, ...referenceTo(place, verse.start, verse.end, verse.source), exists: referenceExists(place) };
}

/**
 * The chapter of the book a reading is in, when a bare verse of it said next is quoted from that
 * chapter right after (a whole chapter too: "Genesis 13 [thirty-nine], … his answer is in verse 9,
 * how then can I do this great wickedness").
 */
function readingChapterFromItsVerse(ref: ReferenceCandidate, candidates: readonly ReferenceCandidate[], anchors: readonly ReferenceCandidate[], quotations: readonly QuotationMatch[], used: ReadonlySet<QuotationMatch>): ScriptureReference | undefined {
  const wholeChapter = ref.verseStart === undefined;
  if (ref.chapterFromContext || (!wholeChapter && ref.verseEnd === undefined) || (ref.chapterEnd ?? ref.chapter) !== ref.chapter) return undefined;
  const next = candidates.find((c) => c.start > ref.end && (c.needsQuotation || anchors.includes(c)));
  const inReading = (c: ReferenceCandidate) => wholeChapter || (c.verseStart! >= ref.verseStart! && (c.verseEnd ?? c.verseStart!) <= ref.verseEnd!);
  const ownVerse = next?.chapterFromContext && next.book === ref.book && next.chapter === ref.chapter && next.verseStart !== undefined && inReading(next) ? next : undefined;
  if (!ownVerse) return undefined;
  const quoted = quotations.find((q) => !used.has(q) && q.book === ref.book && q.chapter !== ref.chapter && q.start >= ownVerse.end && q.start - ownVerse.end <= QUOTE_BEFORE && q.verseStart >= ownVerse.verseStart! && q.verseEnd <= (ownVerse.verseEnd ?? ownVerse.verseStart!));
  if (!quoted) return undefined;
  if (wholeChapter) return referenceTo({ book: ref.book, chapter: quoted.chapter }, ref.start, ref.end, ref.source);
  if (!verseExists(ref.book, quoted.chapter, ref.verseEnd!)) return undefined;
  return referenceTo({ book: ref.book, chapter: quoted.chapter, verseStart: ref.verseStart, chapterEnd: quoted.chapter, verseEnd: ref.verseEnd }, ref.start, ref.end, ref.source);
}

/** The same chapter and verses in the one other book whose words follow the reference as written, when the book heard has none of them there. */
function sameNumbersOtherBook(text: string, ref: ReferenceCandidate, after: number, index: QuotationIndex): ScriptureReference | undefined {
  if (ref.verseStart === undefined || index.wordsCoveredBy(text, ref.end, after, verseKeys(ref), true) > 0) return undefined;
  const place = { chapter: ref.chapter, verseStart: ref.verseStart, chapterEnd: ref.chapterEnd, verseEnd: ref.verseEnd };
  const scored = BOOKS.filter((b) => b.osis !== ref.book && verseExists(b.osis, place.chapter, place.verseStart) && (place.verseEnd === undefined || verseExists(b.osis, place.chapterEnd ?? place.chapter, place.verseEnd)))
    .map((b) => ({ passage: { book: b.osis, ...place }, words: index.wordsCoveredBy(text, ref.end, after, verseKeys({ book: b.osis, ...place }), true) }));
  const best = saidAsWritten(scored);
  return best && referenceTo(best.passage, ref.start, ref.end, ref.source);
}

/** The one verse of the chapter that sounds like the bare verse heard and that the words after it speak of, when they do not speak of the verse heard. */
function soundAlikeVerseSpokenOf(text: string, ref: ReferenceCandidate, after: number, index: QuotationIndex): ScriptureReference | undefined {
  const heard = { book: ref.book, chapter: ref.chapter, verseStart: ref.verseStart! };
  if (index.wordsCoveredBy(text, ref.end, after, verseKeys(heard)) > 0 || index.vocabularyScore(text, ref.end, after, verseKeys(heard)) >= CONTEXT_EVIDENCE / 2) return undefined;
  const spoken = soundAlikeChapters(heard.verseStart).filter((v) => verseExists(ref.book, ref.chapter, v) && speaksOfVerse(text, { ...heard, verseStart: v }, ref.end, after, index));
  return spoken.length === 1 ? referenceTo({ ...heard, verseStart: spoken[0]! }, ref.start, ref.end, ref.source) : undefined;
}

/** The passage whose words were said as written most (at least `VERBATIM_WORDS`), when no other ties it. */
function saidAsWritten<T extends { words: number }>(scored: readonly T[]): T | undefined {
  const [best, second] = [...scored].sort((a, b) => b.words - a.words);
  return !best || best.words < VERBATIM_WORDS || (second && second.words === best.words) ? undefined : best;
}

/**
 * "In verse 5, he cries, woe is me, for I am undone": a bare verse's chapter is a guess (the one
 * named last, here John 12), as is a carried book's chapter. The words said right after it, none
 * of them the verse guessed, are that verse of one chapter the sermon cited or quoted before (five
 * words said as written, one run of them few verses share): that chapter's.
 */
function sameVerseChapterCitedBefore(text: string, ref: ReferenceCandidate, after: number, index: QuotationIndex, citations: readonly Pick<ScriptureReference, 'book' | 'chapter' | 'end'>[]): ScriptureReference | undefined {
  if (!(ref.chapterFromContext || ref.inferredBook) || ref.verseStart === undefined || index.wordsCoveredBy(text, ref.end, after, verseKeys(ref)) > 0) return undefined;
  if ((ref.chapterEnd ?? ref.chapter) !== ref.chapter) return undefined;
  const place = { verseStart: ref.verseStart, verseEnd: ref.verseEnd };
  const chapters = new Map(citations.filter((c) => c.end <= ref.start && !(c.book === ref.book && c.chapter === ref.chapter)).map((c) => [`${c.book}.${c.chapter}`, { book: c.book, chapter: c.chapter }]));
  const scored = [...chapters.values()]
    .filter((c) => verseExists(c.book, c.chapter, place.verseEnd ?? place.verseStart))
    .map((c) => {
      const keys = verseKeys({ ...c, ...place });
      return { passage: { ...c, ...place }, words: index.wordsCoveredBy(text, ref.end, after, keys), rare: index.wordsCoveredBy(text, ref.end, after, keys, true) };
    });
  const best = saidAsWritten(scored);
  // (The few chapters cited before are the only candidates, so common runs count too, with one run few verses share.)
  return best && best.rare > 0 ? referenceTo(best.passage, ref.start, ref.end, ref.source) : undefined;
}

// Words of a verse said as written (two trigrams in a row) that name it among the books a sermon reads.
const SERMON_BOOK_WORDS = 4;

/** The books a sermon has cited, or quoted before `start`: the books it is reading. */
function booksReadBefore(citations: readonly Citation[], quotations: readonly QuotationMatch[], start: number): Set<string> {
  return new Set([...citations.map((c) => c.book), ...quotations.filter((q) => q.end <= start).map((q) => q.book)]);
}

/**
 * A passage of verses within one chapter holds the verses quoted from it: they are its words. A
 * whole chapter or a passage across chapters ("from 1 Samuel 16, 1 to the end of chapter 17", the
 * story a sermon walks through) does not: each verse quoted keeps its own citation.
 */
const holdsItsQuotations = (ref: Pick<ScriptureReference, 'chapter' | 'verseStart' | 'chapterEnd'>) => ref.verseStart !== undefined && (ref.chapterEnd === undefined || ref.chapterEnd === ref.chapter);

export function combineCitations(text: string, candidates: readonly ReferenceCandidate[], quotations: readonly QuotationMatch[], index?: QuotationIndex): Citation[] {
  const used = new Set<QuotationMatch>();
  const citations: Citation[] = [];
  // (A psalm heard as an everyday word, "some 40 people", bounds no other reference's words; nor
  // does a place whose verse or book only the words after it can tell.)
  // (Nor a bare verse of a reading whose book is still to be found: it bounds nothing before that.)
  const anchors = candidates.filter((c) => !c.needsQuotation && !c.verseFromWords && !c.booksFromWords && !c.chaptersFromWords && !c.splitsFromWords && !c.ofReadingHeardInPart);
  const spoken = anchors.filter((c) => c.exists);
  // A quotation with its own verse numbers said right before it ("In verses 4 and 5 he calls him a
  // living stone…") is cited with them, not consumed by the larger passage that holds it.
  const placedBefore = (q: QuotationMatch) => (withVersesSaidBefore(text, q, spoken) ?? placeSaidBefore(text, q, spoken) ?? withVersesSaidAfter(text, q, spoken)) !== undefined;
  const completedReadings = new Map<ReferenceCandidate, ScriptureReference>();
  for (const heard of candidates) {
    const ref = heard.ofReadingHeardInPart ? ofReadingCompleted(heard, completedReadings.get(heard.ofReadingHeardInPart)) : heard;
    if (!ref) continue;
    // (A place completed from the words said after it is the phrase's reading: "Omenaya, verse 3"
    // is no longer a verse of the chapter being read.)
    if (citations.some((c) => c.mode === 'both' && c.start < ref.start && ref.end <= c.end)) continue;
    if (ref.verseFromWords || ref.booksFromWords || ref.chaptersFromWords || ref.splitsFromWords) {
      if (!index) continue;
      const completed = completedFromWords(text, ref, anchors, index, booksReadBefore(citations, quotations, ref.start));
      if (completed) {
        completedReadings.set(ref, completed);
        quotations.filter((q) => !used.has(q) && !placedBefore(q) && overlap(span(completed), span(quoteReference(q))) && q.start >= ref.start && q.start <= ref.end + QUOTE_AFTER).forEach((q) => used.add(q));
        citations.push({ ...completed, mode: 'both' });
      }
      continue;
    }
    const near = quotations.filter((q) => !used.has(q) && q.start >= ref.start - QUOTE_BEFORE && q.start <= ref.end + QUOTE_AFTER);
    // Words quoted after the next reference was said are that reference's, not this one's to correct.
    const following = anchors.find((c) => c.start > ref.end);
    const ownNear = near.filter((q) => !following || q.start < following.start);
    const confirming = near.filter((q) => overlap(span(ref), span(quoteReference(q))));
    const { exists: _e, inferredBook: _i, needsSupport: _n, needsQuotation: _q, hyphenVerse: _h, verseFromWords: _v, booksFromWords: _b, rangeIfQuoted: _r, chapterFromContext: _c, tensAndUnit: _t, splitsFromWords: _s, chaptersFromWords: _cw, ofReadingHeardInPart: _o, ...base } = ref;
    // "Timothy 6, 6, 8. But godliness with contentment … For we brought nothing…": a verse quoted
    // between the two said makes them a range (a list of the two would leave it out).
    if (ref.rangeIfQuoted !== undefined && ref.verseStart !== undefined) {
      const between = ownNear.filter((q) => q.book === ref.book && q.chapter === ref.chapter && q.verseEnd > ref.verseStart! && q.verseStart < ref.rangeIfQuoted!);
      if (between.length) {
        [...between, ...confirming].forEach((q) => used.add(q));
        citations.push({ ...referenceTo({ book: ref.book, chapter: ref.chapter, verseStart: ref.verseStart, chapterEnd: ref.chapter, verseEnd: ref.rangeIfQuoted }, ref.start, ref.end, ref.source), mode: 'both' });
        continue;
      }
    }
    // "Exodus 24 and 5, … you shall not make for yourself an idol": the chapter and verse run
    // together; a quotation of chapter 20, verse 4 said with it is the place said.
    if (ref.tensAndUnit) {
      const said = { book: ref.book, ...ref.tensAndUnit, chapterEnd: ref.tensAndUnit.verseEnd === undefined ? undefined : ref.tensAndUnit.chapter };
      // (or the verse next to it: "Psalm 134. … who could stand? And then he says, but there is
      // forgiveness…", 130:3 quoted and 130:4 misheard.)
      const nextTo = (q: QuotationMatch) => q.book === said.book && q.chapter === said.chapter && said.verseEnd === undefined && Math.abs(q.verseStart - said.verseStart) <= 1 && q.verseEnd === q.verseStart;
      const quoted = ownNear.find((q) => overlap(span(said), span(quoteReference(q)))) ?? ownNear.find(nextTo);
      if (quoted) {
        if (overlap(span(said), span(quoteReference(quoted)))) used.add(quoted);
        citations.push({ ...referenceTo(said, ref.start, ref.end, ref.source), mode: 'both' });
        continue;
      }
    }
    const runTogether = digitsRunTogether(text, ref, ownNear);
    if (runTogether) {
      used.add(runTogether.quoted);
      citations.push({ ...referenceTo(runTogether.place, ref.start, ref.end, ref.source), mode: 'both' });
      continue;
    }
    if (ref.hyphenVerse !== undefined) {
      const verse = { book: ref.book, chapter: ref.chapter, verseStart: ref.hyphenVerse };
      const quoted = ownNear.find((q) => overlap(span(verse), span(quoteReference(q))));
      if (quoted) used.add(quoted);
      // ("Deuteronomy 5-15, he gave a new reason for the Sabbath. Remember that you were a slave
      // in Egypt": or the sentence or two after it speak of that verse more than of any other of
      // the chapter, as the words around a reference decide between sound-alike chapters.)
      if (quoted || (index && speaksOfVerse(text, verse, ref.end, Math.min(ref.end + NEAR_CONTEXT, following?.start ?? text.length), index))) {
        citations.push({ ...referenceTo(verse, ref.start, ref.end, ref.source), mode: 'both' });
        continue;
      }
    }
    // The preacher's paraphrase of the passage just cited can also match a parallel passage
    // ("love the Lord your God…" after Matthew 22): the cited passage's own words decide. They must
    // be most of the quotation's: "my presence will go with you, and I will give you rest" shares
    // only its last words with Matthew 11:28 cited before it, and is Exodus 33:14.
    const paraphrases = index && ref.exists ? near.filter((q) => q.end > ref.end && !confirming.includes(q) && index.wordsCoveredBy(text, q.start, q.end, verseKeys(ref)) >= (q.matchedWords * 2) / 3) : [];
    if (ref.exists && confirming.length + paraphrases.length) {
      // A whole chapter is confirmed by a verse quoted from it; that verse keeps its own citation.
      if (holdsItsQuotations(ref)) [...confirming, ...paraphrases].filter((q) => !placedBefore(q)).forEach((q) => used.add(q));
      citations.push({ ...base, mode: 'both' });
      continue;
    }
    // "Romans 10-7-10 says faith comes by hearing…": a verse of the chapter said, quoted right after
    // the reference (the same phrase), that sounds like the verse said ("seventeen" heard "7-10"),
    // is the verse said.
    const saidAlike = (q: QuotationMatch) =>
      ref.book === q.book && ref.chapter === q.chapter && ref.verseStart !== undefined && soundAlikeChapters(ref.verseStart).some((v) => v >= q.verseStart && v <= q.verseEnd) && inSamePhrase(text, ref.end, q.start);
    // "Philippians 2, 12 and 13, … you work out your salvation": a book heard by its name, whose
    // own words follow it, is not another book because that book's verse with the same numbers is
    // quoted near it (Titus 2:13, from the chapter the sermon reads).
    const ownWordsAfter = (q: QuotationMatch) => q.book !== ref.book && ref.exists && !ref.inferredBook && index !== undefined && index.vocabularyScore(text, ref.end, Math.min(ref.end + QUOTE_AFTER, following?.start ?? text.length), passageKeys(ref)) >= CONTEXT_EVIDENCE;
    // Words quoted in the same phrase, right after the place: "Genesis 18, it is not good for the man
    // to be alone" (two eighteen, the chapter lost) is verse 18 of the chapter quoted; a bare "verses
    // 7 and 8, the Lord will keep your going out and your coming in" is of the psalm quoted, not of
    // the chapter the sermon mentioned last.
    const verseHeardAsChapter = (q: QuotationMatch) => ref.verseStart === undefined && ref.book === q.book && q.chapter !== ref.chapter && q.verseStart <= ref.chapter && ref.chapter <= q.verseEnd && inSamePhrase(text, ref.end, q.start);
    // (A bare verse's chapter is a guess: words of those verses of another chapter quoted in the
    // sentence or two after it, "Verses 17 and 18 speak about the day of judgment … there is no fear
    // in love", are the verses said.)
    const quotedShortlyAfter = (q: QuotationMatch) => q.start >= ref.end && q.start - ref.end <= VERSES_BEFORE_SENTENCE_REACH && sentenceEnds(text.slice(ref.end, q.start)) <= 2;
    // (The first or last verse said, not one inside a range: "verses 23 to 35 … Father, forgive them"
    // is not Luke 23.)
    const versesOfAnotherChapter = (q: QuotationMatch) => ref.chapterFromContext === true && ref.verseStart !== undefined && (q.verseStart === ref.verseStart || q.verseEnd === lastVerseInChapter(ref)) && q.verseStart <= lastVerseInChapter(ref)! && ref.verseStart <= q.verseEnd && quotedShortlyAfter(q);
    // "Proverbs 17, the fear of the Lord is the beginning of knowledge" (one seven, 1:7), "Psalm 1306,
    // O give thanks unto the Lord" (136): the chapter and verse written as one number, or a zero
    // heard between the chapter's digits; the words quoted in the same phrase are the place said.
    const heardDigits = ref.source.replace(/\D/g, '');
    const digitsOfQuoted = (q: QuotationMatch) => heardDigits === `${q.chapter}${q.verseStart}` || [...heardDigits].some((d, i) => d === '0' && `${heardDigits.slice(0, i)}${heardDigits.slice(i + 1)}` === String(q.chapter));
    const numberRunTogether = (q: QuotationMatch) => ref.book === q.book && heardDigits.length >= 2 && !overlap(span(ref), span(quoteReference(q))) && digitsOfQuoted(q) && inSamePhrase(text, ref.end, q.start);
    const heardAsChapter = ownNear.find(verseHeardAsChapter) ?? ownNear.find(numberRunTogether);
    if (heardAsChapter) {
      used.add(heardAsChapter);
      citations.push({ ...quoteReference(heardAsChapter), start: ref.start, end: ref.end, source: ref.source, mode: 'both' });
      continue;
    }
    const correction = ownNear.find((q) => (corrects(ref, q) && !ownWordsAfter(q)) || saidAlike(q) || versesOfAnotherChapter(q));
    if (correction) {
      used.add(correction);
      citations.push({ ...correctedBy(ref, correction), start: ref.start, end: ref.end, source: ref.source, mode: 'both' });
      continue;
    }
    // "It is the promise Joshua heard: be strong and of a good courage" ("heard" written "3"): a
    // whole chapter said in the same phrase as words of another chapter of its book, a chapter
    // nothing else in the sermon cites (by name) or quotes, was no place said; the quotation is cited.
    const inItsChapter = (c: { book: string; chapter: number; chapterEnd?: number }) => c.book === ref.book && c.chapter <= ref.chapter && ref.chapter <= (c.chapterEnd ?? c.chapter);
    const anotherChapterQuoted = ref.verseStart === undefined && ref.chapterEnd === undefined && !ref.inferredBook && ownNear.some((q) => q.book === ref.book && q.chapter !== ref.chapter && inSamePhrase(text, ref.end, q.start));
    if (anotherChapterQuoted && !candidates.some((c) => c !== ref && c.exists && !c.inferredBook && inItsChapter(c)) && !quotations.some(inItsChapter)) continue;
    // "Turn to Psalm 22, 12 to 15 [ninety-two misheard]. … And then verse 14, they will still bear
    // fruit in old age": a bare verse of the reading, said before the reference to anything else, is
    // quoted from another chapter of the book; the reading is that chapter (the verse keeps the
    // quotation for its own correction).
    const ownVerseQuoted = readingChapterFromItsVerse(ref, candidates, anchors, quotations, used);
    if (ownVerseQuoted) {
      citations.push({ ...ownVerseQuoted, mode: 'both' });
      continue;
    }
    // "John 1315, though he slay me, yet will I trust in him": a book heard as another's name, the
    // numbers right. The words said right after it, none of them the verse heard, are the verse
    // with those numbers in one other book (five words in runs few verses share, as for a place
    // heard in part): that book's. Too few words for a quotation, but the same chapter and verse
    // as well is no accident.
    const otherBook = index && ref.exists && !ref.inferredBook ? sameNumbersOtherBook(text, ref, Math.min(ref.end + QUOTE_AFTER, following?.start ?? text.length), index) : undefined;
    if (otherBook) {
      citations.push({ ...otherBook, mode: 'both' });
      continue;
    }
    // "And her answer, in verse 30, is wonderful. I dwell among mine own people": thirteen heard as
    // thirty, a verse the chapter also has. The sentence or two after it speak of the sound-alike
    // verse (and not of the verse heard): that one.
    const alikeVerse = index && ref.exists && ref.chapterFromContext && ref.verseStart !== undefined && ref.verseEnd === undefined ? soundAlikeVerseSpokenOf(text, ref, Math.min(ref.end + NEAR_CONTEXT, following?.start ?? text.length), index) : undefined;
    if (alikeVerse) {
      citations.push({ ...alikeVerse, mode: 'spoken' });
      continue;
    }
    // (A carried book's chapter is a guess too: "chapter 2, verse 15, houses and fields shall be
    // possessed again" is the chapter the sermon quotes, its tens lost. The chapters quoted before
    // count with those cited.)
    const citedChapter = index && ref.exists ? sameVerseChapterCitedBefore(text, ref, Math.min(ref.end + QUOTE_AFTER, following?.start ?? text.length), index, [...citations, ...quotations.filter((q) => q.end <= ref.start)]) : undefined;
    if (citedChapter) {
      citations.push({ ...citedChapter, mode: 'both' });
      continue;
    }
    // ("Moses prays in some 90, 70, establish the work of our hands…": a psalm heard as an everyday
    // word stands on a quotation, or on its verse's words said as written right after it.)
    const saysItsVerse = () => index !== undefined && ref.exists && ref.verseStart !== undefined && index.wordsCoveredBy(text, ref.end, Math.min(ref.end + QUOTE_AFTER, following?.start ?? text.length), verseKeys(ref)) >= VERBATIM_WORDS;
    if (ref.needsQuotation && !saysItsVerse()) continue;
    const window = () => {
      const next = anchors.find((c) => c.start > ref.end);
      const previous = anchors.findLast((c) => c.end < ref.start);
      return { before: Math.max(ref.start - QUOTE_BEFORE, previous?.end ?? 0), after: Math.min(ref.end + QUOTE_AFTER, next?.start ?? text.length) };
    };
    if (!ref.exists) {
      const checked = index && !ref.needsSupport ? checkAgainstContext(text, ref, window(), index) : undefined;
      if (checked?.corrected) citations.push({ ...checked.corrected, mode: 'spoken' });
      else {
        // "In verse 60" of a chapter of 44 verses: "sixteen" heard as "sixty", when it is the one
        // verse of the chapter that sounds like the number heard.
        // (Not a verse that stands only on what is said with it: "In verse 35 the boy sneezed seven
        // times", of a reading whose place was misheard, is not Genesis 18:25 because Genesis 18:14
        // was the last place said.)
        const alike = ref.chapterFromContext && !ref.needsSupport && ref.verseStart !== undefined && ref.verseEnd === undefined ? soundAlikeChapters(ref.verseStart).filter((v) => verseExists(ref.book, ref.chapter, v)) : [];
        if (alike.length === 1) citations.push({ ...referenceTo({ book: ref.book, chapter: ref.chapter, verseStart: alike[0] }, ref.start, ref.end, ref.source), mode: 'spoken' });
      }
      continue;
    }
    if (ref.needsSupport) {
      // A book recovered from an everyday word stands only on what the preacher says with it.
      const next = anchors.find((c) => c.start > ref.end);
      const after = Math.min(ref.end + QUOTE_AFTER, next?.start ?? text.length);
      // (or its words said as written: "Some 102, 17 promises that he will regard the prayer…")
      // (or, in a book the sermon already reads, a run of four that few verses share: "chapter 2,
      // verse 9 with the line salvation is of the Lord")
      const sermonBook = booksReadBefore(citations, quotations, ref.start).has(ref.book);
      const verbatim = () => ref.verseStart !== undefined && (index!.wordsCoveredBy(text, ref.end, after, verseKeys(ref)) >= VERBATIM_WORDS || (sermonBook && index!.wordsCoveredBy(text, ref.end, after, verseKeys(ref), true) >= SERMON_BOOK_WORDS));
      if (index && (index.vocabularyScore(text, ref.end, after, passageKeys(ref)) >= CONTEXT_EVIDENCE || verbatim())) citations.push({ ...base, mode: 'both' });
      continue;
    }
    if (index) {
      // (The chapters quoted since the last place said, other than the one a bare verse was given.)
      const previous = anchors.findLast((c) => c.end < ref.start);
      const readSince = ref.chapterFromContext ? [...new Map(quotations.filter((q) => q.start >= (previous?.end ?? 0) && q.end <= ref.start && q.verseEnd > q.verseStart && !(q.book === ref.book && q.chapter === ref.chapter)).map((q) => [`${q.book}.${q.chapter}`, { book: q.book, chapter: q.chapter }])).values()] : [];
      const checked = checkAgainstContext(text, ref, window(), index, readSince);
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
    const said = withVersesSaidBefore(text, q, spoken) ?? placeSaidBefore(text, q, spoken) ?? withVersesSaidAfter(text, q, spoken);
    const ref = said ?? quoteReference(q);
    // Words of a passage the sermon cites elsewhere: that citation is also quoted. A whole chapter
    // ("read a few verses of John 15") is quoted too, but the verse quoted keeps its own citation;
    // so does a verse inside a range known only from another quotation (its numbers said before
    // it, the book lost): nothing says the preacher did not name this verse on its own. Verses
    // whose numbers were said with the words ("look at 13 through 17. … put on the full armor")
    // are named, as a bare "verse 12" inside the reading is: they keep their citation too.
    const containing = citations.filter((c) => overlap(span(c), span(ref)));
    for (const c of containing) if (c.mode === 'spoken') c.mode = 'both';
    if (!said && containing.some((c) => holdsItsQuotations(c) && c.mode !== 'quoted')) continue;
    if (said && containing.some((c) => c.osis === said.osis)) continue;
    citations.push({ ...ref, source: text.slice(q.start, q.end), mode: 'quoted' });
  }
  return listedTogether(text, citations.sort((a, b) => a.start - b.start), candidates);
}

/**
 * "…the refrain, in verse 7 and again in verse 11. The Lord of hosts is with us…": two bare verses
 * said in one breath are of one chapter. When the words after the second told it another chapter
 * than the one the sermon named last, the first goes with it.
 */
function listedTogether(text: string, citations: Citation[], candidates: readonly ReferenceCandidate[]): Citation[] {
  const heard = (c: Citation) => candidates.find((r) => r.start === c.start && r.end === c.end && r.chapterFromContext);
  for (let k = 0; k + 1 < citations.length; k += 1) {
    const [first, second] = [citations[k]!, citations[k + 1]!];
    const [saidFirst, saidSecond] = [heard(first), heard(second)];
    if (!saidFirst || !saidSecond || first.mode !== 'spoken' || first.verseStart === undefined) continue;
    const stayed = first.book === saidFirst.book && first.chapter === saidFirst.chapter;
    const moved = second.book !== saidSecond.book || second.chapter !== saidSecond.chapter;
    if (!stayed || !moved || !/^\s*,?\s*(?:and|or)\s+(?:again\s+|also\s+)?(?:in\s+)?$/i.test(text.slice(first.end, second.start))) continue;
    if (!verseExists(second.book, second.chapter, lastVerseInChapter(first)!)) continue;
    const place = { book: second.book, chapter: second.chapter, verseStart: first.verseStart, chapterEnd: first.verseEnd === undefined ? undefined : second.chapter, verseEnd: first.verseEnd };
    citations[k] = { ...referenceTo(place, first.start, first.end, first.source), mode: first.mode };
  }
  return citations;
}

// "…have a cup free, 17 and 18. For even though the fig tree…", "In the Himayasic, 15 and 16
// tells us … and even enemies perceived that this work was done by our God", "…through the
// prophet in a meeky ill-soy before, eleven and twelve, I myself will search for my sheep": verse
// numbers, in digits or words, said shortly before a quotation whose book the recogniser lost.
const RANGE_JOINERS = new Set(['and', 'through', 'to', '-']);
const COUNTED = /^(?:days|years|times|people|men|minutes|hours|weeks|months)$/;
const VERSES_BEFORE_REACH = 120;
// …or further back in the same sentence ("…orcs is 1-8, the last long picture he gave his friends
// before the cross, he is walking past the vineyards …, and he says, I am the true vine"): beam
// search joins a long introduction with commas.
const VERSES_BEFORE_SENTENCE_REACH = 240;

/**
 * The last "N and M" / "N through M" / "N-M" in `text` (digits or spoken numbers); with `commas`,
 * the last "N, M" instead (a range whose "through" the recogniser lost, or a list).
 */
function lastRangeSaid(text: string, commas = false): { from: number; to: number; end: number; pair: boolean } | undefined {
  const tokens = tokenize(text);
  let last: { from: number; to: number; end: number; pair: boolean } | undefined;
  for (let i = 0; i < tokens.length; i += 1) {
    // ("free and for": a pair of small numbers heard as the words they sound like.)
    const from = commas ? readNumber(tokens, i) : readNumberOrHomophone(tokens, i);
    if (!from) continue;
    let j = from.next;
    if (commas) {
      if (tokens[j]?.text !== ',') continue;
    } else {
      if (tokens[j]?.text === ',') j += 1;
      if (!RANGE_JOINERS.has(tokens[j]?.lower ?? '')) continue;
    }
    const pair = tokens[j]?.lower === 'and';
    const to = pair ? readNumberOrHomophone(tokens, j + 1) : readNumber(tokens, j + 1);
    // Both ends written alike: "15 and 16", "eleven and twelve" (not "two to 3").
    if (!to || (tokens[i]!.kind === 'num') !== (tokens[j + 1]!.kind === 'num') || COUNTED.test(tokens[to.next]?.lower ?? '')) continue;
    const homophone = [from, to].some((n) => 'homophone' in n && n.homophone);
    if (homophone && to.value !== from.value + 1) continue;
    last = { from: from.value, to: to.value, end: tokens[to.next - 1]!.end, pair };
  }
  return last;
}

/**
 * The verses a range said before a quotation may be: as heard, or, for a pair joined by "and", the
 * two verses it sounds like: "12 and 30" (the second heard as its sound-alike, thirteen as thirty:
 * only that), "30 and 30" (thirty and thirty-one, the last unit lost), "80 and 90" (eighteen and
 * nineteen, both teens heard as their tens).
 */
function rangesMeant(m: { from: number; to: number; pair: boolean }): { from: number; to: number }[] {
  if (!m.pair) return [m];
  if (m.to > m.from + 1 && soundAlikeChapters(m.to).includes(m.from + 1)) return [{ from: m.from, to: m.from + 1 }];
  const unitLost = m.to === m.from && m.from >= 20 && m.from % 10 === 0 ? [{ from: m.from, to: m.from + 1 }] : [];
  const teens = soundAlikeChapters(m.from).filter((from) => from < m.from && soundAlikeChapters(m.to).includes(from + 1)).map((from) => ({ from, to: from + 1 }));
  return [m, ...unitLost, ...teens];
}

/** The first "N and M" / "N through M" / "N-M" in `text` (digits or spoken numbers, both alike). */
function firstRangeSaid(text: string): { from: number; to: number; start: number; end: number } | undefined {
  const tokens = tokenize(text);
  for (let i = 0; i < tokens.length; i += 1) {
    const from = readNumber(tokens, i);
    if (!from || !RANGE_JOINERS.has(tokens[from.next]?.lower ?? '')) continue;
    const to = readNumber(tokens, from.next + 1);
    // ("We sang 4 to 7 verses of the hymn": a count.)
    if (!to || (tokens[i]!.kind === 'num') !== (tokens[from.next + 1]!.kind === 'num') || COUNTED.test(tokens[to.next]?.lower ?? '') || /^(?:verses|chapters|of)$/.test(tokens[to.next]?.lower ?? '')) continue;
    return { from: from.value, to: to.value, start: tokens[i]!.start, end: tokens[to.next - 1]!.end };
  }
  return undefined;
}

/**
 * A quotation with the range said shortly before it (at most 120 characters back, the same
 * sentence or the one before it): the quoted book and chapter, the verses said, when the quoted
 * verses lie inside them and the last one exists.
 */
export function withVersesSaidBefore(text: string, q: QuotationMatch, spoken: readonly { start: number; end: number }[] = []): ScriptureReference | undefined {
  return versesSaidBefore(text, q, spoken, false) ?? versesSaidBefore(text, q, spoken, true);
}

function versesSaidBefore(text: string, q: QuotationMatch, spoken: readonly { start: number; end: number }[], commas: boolean): ScriptureReference | undefined {
  const offset = Math.max(0, q.start - VERSES_BEFORE_SENTENCE_REACH);
  const before = text.slice(offset, q.start);
  const m = lastRangeSaid(before, commas);
  // "…in fast Timothy 6, 6, 8. But godliness with contentment … For we brought nothing…": two
  // verses with only a comma between are a range when a verse between them is quoted (a list of
  // the two would leave it out): "through" was lost.
  if (commas && m && !(q.verseEnd > m.from && q.verseStart < m.to && m.to - m.from >= 2)) return undefined;
  // The same sentence or the one before; one more for each verse of the range read before the
  // quoted one ("verses one and two. [verse one, not recognised]. [verse two]").
  const unquoted = m ? Math.max(0, Math.min(q.verseStart - m.from, 3)) : 0;
  const endsSince = m ? sentenceEnds(before.slice(m.end)) : 0;
  const far = m !== undefined && before.length - m.end > VERSES_BEFORE_REACH;
  if (!m || endsSince > 1 + unquoted || (far && endsSince > 0)) return undefined;
  // Numbers of a reference said in full ("verses 23 to 35" of the chapter being read) are its own.
  if (spoken.some((r) => r.start < offset + m.end && offset + m.end <= r.end)) return undefined;
  const meant = rangesMeant(m).find(({ from, to }) => from <= q.verseStart && q.verseEnd <= to && to > from && to - from <= 20 && verseExists(q.book, q.chapter, to));
  return meant && saidRange(q, meant.from, meant.to);
}

/**
 * "…they said, it is his angel. Read 13 to 16 again at home": the range said right after a
 * quotation (the same sentence or the next, at most 120 characters on) that holds the quoted
 * verses is the passage read, as one said right before it is.
 */
export function withVersesSaidAfter(text: string, q: QuotationMatch, spoken: readonly { start: number; end: number }[] = []): ScriptureReference | undefined {
  const after = text.slice(q.end, q.end + VERSES_BEFORE_REACH);
  const m = firstRangeSaid(after);
  if (!m || sentenceEnds(after.slice(0, m.start)) > 1) return undefined;
  if (spoken.some((r) => r.start < q.end + m.end && q.end + m.start < r.end)) return undefined;
  const { from, to } = m;
  if (!(from <= q.verseStart && q.verseEnd <= to && to > from && to - from <= 20 && verseExists(q.book, q.chapter, to))) return undefined;
  return saidRange(q, from, to);
}

/**
 * "…listen to how his book begins, in them a cut one, too. Yahweh, how long will I cry…", "In head
 * I too, free and for the Lord of Armies, who is left among you…": the book lost, its chapter and
 * verse said right before a quotation (small numbers heard as the words they sound like). When they
 * are the quoted chapter and its first verse, they are the place the preacher gave; "and M" after
 * them, its range.
 */
function placeSaidBefore(text: string, q: QuotationMatch, spoken: readonly { start: number; end: number }[]): ScriptureReference | undefined {
  const offset = Math.max(0, q.start - VERSES_BEFORE_REACH);
  const tokens = tokenize(text.slice(offset, q.start));
  let place: { from: number; to: number; start: number; end: number } | undefined;
  for (let i = 0; i < tokens.length; i += 1) {
    const chapter = readNumberOrHomophone(tokens, i);
    if (chapter?.value !== q.chapter) continue;
    const separated = tokens[chapter.next]?.text === ',' || tokens[chapter.next]?.text === ':';
    const verse = readNumberOrHomophone(tokens, separated ? chapter.next + 1 : chapter.next);
    // "…alone in 5, 16, 18, always rejoice. Pray without ceasing, in everything give thanks…": the
    // chapter, then two verses with only a pause between ("through" lost), the quoted verse the last.
    const last = verse && !verse.homophone && separated && verse.value < q.verseStart && tokens[verse.next]?.text === ',' ? readNumber(tokens, verse.next + 1) : undefined;
    if (last && last.value === q.verseEnd && last.value - verse!.value <= 3 && (tokens[verse!.next + 1]!.kind === 'num') === (tokens[chapter.next + 1]!.kind === 'num')) {
      place = { from: verse!.value, to: last.value, start: offset + tokens[i]!.start, end: offset + tokens[last.next - 1]!.end };
      continue;
    }
    // (Two words that only sound like numbers, with no pause between, are words: "to four".)
    if (verse?.value !== q.verseStart || (chapter.homophone && verse.homophone && !separated)) continue;
    const to = RANGE_JOINERS.has(tokens[verse.next]?.lower ?? '') ? readNumberOrHomophone(tokens, verse.next + 1) : undefined;
    const range = to !== undefined && to.value > verse.value && to.value >= q.verseEnd && to.value - verse.value <= 20 && verseExists(q.book, q.chapter, to.value);
    place = { from: verse.value, to: range ? to.value : verse.value, start: offset + tokens[i]!.start, end: offset + tokens[(range ? to.next : verse.next) - 1]!.end };
  }
  if (!place || sentenceEnds(text.slice(place.end, q.start)) > 1) return undefined;
  // Numbers of a reference said in full are its own.
  if (spoken.some((r) => r.start < place.end && place.start < r.end)) return undefined;
  return place.to > place.from ? saidRange(q, place.from, place.to) : referenceTo({ book: q.book, chapter: q.chapter, verseStart: place.from }, q.start, q.end);
}

/**
 * Which of a quotation's parallel passages the preacher means, when the place said right before
 * it names one: "Deuteronomy 18, 15" heard with the book lost ("Newton on 18, 15, where Moses
 * said…") is not Acts 3:22, which quotes it nearly word for word; "in verse 51 he says, what do
 * you want me to do for you?" is the one of four such questions that is verse 51. A chapter and
 * verse said count before a verse alone. A quotation with parallels (another passage holding its
 * words, or all but one) that nothing names claims nothing.
 */
export function decideParallels(text: string, quotations: readonly QuotationMatch[], candidates: readonly ReferenceCandidate[], index?: QuotationIndex): QuotationMatch[] {
  const spoken = candidates.filter((c) => c.exists && !c.needsQuotation && !c.verseFromWords && !c.booksFromWords && !c.chaptersFromWords && !c.splitsFromWords);
  const decided: QuotationMatch[] = [];
  for (const q of quotations) {
    if (!q.parallels) {
      if (!q.undecided) decided.push(q);
      continue;
    }
    const options = [`${q.book}.${q.chapter}.${q.verseStart}`, ...q.parallels].map((key) => {
      const [book, chapter, verse] = key.split('.');
      return { ...q, book: book!, chapter: Number(chapter), verseStart: Number(verse), verseEnd: Number(verse) };
    });
    // A reference said in the same phrase, right before the words ("verse 51 he says, …").
    const saidWith = candidates.filter((c) => inSamePhrase(text, c.end, q.start));
    const holds = (c: ReferenceCandidate, o: QuotationMatch) => c.verseStart !== undefined && c.verseStart <= o.verseStart && o.verseStart <= (c.verseEnd ?? c.verseStart);
    const placed = options.filter((o) => placeSaidBefore(text, o, spoken) !== undefined || saidWith.some((c) => c.chapter === o.chapter && holds(c, o)));
    // (Or only its book and chapter, the verse misheard: "In Matthew 26, 48 he says, my soul is
    // exceeding sorrowful" is not Mark 14:34.)
    const named = [placed, options.filter((o) => saidWith.some((c) => holds(c, o))), options.filter((o) => saidWith.some((c) => c.exists && !c.needsQuotation && c.book === o.book && c.chapter === o.chapter))].find((n) => n.length) ?? [];
    // ("…in Matthew 22, 37 through 39, love the Lord your God with all your heart…, and love your
    // neighbor as yourself": words Luke 10:27 and Mark 12:30-31 hold too, said right after a place
    // whose own verses hold most of them, are that place's.)
    const ownPlace = named.length ? undefined : saidWith.find((c) => c.verseStart !== undefined && index !== undefined && index.wordsCoveredBy(text, q.start, q.end, verseKeys(c)) >= (q.matchedWords * 2) / 3);
    if (ownPlace) {
      const { parallels: _p, undecided: _u, ...words } = q;
      decided.push({ ...words, book: ownPlace.book, chapter: ownPlace.chapter, verseStart: ownPlace.verseStart!, verseEnd: lastVerseInChapter(ownPlace)! });
      continue;
    }
    // Nothing names one of them: the words are another passage's as much as this one's (within a
    // word: "a bruised reed shall he not break, and the smoking flax…" is Isaiah 42:3 and Matthew
    // 12:20), and which was quoted is not known, so nothing is claimed.
    if (named.length !== 1) continue;
    const { parallels: _p, undecided: _u, ...chosen } = named[0]!;
    decided.push(chosen);
  }
  return decided;
}

/**
 * "Matthew 5, 3-3-3-7. You have heard that it was said to the ancients, you shall not make false
 * vows…": the recogniser wrote the verses' digits one by one ("thirty-three through thirty-seven")
 * and the place reads as verse 3. A quotation of the same chapter right after it, whose first verse
 * is among the digits heard after the chapter, is the place said: from that verse to the last verse
 * heard after it in the digits (or the quotation's end).
 */
function digitsRunTogether(text: string, ref: ReferenceCandidate, near: readonly QuotationMatch[]): { place: Passage; quoted: QuotationMatch } | undefined {
  if (ref.verseStart === undefined || ref.inferredBook) return undefined;
  const tail = /^(?:\s*[-–]\s*\d+)+/.exec(text.slice(ref.end))?.[0];
  if (!tail) return undefined;
  // (The verse as read, then the digits written after it: "3" and "-3-3-7" are 3337.)
  const digits = `${ref.verseStart}${ref.verseEnd !== undefined && ref.verseEnd !== ref.verseStart ? ref.verseEnd : ''}${tail.replace(/\D/g, '')}`;
  for (const q of near) {
    const own = q.verseStart <= ref.verseStart && ref.verseStart <= q.verseEnd;
    if (own || q.book !== ref.book || q.chapter !== ref.chapter || q.start < ref.end || /\d/.test(text.slice(ref.end + tail.length, q.start))) continue;
    const at = digits.indexOf(String(q.verseStart));
    if (at < 0) continue;
    const rest = digits.slice(at + String(q.verseStart).length);
    // (every number of one to three digits written in what follows, that could end the passage)
    const written = [...rest].flatMap((_, i) => [1, 2, 3].map((n) => Number(rest.slice(i, i + n))));
    const heardEnd = written.filter((v) => v > q.verseStart && v - q.verseStart <= 20 && verseExists(q.book, q.chapter, v));
    const verseEnd = Math.max(q.verseEnd, ...heardEnd);
    return { place: { book: q.book, chapter: q.chapter, verseStart: q.verseStart, ...(verseEnd > q.verseStart ? { chapterEnd: q.chapter, verseEnd } : {}) }, quoted: q };
  }
  return undefined;
}

/** The sermon's citations; with a quotation index, confirmed, corrected and completed by quotations. */
export async function identifyScripture(transcript: string, options: { quotations?: QuotationIndex | null } = {}): Promise<Citation[]> {
  const index = options.quotations === undefined ? await sharedQuotationIndex() : options.quotations;
  const candidates = findReferenceCandidates(transcript);
  return combineCitations(transcript, candidates, index ? decideParallels(transcript, index.findWithParallels(transcript), candidates, index) : [], index ?? undefined);
}
