// Finds Bible references in sermon transcripts, spoken ("Romans eight twenty-eight", "First
// Corinthians thirteen verses four through seven") or written ("Rom. 8:28-30"), normalised to
// OSIS, each with its character span in the transcript so a citation can be traced back.
import { BOOKS, BOOK_BY_OSIS, type BookInfo } from './scripture.books.ts';
import { NUMBER_HOMOPHONES, readNumber, readOrdinal, soundAlikeChapters, tokenize, type Token } from './scripture.numbers.ts';
import { verseExists, versesIn } from './scripture.versification.ts';

export type ScriptureReference = {
  /** OSIS: `John.3.16`, `1Cor.13.4-1Cor.13.7`, `Ps.23`. */
  osis: string;
  /** Human form: `John 3:16`, `1 Corinthians 13:4-7`, `Psalm 23`. */
  display: string;
  book: string;
  chapter: number;
  verseStart?: number;
  chapterEnd?: number;
  verseEnd?: number;
  /** Character offsets of the reference in the transcript: `transcript.slice(start, end)`. */
  start: number;
  end: number;
  /** The words as they appear in the transcript. */
  source: string;
};

const ORDINALS: Record<string, 1 | 2 | 3> = {
  '1': 1, '2': 2, '3': 3, first: 1, second: 2, third: 3, '1st': 1, '2nd': 2, '3rd': 3, i: 1, ii: 2, iii: 3,
};
const RANGE_WORDS = new Set(['-', '–', '—', 'through', 'thru', 'to']);
const MAX_VERSE = 176;

// Aliases split into words, longest first, so "song of solomon" wins over "song".
const ALIAS_TABLE = BOOKS.flatMap((book) => book.aliases.map((alias) => ({ book, words: alias.split(' '), full: alias === book.aliases[0] })))
  .sort((a, b) => b.words.length - a.words.length);

type BookMatch = { book: BookInfo; next: number; abbreviated: boolean; needsSupport?: boolean; needsQuotation?: boolean; ordinalSaid?: boolean };

/** "second-Samuel": the ordinal written joined to the name. */
function afterJoiningHyphen(tokens: readonly Token[], j: number): number {
  return tokens[j]?.text === '-' && tokens[j]!.start === tokens[j - 1]?.end && tokens[j + 1]?.kind === 'word' && tokens[j + 1]!.start === tokens[j]!.end ? j + 1 : j;
}

function matchBook(tokens: readonly Token[], i: number, caseless: boolean): BookMatch | undefined {
  let j = i;
  let ordinal: 1 | 2 | 3 | undefined;
  const first = tokens[j];
  if (!first) return undefined;
  // "1st Corinthians": the digit and its suffix are two tokens.
  if (first.kind === 'num' && tokens[j + 1]?.kind === 'word' && tokens[j + 1]!.start === first.end && /^(st|nd|rd)$/.test(tokens[j + 1]!.lower)) {
    const numbered = matchBookName(tokens, j + 2, ORDINALS[first.text], caseless);
    if (numbered) return numbered;
  }
  const ord = ORDINALS[first.lower];
  // Roman "I" only in capitals (it is also the pronoun); digits must be directly before a name.
  if (ord !== undefined && (first.kind !== 'word' || (first.text === first.text.toUpperCase() && !caseless) || /^(first|second|third)$/.test(first.lower))) {
    ordinal = ord;
    j += 1;
    j = afterJoiningHyphen(tokens, j);
  }
  return matchBookName(tokens, j, ordinal, caseless);
}

function matchBookName(tokens: readonly Token[], j: number, ordinal: 1 | 2 | 3 | undefined, caseless: boolean): BookMatch | undefined {
  const nameToken = tokens[j];
  if (!nameToken || nameToken.kind !== 'word') return undefined;
  // Recognisers now and then write a name in lower case ("turn to lamentations chapter 3"): a
  // full name that is not also an everyday word still counts, the place after it decides.
  const lowerCaseName = !/^[A-Z]/.test(nameToken.text) && LOWER_CASE_NAMES.has(nameToken.lower);
  // "We meet Timothy's family in act 16.": Acts, its s unheard, after a word that leads to a place
  // (not "act 2 of the play").
  const actsUnheardS = nameToken.lower === 'act' && ordinal === undefined && isWord(tokens, j - 1, 'in', 'from', 'at') && tokens[j + 1]?.kind === 'num' && Number(tokens[j + 1]!.text) <= ACTS_CHAPTERS && !isWord(tokens, j + 2, 'of', 'scene');
  if (actsUnheardS) return { book: BOOK_BY_OSIS.get('Acts')!, next: j + 1, abbreviated: false };
  if (!(caseless || lowerCaseName || /^[A-Z]/.test(nameToken.text))) return undefined;
  for (const entry of ALIAS_TABLE) {
    if (entry.book.ordinal !== ordinal) continue;
    let k = j;
    let ok = true;
    for (const word of entry.words) {
      if (tokens[k]?.lower !== word) { ok = false; break; }
      k += 1;
    }
    if (!ok) continue;
    const abbreviated = !entry.full && entry.words.join(' ') !== 'psalm' && entry.words.join(' ') !== 'song of songs' && entry.words.join(' ') !== 'revelations';
    // "Rom." — swallow the abbreviation's full stop.
    if (abbreviated && tokens[k]?.text === '.' && tokens[k]!.start === tokens[k - 1]!.end) k += 1;
    return { book: entry.book, next: k, abbreviated };
  }
  return undefined;
}

/**
 * "Luke's gospel, chapter 18", "in Jude's letter, verse 3": a book's name with "'s" and the kind of
 * book it is names the book; the place follows the kind.
 */
function bookWithItsKind(tokens: readonly Token[], i: number, caseless: boolean): BookMatch | undefined {
  // (the name's own token, or the one after an ordinal: "Second Peter's letter")
  const k = [i, i + 1].find((n) => tokens[n]?.kind === 'word' && /'s$/.test(tokens[n]!.lower) && isWord(tokens, n + 1, ...KINDS_OF_BOOK));
  if (k === undefined) return undefined;
  const t = tokens[k]!;
  const name = t.text.slice(0, -2);
  const named = matchBook([...tokens.slice(0, k), { ...t, text: name, lower: name.toLowerCase(), end: t.end - 2 }], i, caseless);
  return named && named.next === k + 1 && !named.abbreviated ? { ...named, next: k + 2 } : undefined;
}
const KINDS_OF_BOOK = ['gospel', 'letter', 'epistle', 'prophecy', 'account', 'book'];

// How many tokens "chapter three, verses one to five" may take before the "of" that names its book.
const PLACE_BEFORE_OF = 10;

/**
 * "Chapter 3 of John's gospel", "chapters 1 and 2 of Genesis", "chapter 5 of the book of Daniel":
 * the book named after the place (not the one the sermon was last in).
 */
function bookNamedAfterPlace(tokens: readonly Token[], i: number, caseless: boolean): { book: string; loc: Parsed; next: number } | undefined {
  for (let of = i + 2; of <= i + PLACE_BEFORE_OF && of < tokens.length; of += 1) {
    if (!isWord(tokens, of, 'of')) continue;
    const at = isWord(tokens, of + 1, 'the') && isWord(tokens, of + 2, ...KINDS_OF_BOOK) && isWord(tokens, of + 3, 'of') ? of + 4 : of + 1;
    const named = matchBook(tokens, at, caseless) ?? bookWithItsKind(tokens, at, caseless);
    if (!named || named.abbreviated) return undefined;
    const loc = parseLocation(tokens, i, named.book, false);
    if (!loc || loc.next !== of || loc.needsSupport || !referenceExists({ book: named.book.osis, ...loc })) return undefined;
    return { book: named.book.osis, loc, next: named.next };
  }
  return undefined;
}

const ACTS_CHAPTERS = BOOK_BY_OSIS.get('Acts')!.chapters;
const EVERYDAY_WORDS = new Set(['numbers', 'judges', 'acts', 'mark', 'job', 'james', 'john', 'jude', 'ruth', 'song', 'kings', 'amos', 'joel']);
const LOWER_CASE_NAMES = new Set(BOOKS.map((b) => b.aliases[0]!).filter((name) => !name.includes(' ') && !EVERYDAY_WORDS.has(name)));

function isWord(tokens: readonly Token[], i: number, ...words: string[]): boolean {
  return tokens[i]?.kind === 'word' && words.includes(tokens[i].lower);
}

type Parsed = { chapter: number; verseStart?: number; chapterEnd?: number; verseEnd?: number; next: number; needsSupport?: boolean; chaptersFromWords?: number[]; hyphenVerse?: number; verseFromWords?: boolean; rangeIfQuoted?: number; chapterFromContext?: boolean; splitsFromWords?: { chapter: number; verse: number }[]; tensAndUnit?: { chapter: number; verseStart: number; verseEnd?: number } };
/** What the words around a verse number say about the list or range it opens. */
type RangeContext = { book?: string; plural?: boolean };

function parseLocation(tokens: readonly Token[], i: number, book: BookInfo, abbreviated: boolean): Parsed | undefined {
  let j = i;
  let saidChapter = false;
  // Recognisers mark a speaker's pause with a comma: "John, chapter 3, verse 16".
  if (tokens[j]?.text === ',' && isWord(tokens, j + 1, 'chapter', 'chapters')) j += 1;
  const saidChapters = isWord(tokens, j, 'chapters');
  if (isWord(tokens, j, 'chapter', 'chapters')) { saidChapter = true; j += 1; }
  // "Philemon, verse 10", "Jude verses 24 and 25": a book of one chapter is cited by its verses.
  const verseWord = book.chapters === 1 && !saidChapter ? (tokens[j]?.text === ',' ? j + 1 : j) : -1;
  const saidVerses = isWord(tokens, verseWord, 'verses');
  if (isWord(tokens, verseWord, 'verse', 'verses')) j = verseWord + 1;
  // "Philippians for 6 and 7", "lamentations free, 22 and 23": the chapter written as a word
  // with its sound ("four", "three" said with an f), before the verse.
  const homophone = NUMBER_HOMOPHONES[tokens[j]?.lower ?? ''];
  const verseAt = tokens[j + 1]?.text === ',' ? j + 2 : j + 1;
  if (homophone && !saidChapter && tokens[verseAt]?.kind === 'num' && verseExists(book.osis, homophone, Number(tokens[verseAt]!.text))) {
    const verse = Number(tokens[verseAt]!.text);
    return { chapter: homophone, verseStart: verse, ...parseRangeEnd(tokens, verseAt + 1, homophone, verse, { book: book.osis }) };
  }
  let first = readNumber(tokens, j);
  if (!first) return undefined;
  const written = tokens[j]!.kind === 'num';
  // "Psalm 9-1, 1 and 2": ninety-one written digit by digit, with the verse still to come.
  const digit = tokens[j + 2];
  if (written && tokens[j]!.text.length === 1 && tokens[j + 1]?.text === '-' && tokens[j + 1]!.start === tokens[j]!.end && digit?.kind === 'num' && digit.text.length === 1 && digit.start === tokens[j + 1]!.end && tokens[j + 3]?.text === ',' && tokens[j + 4]?.kind === 'num') {
    const joined = first.value * 10 + Number(digit.text);
    if (joined <= book.chapters && verseExists(book.osis, joined, Number(tokens[j + 4]!.text))) first = { value: joined, next: j + 3 };
  }
  // "Acts 1625", "Sam 2740": Whisper runs chapter and verse together into one number.
  const merged = written && !saidChapter && book.chapters > 1 && first.value > book.chapters ? splitChapterVerse(book, tokens[j]!.text) : undefined;
  if (merged) return { chapter: merged.chapter, verseStart: merged.verse, ...parseRangeEnd(tokens, first.next, merged.chapter, merged.verse), ...(merged.soundAlike ? { needsSupport: true } : {}) };
  // ("John 151": 1:51 and 15:1 both exist; the one whose words are said after it, if either.)
  const splits = written && !saidChapter && book.chapters > 1 && first.value > book.chapters ? existingSplits(book, tokens[j]!.text) : [];
  if (splits.length > 1) return { chapter: splits[0]!.chapter, verseStart: splits[0]!.verse, next: first.next, splitsFromWords: splits };
  j = first.next;
  // Single-chapter books: "Jude 3" is verse 3.
  if (book.chapters === 1 && !saidChapter && !(tokens[j]?.text === ':' && readNumber(tokens, j + 1))) {
    if (first.value < 1 || first.value > MAX_VERSE) return undefined;
    const range = parseRangeEnd(tokens, j, 1, first.value, { book: book.osis, plural: saidVerses });
    return { chapter: 1, verseStart: first.value, ...range };
  }
  let chapter = first.value;
  // "Psalm one nineteen, eleven": a hundred and nineteen, as people say it.
  const tensWord = !written && first.value <= 9 ? readNumber(tokens, j) : undefined;
  if (tensWord && tokens[j]!.kind === 'word' && tensWord.value >= 10 && chapter * 100 + tensWord.value <= book.chapters && !verseExists(book.osis, chapter, tensWord.value)) {
    chapter = chapter * 100 + tensWord.value;
    j = tensWord.next;
  }
  // "Psalm 100, and 11, verse 10", "Psalm 100 and 10", "Psalm one hundred, and two": "one hundred
  // and eleven" written as two numbers: before its verse, or run on with no verse of Psalm 100 that
  // number, or in words with the pause written. ("Psalm 100, and 23" in digits is two psalms.)
  const andAt = tokens[j]?.text === ',' ? j + 1 : j;
  const andTens = chapter % 100 === 0 && isWord(tokens, andAt, 'and') && (tokens[andAt + 1]?.kind === 'num') === written ? readNumber(tokens, andAt + 1) : undefined;
  if (andTens && andTens.value > 0 && andTens.value < 100 && chapter + andTens.value <= book.chapters) {
    const beforeVerse = tokens[andTens.next]?.text === ',' && isWord(tokens, andTens.next + 1, 'verse', 'verses');
    if (beforeVerse || (andAt > j ? !written : !verseExists(book.osis, chapter, andTens.value))) {
      chapter += andTens.value;
      j = andTens.next;
    }
  }
  // A chapter past the book's last is kept as a candidate that does not exist ("Romans eighteen"
  // for "Romans eight"): the scripture step corrects it from what is said, or drops it.
  if (chapter < 1 || chapter > Math.max(book.chapters, 99)) return undefined;
  const run = chapterRun(tokens, j, book, chapter, { saidChapters, saidChapter, written });
  if (run) return { chapter, chapterEnd: run.end, next: run.next };
  // verse: ":16", ", verse 16", "verse sixteen", "verses four", or a bare second number
  let k = j;
  let fourS = false;
  let verseHeardAmiss = false;
  // ("Genesis 3.1" for "thirty-one": one digit either side of a point is as often a number the
  // recogniser cut; cited on the words said with it.)
  const pointed = tokens[k]?.text === '.' && tokens[j - 1]?.text.length === 1 && tokens[k + 1]?.text.length === 1;
  if ((tokens[k]?.text === ':' || tokens[k]?.text === '.') && written && tokens[k + 1]?.kind === 'num' && tokens[k + 1]!.start === tokens[k]!.end) k += 1;
  // "Luke 12, 4s22 and 23", "Genesis 15, 4s 5 and 6": "verses" heard as "4s", written joined to the
  // chapter's comma, before the verse numbers.
  else if (tokens[k]?.text === ',' && tokens[k + 1]?.text === '4' && tokens[k + 2]?.lower === 's' && tokens[k + 2]!.start === tokens[k + 1]!.end && tokens[k + 3]?.kind === 'num') {
    k += 3;
    fourS = true;
  }
  // "Psalm 119-11": a hyphen to a smaller number cannot close a range of chapters, so the
  // recogniser wrote chapter and verse.
  // So is one to a chapter the book does not have ("2 Corinthians 5-17").
  else if (written && tokens[k]?.text === '-' && tokens[k]!.start === tokens[k - 1]!.end && tokens[k + 1]?.kind === 'num' && tokens[k + 1]!.start === tokens[k]!.end && (Number(tokens[k + 1]!.text) < chapter || Number(tokens[k + 1]!.text) > book.chapters) && verseExists(book.osis, chapter, Number(tokens[k + 1]!.text))) k += 1;
  // "John 3, 16", "Ephesians two, eight": a pause between chapter and verse.
  else if (tokens[k]?.text === ',' && tokens[k + 1] && (tokens[k + 1]!.kind === 'num') === written && readNumber(tokens, k + 1)) k += 1;
  // "Titus chapter 2, mercy 11 to 14", "chapter 6, force 15": "verse(s)" heard as a word with its
  // consonants, in the one place after "chapter N," where it can be nothing else, before the number.
  else if (saidChapter && tokens[k]?.text === ',' && heardAsVerse(tokens[k + 1]) && tokens[k + 2]?.kind === 'num') k += 2;
  // ("First Corinthians 14, forces 407": a word with the sounds of "verses" after the chapter and its
  // comma, then a number, is no whole chapter: the verse heard, on its own words.)
  // (The chapter said in words too: "John Ten, voices 11 through 15".)
  else if (tokens[k]?.text === ',' && heardAsVerse(tokens[k + 1]) && !isWord(tokens, k + 1, 'verse', 'verses', 'vs') && tokens[k + 2]?.kind === 'num') {
    k += 2;
    verseHeardAmiss = true;
  }
  else {
    if (tokens[k]?.text === ',' && isWord(tokens, k + 1, 'verse', 'verses', 'vs')) k += 1;
    if (isWord(tokens, k, 'verse', 'verses')) k += 1;
    // ("Genesis 15, vs. 5 and 6": Whisper's abbreviation of "verses".)
    else if (isWord(tokens, k, 'vs') && tokens[k + 1]?.text === '.') k += 2;
    // (and without its full stop: "John 10, vs 11-15")
    else if (isWord(tokens, k, 'vs') && tokens[k + 1]?.kind === 'num') k += 1;
  }
  const context: RangeContext = { book: book.osis, plural: fourS || isWord(tokens, k - 1, 'verses', 'vs') || isWord(tokens, k - 2, 'vs') };
  // "Romans 12 to tell us…": the verse said as its homophone after the chapter, cited only on the
  // verse's own words ("Romans 8 to see" is not 8:2).
  const verseHomophone = k === j && !saidChapter ? NUMBER_HOMOPHONES[tokens[k]?.lower ?? ''] : undefined;
  if (verseHomophone && tokens[k + 1]?.kind === 'word' && !readNumber(tokens, k + 1) && verseExists(book.osis, chapter, verseHomophone)) {
    return { chapter, verseStart: verseHomophone, next: k + 1, needsSupport: true };
  }
  // "2 Corinthians chapter 8, 1st line": a number with an ordinal's ending is no verse number.
  const ordinal = tokens[k]?.kind === 'num' && tokens[k + 1]?.kind === 'word' && tokens[k + 1]!.start === tokens[k]!.end && /^(?:st|nd|rd|th)$/.test(tokens[k + 1]!.lower);
  const verse = ordinal ? undefined : readNumber(tokens, k);
  // A bare second number counts when both are spoken ("John three sixteen") or both digits.
  const bare = k === j;
  const sameKind = verse && !(bare && (tokens[k]!.kind === 'num') !== written);
  // "Luke 12, 412 and 23", "Psalm 121, 411 and 2": the first of two verses said as a pair
  // misheard into one the chapter lacks; the second, heard right, gives the pair.
  if (verse && sameKind && !verseExists(book.osis, chapter, verse.value) && isWord(tokens, verse.next, 'and')) {
    const last = readNumber(tokens, verse.next + 1);
    if (last && (tokens[verse.next + 1]!.kind === 'num') === (tokens[k]!.kind === 'num') && last.value >= 2 && verseExists(book.osis, chapter, last.value)) {
      return { chapter, verseStart: last.value - 1, chapterEnd: chapter, verseEnd: last.value, next: last.next, needsSupport: true };
    }
  }
  // "Psalm 90, 70, establish the work of our hands": a verse the chapter lacks in tens, whose teen it
  // has ("seventeen" heard "seventy"), said alone: that verse, on its own words.
  const teen = verse && sameKind && verse.value >= 30 && verse.value <= 90 && verse.value % 10 === 0 && !verseExists(book.osis, chapter, verse.value) ? verse.value / 10 + 10 : undefined;
  if (teen && verseExists(book.osis, chapter, teen) && !RANGE_WORDS.has(tokens[verse!.next]?.lower ?? '') && !isWord(tokens, verse!.next, 'and')) return { chapter, verseStart: teen, next: verse!.next, needsSupport: true };
  // "chapter 3, 1215", "Numbers 6, 2426": both verses of a range written as one number, the word
  // between them lost; no verse has four digits, so a later verse of the chapter after an earlier one is the range.
  // ("Job 38, verses 47": after "verses", two digits the chapter has no verse for, "four to seven"
  // run together the same way.)
  const runTogether = verse && sameKind && !bare && tokens[k]!.kind === 'num' && (tokens[k]!.text.length === 4 || (context.plural && !verseExists(book.osis, chapter, verse.value)));
  const pair = runTogether ? versePairRunTogether(book.osis, chapter, tokens[k]!.text) : undefined;
  if (pair) return { chapter, verseStart: pair.from, chapterEnd: chapter, verseEnd: pair.to, next: verse!.next };
  if (verse && verse.value >= 1 && verse.value <= MAX_VERSE && sameKind) {
    const range = parseRangeEnd(tokens, verse.next, chapter, verse.value, context);
    const later = range.verseEnd === undefined && range.rangeIfQuoted === undefined ? rangeEndAfterWords(tokens, verse.next, book.osis, chapter, verse.value) : undefined;
    return { chapter, verseStart: verse.value, ...range, ...(later ? { rangeIfQuoted: later } : {}), ...(verseHeardAmiss || pointed ? { needsSupport: true } : {}) };
  }
  if (verseHeardAmiss) return undefined;
  // chapter only: said "chapter", a Psalm, or a written full book name ("Romans 8")
  if (saidChapter || book.osis === 'Ps' || (written && !abbreviated && endsPhrase(tokens[j]))) {
    // "2 Corinthians 5-7" is chapter 5 or 5:7 ("five seven"): a quotation of that verse decides.
    const dash = tokens[j];
    const after = tokens[j + 1];
    const hyphenVerse = written && dash?.text === '-' && dash.start === tokens[j - 1]!.end && after?.kind === 'num' && after.start === dash.end && verseExists(book.osis, chapter, Number(after.text)) ? Number(after.text) : undefined;
    return { chapter, next: j, ...(hyphenVerse ? { hyphenVerse } : {}), ...(written ? tensAndUnit(tokens, j, book.osis, chapter) : {}) };
  }
  // "Philippians 1 seeks promises that he … will complete it until the day of Jesus Christ": the
  // chapter heard, its verse number lost in a word; the verse whose words follow as written.
  if (written && !abbreviated && tokens[j]?.kind === 'word' && chapter <= book.chapters) return { chapter, next: j, verseFromWords: true };
  return undefined;
}

const CHAPTER_RUN_WORDS = new Set(['and', 'to', 'through', 'thru', '-']);

// How many chapters "chapter 13 to 16" may span, the plural's s unheard.
const CHAPTER_RUN_HEARD_SINGULAR = 10;

/**
 * Whole chapters one after another: "Numbers chapters 13 and 14", "chapters thirteen to sixteen";
 * "chapter 13 to 16", "chapter 13 and 14" (the recogniser often drops the plural's s: a later
 * chapter after "to", the next one after "and"); and the way this module writes such a run,
 * "Numbers 13–14" (an en dash, which the recogniser does not write). Not when a verse follows the
 * second number ("chapter 3 and 4, verse 2" is no run).
 */
function chapterRun(tokens: readonly Token[], j: number, book: BookInfo, chapter: number, said: { saidChapters: boolean; saidChapter: boolean; written: boolean }): { end: number; next: number } | undefined {
  const sep = tokens[j];
  if (!sep) return undefined;
  const toWord = afterRangeWord(tokens, j);
  const toTheEnd = said.saidChapter && toWord !== undefined ? toTheEndOfChapter(tokens, toWord, chapter, book.osis) : undefined;
  if (toTheEnd) return { end: toTheEnd.chapterEnd, next: toTheEnd.next };
  const enDash = said.written && sep.text === '–' && sep.start === tokens[j - 1]!.end && tokens[j + 1]?.kind === 'num' && tokens[j + 1]!.start === sep.end;
  // ("Judges 6 through chapter 8": the end said with its own "chapter".)
  const endSaidAsChapter = sep.lower !== 'and' && CHAPTER_RUN_WORDS.has(sep.lower) && isWord(tokens, j + 1, 'chapter');
  const joined = enDash || endSaidAsChapter || (said.saidChapter && CHAPTER_RUN_WORDS.has(sep.lower));
  if (!joined) return undefined;
  const end = readNumber(tokens, endSaidAsChapter ? j + 2 : j + 1);
  if (!end || end.value <= chapter || end.value > book.chapters) return undefined;
  const heardSingular = !enDash && !endSaidAsChapter && !said.saidChapters;
  if (heardSingular && (sep.lower === 'and' ? end.value !== chapter + 1 : sep.lower === '-' || end.value - chapter > CHAPTER_RUN_HEARD_SINGULAR)) return undefined;
  if (tokens[end.next]?.text === ':' || isWord(tokens, end.next, 'verse', 'verses', 'vs') || (tokens[end.next]?.text === ',' && isWord(tokens, end.next + 1, 'verse', 'verses', 'vs'))) return undefined;
  return { end: end.value, next: end.next };
}

/** A run of whole chapters ("Numbers 13–14"): a survey of the book, not one chapter being read. */
export const isChapterRun = (ref: Pick<ScriptureReference, 'chapter' | 'verseStart' | 'chapterEnd'>) => ref.verseStart === undefined && ref.chapterEnd !== undefined && ref.chapterEnd > ref.chapter;

/**
 * The chapter a bare "verse 11" said at `at` after `last` is in: while the story is starting (a
 * few sentences on), the first of a run of whole chapters ("it fills Judges 6 through chapter 8 …
 * In verse 11, Gideon…") or of a passage across chapters ("from 2 Samuel 11, verse 1, through
 * chapter 12, verse 25 … It begins in verse 1"), when it has the verse; else the last.
 */
function chapterOfBareVerses(last: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'end'>, at: number, verse: number): number {
  const acrossChapters = last.chapterEnd !== undefined && last.chapterEnd > last.chapter;
  const starting = acrossChapters && at - last.end <= STORY_START_REACH && verse >= (last.verseStart ?? 1) && verseExists(last.book, last.chapter, verse);
  return starting ? last.chapter : (last.chapterEnd ?? last.chapter);
}
// How far (characters, a few sentences) after a passage across chapters its story is still starting.
const STORY_START_REACH = 600;

/**
 * A number of three or four digits read as chapter and verse: the one split that exists in the
 * book ("1625" in Acts: 16:25); with none, a split to a chapter the book has (Psalm "2740":
 * 27:40, a verse that does not exist, which only a quotation can correct); with two, none.
 */
export function splitChapterVerse(book: Pick<BookInfo, 'osis' | 'chapters'>, digits: string): { chapter: number; verse: number; soundAlike?: boolean } | undefined {
  // "second Timothy 17" for "one seven": two digits, when neither they nor a sound-alike ("seven",
  // "seventy") is a chapter of the book ("Romans 18" is more likely "eight"), cited only on the
  // verse's own words.
  if (/^[1-9][1-9]$/.test(digits)) {
    const said = Number(digits);
    if ([said, ...soundAlikeChapters(said)].some((c) => c <= book.chapters)) return undefined;
    const [chapter, verse] = [Number(digits[0]), Number(digits[1])];
    return verseExists(book.osis, chapter, verse) ? { chapter, verse, soundAlike: true } : undefined;
  }
  // ("Psalm 151" is a psalm number said whole, one that does not exist, not 15:1.)
  const splits = possibleSplits(book, digits);
  const existing = splits.filter((x) => verseExists(book.osis, x.chapter, x.verse));
  if (existing.length) return existing.length === 1 ? existing[0] : undefined;
  if (splits.length !== 1) return undefined;
  // "Second Chronicles 740": a tens verse that the chapter lacks was its teen ("fourteen" heard as
  // "forty"), cited only when what follows is that verse's.
  const [only] = splits as [{ chapter: number; verse: number }];
  const teen = only.verse >= 30 && only.verse <= 90 && only.verse % 10 === 0 ? only.verse / 10 + 10 : undefined;
  if (teen !== undefined && verseExists(book.osis, only.chapter, teen)) return { chapter: only.chapter, verse: teen, soundAlike: true };
  return only;
}

/**
 * "Exodus 24 and 5" for "Exodus twenty, four and five": a chapter and its verse said with only a
 * pause between, written as one number; the tens are the chapter, the unit the verse ("and M" the
 * range's end). Only a quotation of that verse, said with it, decides (`tensAndUnit` of a candidate).
 */
function tensAndUnit(tokens: readonly Token[], j: number, book: string, heard: number): { tensAndUnit: { chapter: number; verseStart: number; verseEnd?: number } } | undefined {
  const chapter = heard - (heard % 10);
  const verseStart = heard % 10;
  // ("Psalm 134" for "one thirty, four": a psalm's hundreds too.)
  if (heard < 21 || heard > (book === 'Ps' ? 150 : 99) || !verseStart || !verseExists(book, chapter, verseStart)) return undefined;
  const end = (tokens[j]?.lower === 'and' || RANGE_WORDS.has(tokens[j]?.lower ?? '')) && tokens[j + 1]?.kind === 'num' ? readNumber(tokens, j + 1) : undefined;
  const verseEnd = end && end.value > verseStart && verseExists(book, chapter, end.value) ? end.value : undefined;
  return { tensAndUnit: { chapter, verseStart, ...(verseEnd ? { verseEnd } : {}) } };
}

/** "1215" (or, after "verses", "47") after a chapter: verses 12 to 15 (4 to 7), when both exist and the second is later. */
function versePairRunTogether(book: string, chapter: number, digits: string): { from: number; to: number } | undefined {
  if (!/^(?:[1-9]\d[1-9]\d|[1-9][1-9])$/.test(digits)) return undefined;
  const half = digits.length / 2;
  const [from, to] = [Number(digits.slice(0, half)), Number(digits.slice(half))];
  return from < to && verseExists(book, chapter, from) && verseExists(book, chapter, to) ? { from, to } : undefined;
}

/** The cuts of a three- or four-digit number into a chapter the book has and a verse number. */
function possibleSplits(book: Pick<BookInfo, 'osis' | 'chapters'>, digits: string): { chapter: number; verse: number }[] {
  if (!/^\d{3,4}$/.test(digits) || (book.chapters >= 100 && Number(digits) < 200)) return [];
  const splits: { chapter: number; verse: number }[] = [];
  for (let cut = 1; cut < digits.length; cut += 1) {
    if (digits[cut] === '0') continue;
    const chapter = Number(digits.slice(0, cut));
    const verse = Number(digits.slice(cut));
    if (chapter >= 1 && chapter <= book.chapters && verse >= 1 && verse <= MAX_VERSE) splits.push({ chapter, verse });
  }
  return splits;
}

/** The cuts of a number run together that are verses of the book ("John 151": 1:51 and 15:1). */
function existingSplits(book: Pick<BookInfo, 'osis' | 'chapters'>, digits: string): { chapter: number; verse: number }[] {
  return possibleSplits(book, digits).filter((x) => verseExists(book.osis, x.chapter, x.verse));
}

const CHAPTER_FOLLOWERS = new Set([
  'says', 'tells', 'teaches', 'shows', 'reminds', 'is', 'and', 'we', 'where', 'which', 'that', 'puts', 'gives',
  // "read a few verses of John 15 before you look at your phone", "read Romans 8 slowly this week"
  'before', 'again', 'slowly', 'aloud', 'today', 'tonight', 'this', 'once', 'every', 'each', 'together', 'carefully',
]);

// "Romans 8 says" / "Romans 8." is a chapter; "James 1 day" is not.
function endsPhrase(next: Token | undefined): boolean {
  if (!next || next.kind === 'punct') return true;
  return next.kind === 'word' && (/^[A-Z]/.test(next.text) || CHAPTER_FOLLOWERS.has(next.lower));
}

// "Through" as a recogniser hears it: "from", "Pro", "true", "threw". Any other word between two
// numbers stands there in its own right ("verses 16 were 20 years old", "in verses 10 about 15 men").
const SOUNDS_LIKE_THROUGH = /^(?:th|[bfpt])r/;

/**
 * "Exodus chapter 1, verse 8, to chapter 2, verse 10", "from verse 8 through chapter 2 verse 10":
 * a range whose end is said with its own chapter and verse (a later chapter of the same book).
 */
function rangeToAnotherChapter(tokens: readonly Token[], i: number, chapter: number, verse: number, book: string | undefined): { chapterEnd: number; verseEnd: number; next: number } | undefined {
  const j = afterRangeWord(tokens, tokens[i]?.text === ',' ? i + 1 : i);
  if (j === undefined) return undefined;
  const toTheEnd = toTheEndOfChapter(tokens, j, chapter, book);
  if (toTheEnd) return toTheEnd;
  if (!isWord(tokens, j, 'chapter')) return undefined;
  const endChapter = readNumber(tokens, j + 1);
  if (!endChapter || endChapter.value <= chapter) return undefined;
  let k = endChapter.next;
  if (tokens[k]?.text === ',' || tokens[k]?.text === ':') k += 1;
  if (isWord(tokens, k, 'verse')) k += 1;
  const endVerse = readNumber(tokens, k);
  if (!endVerse || (book !== undefined && !verseExists(book, endChapter.value, endVerse.value))) return undefined;
  return { chapterEnd: endChapter.value, verseEnd: endVerse.value, next: endVerse.next };
}

/** After the word that carries a range on to its end: "to", "through", "right through to", "until". */
function afterRangeWord(tokens: readonly Token[], j: number): number | undefined {
  const at = isWord(tokens, j, 'right') ? j + 1 : j;
  if (!isWord(tokens, at, 'to', 'through', 'thru', 'until', 'till')) return undefined;
  return isWord(tokens, at, 'through', 'thru') && isWord(tokens, at + 1, 'to') ? at + 2 : at + 1;
}

/**
 * "…to the end of the chapter", "…to the end of chapter 17" ("on" or "in" heard for "of") at `j`,
 * after "to": the last verse of that chapter, when the book is known.
 */
function toTheEndOfChapter(tokens: readonly Token[], j: number, chapter: number, book: string | undefined): { chapterEnd: number; verseEnd: number; next: number } | undefined {
  if (book === undefined || !isWord(tokens, j, 'the') || !isWord(tokens, j + 1, 'end') || !isWord(tokens, j + 2, 'of', 'on', 'in')) return undefined;
  if (isWord(tokens, j + 3, 'the') && isWord(tokens, j + 4, 'chapter')) return { chapterEnd: chapter, verseEnd: versesIn(book, chapter), next: j + 5 };
  const endChapter = isWord(tokens, j + 3, 'chapter') ? readNumber(tokens, j + 4) : undefined;
  if (!endChapter || endChapter.value <= chapter || !verseExists(book, endChapter.value)) return undefined;
  return { chapterEnd: endChapter.value, verseEnd: versesIn(book, endChapter.value), next: endChapter.next };
}

function parseRangeEnd(tokens: readonly Token[], i: number, chapter: number, verse: number, context: RangeContext = {}): { chapterEnd?: number; verseEnd?: number; next: number; needsSupport?: boolean; rangeIfQuoted?: number } {
  const sep = tokens[i];
  const toChapter = rangeToAnotherChapter(tokens, i, chapter, verse, context.book);
  if (toChapter) return toChapter;
  // A list of consecutive verses is a range: "verses one and two", "four, five and six".
  if (sep && (sep.lower === 'and' || sep.text === ',')) {
    let j = i + 1;
    if (sep.text === ',' && isWord(tokens, j, 'and')) j += 1;
    if (isWord(tokens, j, 'verse')) j += 1;
    const following = readNumber(tokens, j);
    // "36, 6 and 37": beam search writes the last word of a number again ("thirty-six, six"); the
    // echo is no verse of the list.
    const echo = following && verse >= 21 && verse % 10 !== 0 && following.value === verse % 10 && (tokens[following.next]?.text === ',' || isWord(tokens, following.next, 'and'));
    if (echo) {
      const rest = parseRangeEnd(tokens, following.next, chapter, verse, context);
      if (rest.verseEnd !== undefined) return rest;
    }
    // "verses 23 and 248": the second of a pair misheard into a verse the chapter lacks.
    const misheardSecond = following && sep.lower === 'and' && context.plural && context.book !== undefined && !verseExists(context.book, chapter, following.value) && verseExists(context.book, chapter, verse + 1);
    if (misheardSecond) return { chapterEnd: chapter, verseEnd: verse + 1, next: following.next, needsSupport: true };
    // "Timothy 6, 6, 8": a verse and a later one with only a comma between, "through" perhaps
    // lost; a range if a verse between them is quoted with it (the scripture step decides).
    if (following && sep.text === ',' && following.value > verse + 1 && following.value - verse <= 20 && (context.book === undefined || verseExists(context.book, chapter, following.value))) return { next: i, rangeIfQuoted: following.value };
    if (!following || following.value !== verse + 1) return { next: i };
    const more = parseRangeEnd(tokens, following.next, chapter, following.value, context);
    return { chapterEnd: chapter, verseEnd: more.verseEnd ?? following.value, next: more.next };
  }
  // "verses 6 from 8", "Verses 28 Pro 30": "verses" says a range follows; a short word that sounds
  // like "through" between two numbers a little apart is "through" misheard.
  const misheardThrough = context.plural && sep?.kind === 'word' && sep.text.length <= 5 && SOUNDS_LIKE_THROUGH.test(sep.lower) && !readNumber(tokens, i) && tokens[i + 1]?.kind === 'num' && tokens[i - 1]?.kind === 'num';
  if (misheardThrough) {
    const end = Number(tokens[i + 1]!.text);
    if (end > verse && end <= verse + 20 && (context.book === undefined || verseExists(context.book, chapter, end))) return { chapterEnd: chapter, verseEnd: end, next: i + 2 };
  }
  if (!sep || !RANGE_WORDS.has(sep.lower)) return { next: i };
  let j = i + 1;
  if (isWord(tokens, j, 'verse')) j += 1;
  let end = readNumber(tokens, j);
  if (!end) return { next: i };
  // "verses nine through eleven" written "9-3-11": "through" heard as "three" between two
  // numbers that make a range ("2-3-4" is a list, read the same way).
  const after = tokens[end.next];
  if (end.value === 3 && sep.text === '-' && (after?.text === '-' || after?.lower === 'through')) {
    const last = readNumber(tokens, end.next + 1);
    if (last && last.value > verse && last.value <= MAX_VERSE) end = last;
  }
  // "thirty-five through forty-one" written "35 through 4-1" or "35 through 4 the one": the tens
  // word heard as its digit, then a hyphen or "the" ("for-ty"), then the unit; when that verse exists.
  const joiner = tokens[end.next];
  const tensDigit = tokens[j]!.kind === 'num' && end.value >= 1 && end.value <= 9 && end.value * 10 <= verse + 9;
  const hyphenJoined = joiner?.text === '-' && joiner.start === tokens[j]!.end && tokens[end.next + 1]?.kind === 'num' && tokens[end.next + 1]!.text.length === 1 && tokens[end.next + 1]!.start === joiner.end;
  const theJoined = end.value >= 2 && isWord(tokens, end.next, 'the') && tokens[end.next + 1]?.kind === 'word';
  const unit = tensDigit && (hyphenJoined || theJoined) ? readNumber(tokens, end.next + 1) : undefined;
  if (unit && unit.value <= 9 && (hyphenJoined || unit.value >= 1)) {
    const joined = end.value * 10 + unit.value;
    if (joined > verse && (context.book === undefined || verseExists(context.book, chapter, joined))) end = { value: joined, next: hyphenJoined ? end.next + 2 : unit.next };
  }
  // ("37 through 39: love the Lord…": a colon with no verse after it ends the phrase.)
  const endVerse = tokens[end.next]?.text === ':' ? readNumber(tokens, end.next + 1) : undefined;
  if (endVerse) return end.value > chapter ? { chapterEnd: end.value, verseEnd: endVerse.value, next: endVerse.next } : { next: i };
  if (end.value <= verse || end.value > MAX_VERSE) return { next: i };
  return { chapterEnd: chapter, verseEnd: end.value, next: end.next };
}

/**
 * "Lamentations 3, 25 I'll be fine and 26": up to three words the recogniser wrote between a verse
 * and "and M"; the end of a range if the verses after the first are quoted with it.
 */
function rangeEndAfterWords(tokens: readonly Token[], i: number, book: string, chapter: number, verse: number): number | undefined {
  for (let k = i + 1; k <= i + 3 && tokens[k - 1]?.kind === 'word'; k += 1) {
    if (!isWord(tokens, k, 'and', 'through', 'to') || tokens[k + 1]?.kind !== tokens[i - 1]?.kind) continue;
    const end = readNumber(tokens, k + 1);
    if (end && end.value > verse && end.value - verse <= 20 && verseExists(book, chapter, end.value)) return end.value;
  }
  return undefined;
}

export function toOsis(book: string, chapter: number, verseStart?: number, chapterEnd?: number, verseEnd?: number): string {
  if (verseStart === undefined) return chapterEnd !== undefined && chapterEnd > chapter ? `${book}.${chapter}-${book}.${chapterEnd}` : `${book}.${chapter}`;
  const start = `${book}.${chapter}.${verseStart}`;
  if (verseEnd === undefined) return start;
  return `${start}-${book}.${chapterEnd ?? chapter}.${verseEnd}`;
}

export function displayReference(ref: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): string {
  const info = BOOK_BY_OSIS.get(ref.book);
  const name = ref.book === 'Ps' && ref.verseStart === undefined ? 'Psalm' : ref.book === 'Ps' ? 'Psalm' : info?.name ?? ref.book;
  if (ref.verseStart === undefined) return isChapterRun(ref) ? `${name} ${ref.chapter}–${ref.chapterEnd}` : `${name} ${ref.chapter}`;
  const base = `${name} ${ref.chapter}:${ref.verseStart}`;
  if (ref.verseEnd === undefined) return base;
  if (ref.chapterEnd !== undefined && ref.chapterEnd !== ref.chapter) return `${base}-${ref.chapterEnd}:${ref.verseEnd}`;
  return `${base}-${ref.verseEnd}`;
}

/** "the twenty-third Psalm", "the 23rd psalm". */
function ordinalPsalm(tokens: readonly Token[], i: number): { chapter: number; next: number } | undefined {
  if (tokens[i]?.lower !== 'the') return undefined;
  const ord = readOrdinal(tokens, i + 1);
  if (!ord || ord.value < 1 || ord.value > 150) return undefined;
  if (tokens[ord.next]?.lower !== 'psalm') return undefined;
  return { chapter: ord.value, next: ord.next + 1 };
}

// How far (characters, a sentence or two) after a single verse a bare "verse five" surely belongs to its chapter.
const NEAR_VERSE_REACH = 300;
// How far (characters, about three minutes of speech) after its chapter was last mentioned a bare
// "verse four" still means a verse of that chapter.
const RELATIVE_VERSE_REACH = 3000;

/**
 * The chapter a bare "verse four" belongs to: the passage the sermon opened (the last chapter cited
 * without a verse, "Psalm 23", or said with the word "chapter": "we read from 2 Corinthians chapter
 * 4, verses 7 to 18"), even after cross-references; with none, the last reference.
 */
function expoundedChapter(found: readonly ScriptureReference[]): ScriptureReference | undefined {
  // From the end back to the latest whole chapter or reading (called for every word: it stops
  // there). A place said with "chapter" after it opens its chapter too, unless it is one verse of
  // another chapter of that book ("Hebrews chapter 1 … later in the letter, in chapter 11, verse 3").
  const saidWithChapter: ScriptureReference[] = [];
  for (let k = found.length - 1; k >= 0; k -= 1) {
    const ref = found[k]!;
    if (isChapterRun(ref)) continue;
    if (ref.verseStart === undefined || readsPassage(ref)) return saidWithChapter.find((later) => later.book !== ref.book) ?? ref;
    if (OPENS_CHAPTER.test(ref.source)) saidWithChapter.push(ref);
  }
  return saidWithChapter[0] ?? found.at(-1);
}
const OPENS_CHAPTER = /\bchapter\b/i;
// "Luke 17, 11 to 19": a passage of this many verses is a reading, not a cross-reference.
const READING_VERSES = 5;
const readsPassage = (ref: ScriptureReference) => ref.verseStart !== undefined && (ref.chapterEnd ?? ref.chapter) === ref.chapter && (ref.verseEnd ?? ref.verseStart) - ref.verseStart + 1 >= READING_VERSES;

/**
 * The chapter cited most often so far (the latest of those cited as often), at its latest
 * mention: the passage a sermon is about, through any cross-references it has made since.
 */
function mostCitedChapter(found: readonly ScriptureReference[]): ScriptureReference | undefined {
  const key = (ref: ScriptureReference) => `${ref.book}.${ref.chapterEnd ?? ref.chapter}`;
  const counts = new Map<string, number>();
  const chapters = found.filter((ref) => !isChapterRun(ref));
  for (const ref of chapters) counts.set(key(ref), (counts.get(key(ref)) ?? 0) + 1);
  return chapters.reduce<ScriptureReference | undefined>((best, ref) => (!best || counts.get(key(ref))! >= counts.get(key(best))! ? ref : best), undefined);
}

/** The latest reference to the same chapter (a relative verse counts), so reach runs from there. */
function lastMentionOf(found: readonly ScriptureReference[], chapter: ScriptureReference | undefined): ScriptureReference | undefined {
  if (!chapter) return undefined;
  return found.findLast((ref) => ref.book === chapter.book && (ref.chapterEnd ?? ref.chapter) === (chapter.chapterEnd ?? chapter.chapter));
}

const ONE_CHAPTER_BOOKS = BOOKS.filter((b) => b.chapters === 1);

/** "Omenaya, verse 3": a capitalised word no book matches, mid-sentence, a comma, then "verse(s) N". */
function oneChapterBookUnheard(tokens: readonly Token[], i: number): { books: string[]; loc: Parsed } | undefined {
  const name = tokens[i - 2];
  if (!isWord(tokens, i, 'verse', 'verses') || tokens[i - 1]?.text !== ',' || name?.kind !== 'word' || !/^[A-Z][a-z]{3,}$/.test(name.text)) return undefined;
  if (tokens[i - 3]?.kind !== 'word' || matchBook(tokens, i - 2, false)) return undefined;
  const options = ONE_CHAPTER_BOOKS.map((b) => ({ b, loc: parseLocation(tokens, i, b, false) })).filter((o) => o.loc?.verseStart !== undefined && referenceExists({ book: o.b.osis, ...o.loc }));
  const [first] = options;
  return first ? { books: options.map((o) => o.b.osis), loc: first.loc! } : undefined;
}

/** "Verse four says…" not long after its chapter was last mentioned: a verse of that chapter. */
// "Verses" as a recogniser hears it ("Roses 17 and 18 tell us", "Versus 5", "First four tells us
// he sat under a juniper tree"): a relative verse only on that verse's own words.
// ("Versus", "Voices", "Roses", "verse's" have its consonants: `soundsLikeVerses`.)
// ("In force seven", "Royce 5", "most 14 tells the people to sing", "Look at voice 7", "Now, there's
// five seems to say the opposite": "verse" with one s sound; the words after it decide.)
const VERSE_SOUND_ALIKES = ['first', 'birds', 'force', 'royce', 'most', 'voice', "there's"];
const DETERMINERS = ['the', 'a', 'an', 'this', 'that', 'our', 'your', 'his', 'her', 'my', 'their', 'its'];
const WORDINGS = ['old', 'older', 'king', 'authorised', 'authorized', 'revised', 'new', 'english', 'original', 'greek', 'hebrew'];
const COUNTED_THINGS = /^(?:verses|chapters|books|words|days|years|times|people|minutes|weeks|months|of)$/;

/**
 * "Verses" heard as another word with its sounds ("Royce's", "Rices", "Voices"): a v, f or b and
 * an r or either alone, then two s sounds (a soft c counts) and nothing else but vowels.
 */
function soundsLikeVerses(token: Token | undefined): boolean {
  if (token?.kind !== 'word') return false;
  const consonants = token.lower.replace(/'/g, '').replace(/c(?=[eiy])/g, 's').replace(/z/g, 's').replace(/[aeiouyhw]/g, '');
  return /^(?:[vfb]r?|r)ss$/.test(consonants);
}

/** "Verse" or "verses" as the recogniser may write it: a v, f, b or m, maybe an r, then one or two s sounds ("force", "mercy", "Versus"). */
function heardAsVerse(token: Token | undefined): boolean {
  if (token?.kind !== 'word') return false;
  const consonants = token.lower.replace(/'/g, '').replace(/c(?=[eiy])/g, 's').replace(/z/g, 's').replace(/[aeiouyhw]/g, '');
  return /^(?:[vfbm]r?|r)ss?$/.test(consonants);
}

function relativeVerse(tokens: readonly Token[], i: number, last: ScriptureReference | undefined, reading?: ScriptureReference): (Omit<Parsed, 'chapter'> & { book: string; chapter: number; verseStart: number }) | undefined {
  if (!last) return undefined;
  // ("…the angel appears, and says, in 1st 12, the Lord is with thee": "verse" heard "first", written as a digit.)
  const firstInDigits = tokens[i]?.text === '1' && isWord(tokens, i + 1, 'st') && tokens[i + 1]!.start === tokens[i]!.end && isWord(tokens, i - 1, 'in');
  const soundAlike = isWord(tokens, i, ...VERSE_SOUND_ALIKES) || (soundsLikeVerses(tokens[i]) && !isWord(tokens, i, 'verses')) || firstInDigits;
  // "inverse 7", "an inverse is 23, and 24": "in verse" written as one word ("verses" as "verse is");
  // "vs. 3 and 4": Whisper's abbreviation of "verses".
  const joined = isWord(tokens, i, 'inverse', 'inverses') || (isWord(tokens, i, 'vs') && tokens[i + 1]?.text === '.');
  const numberAt = (joined && (isWord(tokens, i + 1, 'is') || tokens[i + 1]?.text === '.')) || firstInDigits ? i + 2 : i + 1;
  if (!soundAlike && !joined && !isWord(tokens, i, 'verse', 'verses')) return undefined;
  const verse = readNumber(tokens, numberAt);
  if (!verse || verse.value < 1 || verse.value > MAX_VERSE) return undefined;
  // (A verse of the reading the sermon opened reaches twice as far: "Acts chapter 9, 36 to 43 …
  // [notices said in the middle of the story] … Verse 40, he knelt and prayed.")
  const ofTheReading = reading !== undefined && readsPassage(reading) && reading.book === last.book && reading.chapter === (last.chapterEnd ?? last.chapter) && reading.verseStart! <= verse.value && verse.value <= reading.verseEnd!;
  if (tokens[i]!.start - last.end > RELATIVE_VERSE_REACH * (ofTheReading ? 2 : 1)) return undefined;
  const chapter = chapterOfBareVerses(last, tokens[i]!.start, verse.value);
  // "verse 4 of chapter 5", "verse 2 of the hymn", "verse 16 of John 3" name another passage: not a
  // relative verse. After another word ("in verse 7 of Samaritan woman comes", "a" misheard) it
  // may be, on that verse's own words.
  const of = isWord(tokens, verse.next, 'of', 'in');
  // ("Verse 1 in the old words reads…", "in the King James": the same verse in another wording.)
  const inAnotherWording = isWord(tokens, verse.next, 'in') && isWord(tokens, verse.next + 1, 'the') && isWord(tokens, verse.next + 2, ...WORDINGS);
  if (of && !inAnotherWording && (isWord(tokens, verse.next + 1, 'chapter', ...DETERMINERS) || readNumber(tokens, verse.next + 1) || matchBook(tokens, verse.next + 1, false) || !tokens[verse.next + 1])) return undefined;
  const range = parseRangeEnd(tokens, verse.next, chapter, verse.value, { book: last.book, plural: isWord(tokens, i, 'verses', 'inverses') || numberAt === i + 2 });
  // ("First 2 Corinthians…", "in the first three verses": a book or a count, not a verse; "first"
  // only opening a sentence.)
  if (soundAlike && tokens[i + 1]?.kind === 'num' && matchBook(tokens, i, false)) return undefined;
  // ("…asks, in first 17, were not ten cleansed": "in verse" heard "in first" is one.)
  if (soundAlike && tokens[i]!.lower === 'first' && ((tokens[i - 1]?.kind === 'word' && !isWord(tokens, i - 1, 'in')) || COUNTED_THINGS.test(tokens[range.next]?.lower ?? ''))) return undefined;
  return { book: last.book, chapter, verseStart: verse.value, ...range, ...(soundAlike || of ? { needsSupport: true } : {}) };
}

/**
 * "verses 13 and 14", "verse 4" at `i`, before the chapter they belong to is known: the verses, as
 * `parseRangeEnd` reads a range or a list, with no chapter to check them against.
 */
function versesBeforeTheirChapter(tokens: readonly Token[], i: number): { verseStart: number; verseEnd?: number; next: number } | undefined {
  if (!isWord(tokens, i, 'verse', 'verses')) return undefined;
  const first = readNumber(tokens, i + 1);
  if (!first || first.value < 1) return undefined;
  // (No chapter yet: one past every verse number, so that nothing reads as a range of chapters.)
  const range = parseRangeEnd(tokens, first.next, Infinity, first.value, { plural: isWord(tokens, i, 'verses') });
  return { verseStart: first.value, ...(range.verseEnd !== undefined ? { verseEnd: range.verseEnd } : {}), next: range.next };
}

/**
 * "Luke chapter I'm Dean, verses 1 to 10": the book named, "chapter" and a word or two that are no
 * number, then the verses: the chapters of the book that have those verses, for the words said
 * after it to choose among.
 */
function chapterLost(tokens: readonly Token[], i: number, book: BookInfo): Parsed | undefined {
  if (!isWord(tokens, i, 'chapter') || tokens[i + 1]?.kind !== 'word') return undefined;
  const at = [i + 2, i + 3, i + 4].find((k) => isWord(tokens, k, 'verse', 'verses'));
  if (at === undefined || tokens.slice(i + 1, at).some((t) => t.kind === 'num')) return undefined;
  const verses = versesBeforeTheirChapter(tokens, at);
  if (!verses) return undefined;
  const chapters = Array.from({ length: book.chapters }, (_, c) => c + 1).filter((c) => verseExists(book.osis, c, verses.verseEnd ?? verses.verseStart));
  if (chapters.length === 0) return undefined;
  return { chapter: chapters[0]!, ...verses, ...(verses.verseEnd !== undefined ? { chapterEnd: chapters[0]! } : {}), chaptersFromWords: chapters };
}

/** "verses 13 and 14 of chapter 6", "verse 4 on chapter 5": the verses, then the chapter they are of. */
function versesOfChapter(tokens: readonly Token[], i: number): { chapter: number; verseStart: number; chapterEnd?: number; verseEnd?: number; next: number } | undefined {
  const verses = versesBeforeTheirChapter(tokens, i);
  if (!verses || !isWord(tokens, verses.next, 'of', 'on', 'in') || !isWord(tokens, verses.next + 1, 'chapter')) return undefined;
  const chapter = readNumber(tokens, verses.next + 2);
  if (!chapter || chapter.value < 1) return undefined;
  return { ...verses, chapter: chapter.value, ...(verses.verseEnd !== undefined ? { chapterEnd: chapter.value } : {}), next: chapter.next };
}

// "In 24 and 25 he says…", "…a lovely little scene, in 16 and 17.", "Look at 19 and 20.": two verses in a row of the
// chapter being read, said with no "verses" before them, the phrase ending or a speaking verb
// after them. Not "13, 14 and 15" (the end of a list), "between 16 and 17", "16 and 17 years".
const PAIR_FOLLOWERS = /^(?:tells?|says?|shows?|gives?|describes?|records?|he|she|they|we|it|is|are)$/;

function barePairOfVerses(tokens: readonly Token[], i: number, last: ScriptureReference | undefined): (Omit<Parsed, 'chapter'> & { book: string; chapter: number; verseStart: number }) | undefined {
  if (!last || tokens[i]!.start - last.end > RELATIVE_VERSE_REACH) return undefined;
  const before = tokens[i - 1];
  if (before && !(before.kind === 'punct' && /^[.,;:!?]$/.test(before.text)) && !isWord(tokens, i - 1, 'in', 'at')) return undefined;
  if (before?.text === ',' && readNumber(tokens, i - 2)) return undefined;
  const first = readNumber(tokens, i);
  if (!first || first.value < 1 || !isWord(tokens, first.next, 'and')) return undefined;
  const second = readNumber(tokens, first.next + 1);
  if (!second || second.value !== first.value + 1) return undefined;
  const after = tokens[second.next];
  if (after && !(after.kind === 'punct' && /^[.,;:!?]$/.test(after.text)) && !(after.kind === 'word' && PAIR_FOLLOWERS.test(after.lower))) return undefined;
  const chapter = chapterOfBareVerses(last, tokens[i]!.start, first.value);
  if (!verseExists(last.book, chapter, second.value)) return undefined;
  return { book: last.book, chapter, verseStart: first.value, chapterEnd: chapter, verseEnd: second.value, next: second.next };
}

/**
 * "Listen to the first five verses", "the last three verses of the chapter", "the first two verses
 * of Psalm 84": verses counted from either end of a chapter (the one just read, or the one named
 * after "of"). `chapterRead` finds the chapter the sermon is in (only for a count, so the scan per
 * word stays cheap); `bookAt` reads a book named after "of".
 */
function countedVerses(tokens: readonly Token[], i: number, chapterRead: () => ScriptureReference | undefined, bookAt: (k: number) => { book: string; chapter: number; next: number } | undefined): (Omit<Parsed, 'chapter'> & { book: string; chapter: number; verseStart: number; named: boolean; books?: string[] }) | undefined {
  if (!isWord(tokens, i, 'the') || !isWord(tokens, i + 1, 'first', 'last', 'opening', 'closing', 'final')) return undefined;
  const last = chapterRead();
  const fromEnd = !isWord(tokens, i + 1, 'first', 'opening');
  const count = readNumber(tokens, i + 2);
  const counted = count && count.value >= 2 && count.value <= 12 && isWord(tokens, count.next, 'verses') ? { value: count.value, next: count.next + 1 } : isWord(tokens, i + 2, 'verse') ? { value: 1, next: i + 3 } : undefined;
  if (!counted) return undefined;
  let next = counted.next;
  let place: { book: string; chapter: number } | undefined;
  let named = false;
  if (isWord(tokens, next, 'of', 'on')) {
    if (isWord(tokens, next + 1, 'the') && isWord(tokens, next + 2, 'chapter', 'psalm', 'passage')) next += 3;
    else if (isWord(tokens, next + 1, 'chapter') && last) {
      const chapter = readNumber(tokens, next + 2);
      if (!chapter || !verseExists(last.book, chapter.value)) return undefined;
      place = { book: last.book, chapter: chapter.value };
      next = chapter.next;
      named = true;
    } else {
      const book = bookAt(next + 1);
      // ("the first three verses on my Naya 42": the book's name lost, a chapter said after one or
      // two words: the book whose verses there the words after it are.)
      const lost = book || fromEnd ? undefined : [next + 2, next + 3].find((k) => tokens[k]?.kind === 'num' && tokens.slice(next + 1, k).every((t) => t.kind === 'word'));
      const chapter = lost === undefined ? undefined : readNumber(tokens, lost);
      if (chapter) {
        const books = BOOKS.filter((b) => verseExists(b.osis, chapter.value, counted.value)).map((b) => b.osis);
        if (!books.length) return undefined;
        return { book: books[0]!, chapter: chapter.value, verseStart: 1, ...(counted.value > 1 ? { chapterEnd: chapter.value, verseEnd: counted.value } : {}), next: chapter.next, named: false, books };
      }
      if (!book) return undefined;
      place = book;
      next = book.next;
      named = true;
    }
  }
  if (!place) {
    if (!last || tokens[i]!.start - last.end > RELATIVE_VERSE_REACH) return undefined;
    place = { book: last.book, chapter: last.chapterEnd ?? last.chapter };
  }
  const verses = versesIn(place.book, place.chapter);
  if (counted.value > verses) return undefined;
  const verseStart = fromEnd ? verses - counted.value + 1 : 1;
  const verseEnd = fromEnd ? verses : counted.value;
  return { ...place, verseStart, ...(verseEnd > verseStart ? { chapterEnd: place.chapter, verseEnd } : {}), next, named };
}

export type ReferenceCandidate = ScriptureReference & {
  /** Every verse of it exists in the SWORD versification. */
  exists: boolean;
  /** The book was recovered from a misheard name ("Lamentation", "Hebrew") or carried forward. */
  inferredBook: boolean;
  /**
   * The book was recovered from an everyday word ("Some one nineteen, eleven" for Psalm 119:11):
   * cited only when what the preacher says with it is that passage's.
   */
  needsSupport?: boolean;
  /** The book was recovered from an everyday word and only a quotation of the passage can confirm it ("some 139."). */
  needsQuotation?: boolean;
  /** "2 Corinthians 5-7" read as chapter 5: verse 7 of it, if a quotation of that verse confirms it. */
  hyphenVerse?: number;
  /** The chapter heard, the verse lost ("Philippians 1 seeks…"): the verse whose own words follow, if one does. */
  verseFromWords?: boolean;
  /** "Timothy 6, 6, 8", "3, 25 I'll be fine and 26": a later verse said after a comma or a few words, the end of the range if a verse after the first is quoted. */
  rangeIfQuoted?: number;
  /** The chapter and verses heard, the book lost ("the letter to the egos, in chapter 11, 8-10"): the book whose verses the words after it are. */
  booksFromWords?: string[];
  /** The book and verses heard, the chapter lost ("Luke chapter I'm Dean, verses 1 to 10"): the chapter whose verses the words after it are. */
  chaptersFromWords?: number[];
  /** "John 151": chapter and verse run together, cut two ways that both exist; the one whose words follow it, if one does. */
  splitsFromWords?: { chapter: number; verse: number }[];
  /** A bare "verses 16 to 18": the book and chapter are those the sermon was last reading. */
  chapterFromContext?: boolean;
  /** "Exodus 24 and 5" read as chapter 24: chapter 20, verses 4-5, if a quotation of them confirms it. */
  tensAndUnit?: { chapter: number; verseStart: number; verseEnd?: number };
  /**
   * A bare verse of a reading whose book was lost ("chapter 5, verses 21 to 43 … in verses 22 and
   * 23"): that reading's book and chapter once its words have told them; nothing otherwise.
   */
  ofReadingHeardInPart?: ReferenceCandidate;
};

export function referenceExists(ref: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): boolean {
  if (!verseExists(ref.book, ref.chapter, ref.verseStart)) return false;
  if (ref.verseEnd === undefined) return true;
  const endChapter = ref.chapterEnd ?? ref.chapter;
  return verseExists(ref.book, endChapter, ref.verseEnd) && endChapter * 1000 + ref.verseEnd > ref.chapter * 1000 + (ref.verseStart ?? 0);
}

// How far (characters, a sentence) after a book's last reference another chapter of it surely is its.
const OTHER_CHAPTER_REACH = 150;
// How far (characters) after a book is named a bare "chapter eleven, verse one" still belongs to it.
const CARRIED_BOOK_REACH = 200;
// "…, verse 2 of his book": after a place, the words that make it another writer's.
const OF_THEIR_BOOK = /^[\s,]*(?:(?:verse\s+)?[\w-]+\s+)?(?:of|in)\s+(?:his|her|their)\s+(?:own\s+)?(?:book|letter|prophecy|gospel)\b/i;
// A phrase that names a book, whether or not the name was heard right: what follows is not the
// earlier book's.
const ANOTHER_BOOK_NAMED_ALL = /\b(?:(?:letter|epistle)s? (?:to|of) (?:the )?|book of (?:the )?|gospel (?:of|according to) |prophet )[A-Za-z]/gi;

const ROMAN_DIGITS: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

/** "XX" → 20, "XXIII" → 23; `undefined` for letters that are no well-formed numeral. */
function romanNumeral(text: string): number | undefined {
  if (text === '' || !/^C?(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/.test(text)) return undefined;
  let value = 0;
  for (let k = 0; k < text.length; k += 1) {
    const digit = ROMAN_DIGITS[text[k]!]!;
    value += digit < (ROMAN_DIGITS[text[k + 1] ?? ''] ?? 0) ? -digit : digit;
  }
  return value;
}

/**
 * "First Kings XX, no, sorry, 21": a chapter the recogniser wrote in Roman numerals, in capitals
 * of two letters or more right after a name (never "I", nor a word like "MIX").
 */
function romanChaptersAsNumbers(tokens: Token[]): Token[] {
  return tokens.map((t, k) => {
    const before = tokens[k - 1];
    const value = t.kind === 'word' && t.text.length >= 2 && before?.kind === 'word' && /^[A-Z][a-z]/.test(before.text) ? romanNumeral(t.text) : undefined;
    return value === undefined ? t : { ...t, text: String(value), lower: String(value), kind: 'num' as const };
  });
}

/**
 * "Someone hundred twenty-one": "Psalm one hundred…" said with its silent p, the psalm and the
 * hundred's "one" written as one word; read as "Some" and "one" (the psalm heard as "Some").
 */
function psalmHundredsApart(tokens: Token[]): Token[] {
  return tokens.flatMap((t, i) => {
    if (t.kind !== 'word' || !/^s[aou]m(?:e)?one$/.test(t.lower) || !isWord(tokens, i + 1, 'hundred')) return [t];
    const cut = t.start + t.text.length - 3;
    const psalm = t.text.slice(0, -3);
    return [{ ...t, text: psalm, lower: psalm.toLowerCase(), end: cut }, { text: t.text.slice(-3), lower: 'one', start: cut, end: t.end, kind: 'word' as const }];
  });
}

/**
 * "In verse it, Paul tells Timothy…", "in chapter 4, 6 through it.": "eight" heard as "it", after
 * "verse" or a number and "through", with a pause after it (not "the verse it quotes").
 */
function eightHeardAsIt(tokens: Token[]): Token[] {
  return tokens.map((t, k) => {
    const placed = isWord(tokens, k - 1, 'verse', 'verses') || (isWord(tokens, k - 1, 'through', 'to') && tokens[k - 2]?.kind === 'num');
    const eight = t.lower === 'it' && placed && (tokens[k + 1]?.text === ',' || tokens[k + 1]?.text === '.');
    return eight ? { ...t, text: '8', lower: '8', kind: 'num' as const } : t;
  });
}

/**
 * "He is quoting some for, verse 4", "in second kings for, verses 8 to 37": a small chapter heard as the word it sounds like (`NUMBER_HOMOPHONES`)
 * after a book's name, heard or as an everyday word, with ", verse N" after it.
 */
function chapterHeardAsWord(tokens: Token[]): Token[] {
  return tokens.map((t, k) => {
    const value = t.kind === 'word' ? NUMBER_HOMOPHONES[t.lower] : undefined;
    if (value === undefined || tokens[k + 1]?.text !== ',' || !isWord(tokens, k + 2, 'verse', 'verses') || tokens[k + 3]?.kind !== 'num') return t;
    // (The name in any case: "in second kings for, verses 8 to 37".)
    const named = tokens[k - 1]?.kind === 'word' && ([k - 1, k - 2].some((at) => at >= 0 && matchBook(tokens, at, true)?.next === k) || NAMES_HEARD_AS_EVERYDAY_WORDS.some((n) => n.heard.test(tokens[k - 1]!.lower)));
    return named ? { ...t, text: String(value), lower: String(value), kind: 'num' as const } : t;
  });
}

/**
 * Every reference-shaped phrase in `text`, including those that name verses the versification
 * does not have (a misheard number) and those whose book was recovered by sound or spelling:
 * the scripture step confirms, corrects or rejects them with the quoted words.
 */
export function findReferenceCandidates(text: string): ReferenceCandidate[] {
  const tokens = chapterHeardAsWord(eightHeardAsIt(romanChaptersAsNumbers(psalmHundredsApart(tokenize(text)))));
  // Some recognisers write everything in lower case; then a name's capital cannot be required
  // (the chapter-and-verse structure still is).
  const caseless = !/[A-Z]/.test(text);
  const found: ReferenceCandidate[] = [];
  let lastBook: { book: BookInfo; start: number; end: number } | undefined;
  const push = (book: string, loc: Omit<Parsed, 'next'>, from: number, to: number, inferredBook = false, needsSupport = false, needsQuotation = false, context: boolean | 'none' = !needsQuotation, booksFromWords?: string[]) => {
    const ref = { book, chapter: loc.chapter, verseStart: loc.verseStart, chapterEnd: loc.chapterEnd, verseEnd: loc.verseEnd };
    const start = tokens[from]!.start;
    const end = tokens[to - 1]!.end;
    const fromWords = loc.verseFromWords === true || booksFromWords !== undefined || loc.splitsFromWords !== undefined || loc.chaptersFromWords !== undefined;
    const candidate: ReferenceCandidate = { osis: toOsis(ref.book, ref.chapter, ref.verseStart, ref.chapterEnd, ref.verseEnd), display: displayReference(ref), ...ref, start, end, source: text.slice(start, end), exists: referenceExists(ref), inferredBook, ...(needsSupport || fromWords ? { needsSupport: true } : {}), ...(needsQuotation ? { needsQuotation } : {}), ...(loc.hyphenVerse ? { hyphenVerse: loc.hyphenVerse } : {}), ...(loc.verseFromWords ? { verseFromWords: true } : {}), ...(booksFromWords ? { booksFromWords } : {}), ...(loc.rangeIfQuoted ? { rangeIfQuoted: loc.rangeIfQuoted } : {}), ...(loc.chapterFromContext ? { chapterFromContext: true } : {}), ...(loc.tensAndUnit ? { tensAndUnit: loc.tensAndUnit } : {}), ...(loc.splitsFromWords ? { splitsFromWords: loc.splitsFromWords } : {}), ...(loc.chaptersFromWords ? { chaptersFromWords: loc.chaptersFromWords } : {}) };
    // "Luke 7, no, Luke 17, 11 to 19": the place the preacher took back is no later verse's chapter.
    const previous = found.at(-1);
    if (previous && correctedAt(text, previous, start)) for (const list of [existing, tentative]) if (list.at(-1) === previous) list.pop();
    const passage = previous && runsOnTo(text, previous, candidate);
    if (passage) {
      for (const list of [found, existing, tentative]) if (list.at(-1) === previous) list[list.length - 1] = passage;
      return passage;
    }
    found.push(candidate);
    // A psalm heard as an everyday word ("some 40 people") is nobody's context until a quotation
    // confirms it: later verses and chapters only fall back on it, on their own words. A place
    // whose verse or book is still to be found from the words after it is no one's context.
    // (Nor is a place taken back with the slip owned, even with the place said instead unheard.)
    if (candidate.exists && context !== 'none' && !fromWords && !takenBack(text, end)) (context ? existing : tentative).push(candidate);
    if ((booksFromWords || loc.chaptersFromWords) && readsPassage(candidate)) headless = candidate;
    return candidate;
  };
  // The last reading heard without its book: the chapter of the bare verses said after it, until
  // a place is heard whole.
  let headless: ReferenceCandidate | undefined;
  const existing: ReferenceCandidate[] = [];
  const tentative: ReferenceCandidate[] = [];
  const valid = () => existing;
  for (let i = 0; i < tokens.length; i += 1) {
    // ("some twenty-three, voices one through three": the verses of the psalm just heard.)
    const justHeard = tentative.at(-1);
    const ofJustHeard = justHeard && /^[\s,]*$/.test(text.slice(justHeard.end, tokens[i]!.start)) ? relativeVerse(tokens, i, justHeard) : undefined;
    const opened = expoundedChapter(valid());
    const context = lastMentionOf(valid(), opened);
    const reading = headless && !ofJustHeard && (!context || context.end < headless.start) ? headless : undefined;
    const ofReading = reading ? (relativeVerse(tokens, i, reading) ?? barePairOfVerses(tokens, i, reading)) : undefined;
    if (reading && ofReading && ofReading.verseStart >= reading.verseStart! && (ofReading.verseEnd ?? ofReading.verseStart) <= reading.verseEnd! + READING_VERSES) {
      push(reading.book, { ...ofReading, chapterFromContext: true }, i, ofReading.next, true, ofReading.needsSupport === true, false, 'none').ofReadingHeardInPart = reading;
      i = ofReading.next - 1;
      continue;
    }
    // "The letter to the Hebrews … In verses 13 and 14 of chapter 6": the verses said first, then
    // the chapter, of the book named since the last place ("of" heard "on" too), or of that place's.
    const verseFirst = versesOfChapter(tokens, i);
    if (verseFirst) {
      const lastRef = valid().at(-1);
      const named = lastBook && (!lastRef || lastRef.end < lastBook.start) && tokens[i]!.start - lastBook.end <= CARRIED_BOOK_REACH ? lastBook.book : undefined;
      const book = named ?? (lastRef ? BOOK_BY_OSIS.get(lastRef.book) : undefined);
      if (book && referenceExists({ book: book.osis, ...verseFirst })) {
        push(book.osis, verseFirst, i, verseFirst.next, true, named === undefined);
        i = verseFirst.next - 1;
        continue;
      }
    }
    const counted = countedVerses(tokens, i, () => mostCitedChapter(found.filter((c) => c.exists)), (k) => {
      const named = matchBook(tokens, k, caseless);
      const loc = named ? parseLocation(tokens, named.next, named.book, named.abbreviated) : undefined;
      return named && loc && loc.verseStart === undefined && verseExists(named.book.osis, loc.chapter) ? { book: named.book.osis, chapter: loc.chapter, next: loc.next } : undefined;
    });
    if (counted?.books) {
      push(counted.book, counted, i, counted.next, true, true, false, 'none', counted.books);
      i = counted.next - 1;
      continue;
    }
    if (counted) {
      push(counted.book, counted, i, counted.next, !counted.named, !counted.named);
      i = counted.next - 1;
      continue;
    }
    const sure = ofJustHeard || reading ? undefined : relativeVerse(tokens, i, context, opened);
    const relative = ofJustHeard ?? sure ?? (reading ? undefined : (relativeVerse(tokens, i, lastMentionOf(tentative, expoundedChapter(tentative))) ?? barePairOfVerses(tokens, i, context)));
    // "…in Omenaya, verse 3, the pride of your heart has deceived you": a book of one chapter, cited
    // by "Name, verse N", its name heard as a name no book has: the one whose verse N the words
    // after it are. (Said before the verse of the chapter being read, which stands otherwise.)
    const unheard = oneChapterBookUnheard(tokens, i);
    if (unheard) push(unheard.books[0]!, unheard.loc, i - 2, unheard.loc.next, true, true, false, 'none', unheard.books);
    if (relative) {
      // With no chapter opened, "verses 5 and 6" well after a single verse cited ("Matthew 6:34 …
      // and promised free verses 5 and 6", Proverbs 3 misheard) may be another passage's: cited
      // on its own words, and is no later verse's chapter until they confirm it.
      // (Not a verse of the passage the sermon read, or just after it: "Philippians 3, 7 through 14 …
      // Galatians 2:20 … in verse 12, he admits he has not arrived" walks on through the reading.)
      const inReading = sure !== undefined && opened !== undefined && readsPassage(opened) && opened.book === sure.book && opened.chapter === sure.chapter && sure.verseStart >= opened.verseStart! && (sure.verseEnd ?? sure.verseStart) <= opened.verseEnd! + READING_VERSES;
      const afterCrossReference = sure !== undefined && !inReading && !valid().some((r) => r.verseStart === undefined) && tokens[i]!.start - context!.end > NEAR_VERSE_REACH;
      push(relative.book, { ...relative, chapterFromContext: true }, i, relative.next, true, relative.needsSupport === true || !sure || afterCrossReference, false, sure !== undefined && !afterCrossReference);
      i = relative.next - 1;
      continue;
    }
    if (unheard) {
      i = unheard.loc.next - 1;
      continue;
    }
    const psalm = ordinalPsalm(tokens, i);
    if (psalm) {
      push('Ps', { chapter: psalm.chapter }, i, psalm.next);
      i = psalm.next - 1;
      continue;
    }
    const book = matchBook(tokens, i, caseless) ?? bookWithItsKind(tokens, i, caseless);
    if (book) {
      lastBook = { book: book.book, start: tokens[i]!.start, end: tokens[book.next - 1]!.end };
      const heard = parseLocation(tokens, book.next, book.book, book.abbreviated);
      // ("First Corinthians ten, no, nine, verse twenty-four": a chapter in words alone is no place,
      // but the one said instead of it is.)
      const loc = correctedPlace(text, tokens, heard?.next ?? readNumber(tokens, book.next)?.next ?? -1, book.book) ?? heard ?? chapterLost(tokens, book.next, book.book);
      if (!loc) continue;
      push(book.book.osis, loc, i, loc.next, loc.needsSupport === true, loc.needsSupport === true);
      i = loc.next - 1;
      continue;
    }
    // "Turn to Hebrews. Chapter eleven, verse one": the book just named, when the place fits it.
    // "In chapter four…" not long after the book's last reference: a chapter of that book.
    if (isWord(tokens, i, 'chapter', 'chapters')) {
      const namedAfter = bookNamedAfterPlace(tokens, i, caseless);
      if (namedAfter) {
        push(namedAfter.book, namedAfter.loc, i, namedAfter.next);
        i = namedAfter.next - 1;
        continue;
      }
      const lastRef = valid().at(-1);
      const carried = lastBook && tokens[i]!.start - lastBook.end <= CARRIED_BOOK_REACH ? lastBook.book : undefined;
      const context = lastRef && tokens[i]!.start - lastRef.end <= RELATIVE_VERSE_REACH ? BOOK_BY_OSIS.get(lastRef.book) : undefined;
      // "…the letter to the egos, in chapter 11": another book was named (misheard) since.
      // ("Turn with me to the gospel of John. Chapter 21.": the phrase named the book heard.)
      const since = Math.min(lastBook?.end ?? Infinity, lastRef?.end ?? Infinity);
      const renamed = Number.isFinite(since) && [...text.slice(since, tokens[i]!.start).matchAll(ANOTHER_BOOK_NAMED_ALL)].some((m) => since + m.index + m[0].length - 1 !== lastBook?.start);
      // "Let us hear Clissy's chapter 4": a name said just before "chapter", in the middle of a
      // sentence, that is no book heard: another book, misheard; not the one carried forward.
      const before = tokens[i - 1];
      const unheardName = before?.kind === 'word' && /^[A-Z]/.test(before.text) && before.text !== 'I' && tokens[i - 2]?.kind === 'word' && !matchBook(tokens, i - 1, false);
      // "This morning we are in Leviticus … [the points announced] … chapter 19, verse 2": the book
      // named last, with no reference since, even further back; on the passage's words.
      const namedLast = lastBook && !carried && !context && (!lastRef || lastRef.end < lastBook.start) ? lastBook.book : undefined;
      const book = renamed || unheardName ? undefined : (carried ?? context ?? namedLast);
      const loc = book ? parseLocation(tokens, i, book, false) : undefined;
      // A bare chapter needs the book's own recent reference; a chapter and verse, only its name.
      // "Verse 4 of chapter 5 in the hymnal" is about another book.
      // ("Micah would later describe, in chapter 2, verse 2 of his book": someone else's book, the
      // name misheard, not the one carried.)
      const elsewhere = isWord(tokens, i - 1, 'of') || (loc !== undefined && isWord(tokens, loc.next, 'in', 'of') && isWord(tokens, loc.next + 1, 'the', 'a', 'an', 'our', 'my', 'this', 'that', 'his', 'her')) || (loc !== undefined && OF_THEIR_BOOK.test(text.slice(tokens[loc.next - 1]!.end, tokens[loc.next - 1]!.end + 30)));
      // "Open your Bibles to Hebrews. Chapter 11.": the book named just before, nothing between.
      const namedJustBefore = book !== undefined && book === carried && /^[\s.,;:!]*$/.test(text.slice(lastBook!.end, tokens[i]!.start));
      if (book && loc && !elsewhere && (loc.verseStart !== undefined || book === context || namedJustBefore) && referenceExists({ book: book.osis, ...loc })) {
        // Another chapter of a book not named for a while ("And later to the egos, in chapter 11,
        // 8-10", Hebrews misheard, after Romans 4) may be another book's: cited on its own words.
        // (Or two sentences after the book's last reference: the name said since may be misheard.
        // A bare chapter likewise, unless its book was named just before it.)
        const sentencesSince = lastRef ? (text.slice(lastRef.end, tokens[i]!.start).match(/[.!?](?:\s|$)/g) ?? []).length : 0;
        const farSince = lastRef !== undefined && tokens[i]!.start - lastRef.end > OTHER_CHAPTER_REACH;
        const otherChapter = (book !== carried || sentencesSince >= 2 || farSince) && loc.chapter !== (lastRef?.chapterEnd ?? lastRef?.chapter);
        push(book.osis, loc, i, loc.next, true, loc.needsSupport === true || book === namedLast || (otherChapter && (loc.verseStart !== undefined || !namedJustBefore)));
        i = loc.next - 1;
        continue;
      }
      // "…the letter to the egos, in chapter 11, 8-10, he went out not knowing where he went": the
      // book lost (misheard, or never heard), the chapter and verses said: the book whose verses
      // the words after them are, said as written.
      if (!loc && (renamed || !book)) {
        const options = BOOKS.map((b) => ({ b, at: parseLocation(tokens, i, b, false) })).filter((o) => o.at?.verseStart !== undefined && !o.at.needsSupport && referenceExists({ book: o.b.osis, ...o.at }));
        const [first] = options;
        const same = options.filter((o) => o.at!.chapter === first?.at!.chapter && o.at!.verseStart === first.at!.verseStart && o.at!.verseEnd === first.at!.verseEnd && o.at!.next === first.at!.next);
        const named = first && (isWord(tokens, i - 1, 'of') || (isWord(tokens, first.at!.next, 'in', 'of') && isWord(tokens, first.at!.next + 1, 'the', 'a', 'an', 'our', 'my', 'this', 'that', 'his', 'her')));
        if (first && !named) {
          push(first.b.osis, first.at!, i, first.at!.next, true, true, false, 'none', same.map((o) => o.b.osis));
          i = first.at!.next - 1;
          continue;
        }
      }
      // "…the little book of the chariah! Chapter 4!": a name heard amiss, a pause, then "Chapter
      // N": that book's chapter, on the passage's words, and no one's context until they confirm it.
      const nameAt = tokens[i - 1]?.kind === 'punct' && /^[.!?,;:]$/.test(tokens[i - 1]!.text) ? i - 2 : -1;
      const name = tokens[nameAt];
      const heard = name?.kind === 'word' && name.text.length >= 4 && !matchBook(tokens, nameAt, caseless) ? bookByEar(name.lower.replace(/'s$/, ''), caseless || /^[A-Z]/.test(name.text), undefined) : undefined;
      const chapterOf = heard && parseLocation(tokens, i, heard.book, false);
      if (heard && chapterOf && referenceExists({ book: heard.book.osis, ...chapterOf })) {
        push(heard.book.osis, chapterOf, i, chapterOf.next, true, true, false, 'none');
        i = chapterOf.next - 1;
        continue;
      }
    }
    // A numbered book heard with a wrong number or none ("4 Corinthians 12, 26"), or its number
    // heard without the name ("in 1st 1827"): the numbered books where the chapter and verse exist;
    // one named book fits alone, otherwise the words said after it choose.
    // "Our passage is key room 4, 12 to 16, … For the word of God is living…": a chapter and a range
    // of its verses, the book heard as no book's name: the book whose verses there the words after
    // it are (five words in runs few verses share), as for "in chapter 11, 8-10" with the book lost.
    const unnamed = tokens[i]?.kind === 'num' && tokens[i + 1]?.text === ',' && tokens[i - 1]?.kind === 'word' && !matchBook(tokens, i - 1, true) ? BOOKS.map((b) => ({ b, at: parseLocation(tokens, i, b, false) })).filter((o) => o.at?.verseEnd !== undefined && o.at.chapterEnd === o.at.chapter && !o.at.needsSupport && !o.at.rangeIfQuoted && referenceExists({ book: o.b.osis, ...o.at })) : [];
    if (unnamed.length) {
      const [first] = unnamed as [(typeof unnamed)[number]];
      push(first.b.osis, first.at!, i, first.at!.next, true, true, false, 'none', unnamed.map((o) => o.b.osis));
      i = first.at!.next - 1;
      continue;
    }
    const numbered = numberedBookHeard(tokens, i, caseless);
    if (numbered) {
      const options = numbered.books.map((b) => ({ b, at: parseLocation(tokens, numbered.next, b, false) })).filter((o) => o.at?.verseStart !== undefined && !o.at.needsSupport && referenceExists({ book: o.b.osis, ...o.at }));
      const [first] = options;
      if (first && options.every((o) => o.at!.next === first.at!.next && o.at!.chapter === first.at!.chapter && o.at!.verseStart === first.at!.verseStart && o.at!.verseEnd === first.at!.verseEnd)) {
        if (options.length === 1 && numbered.named) push(first.b.osis, first.at!, i, first.at!.next, true);
        else push(first.b.osis, first.at!, i, first.at!.next, true, true, false, 'none', options.map((o) => o.b.osis));
        i = first.at!.next - 1;
        continue;
      }
    }
    // A misheard name ("Lamentation three, twenty-two", "Hebrew 12:1"): a book whose name is
    // close in spelling or sound, when a chapter and verse of that book follow.
    const heard = soundsLikeBook(tokens, i, caseless);
    if (heard) {
      const loc = parseLocation(tokens, heard.next, heard.book, false);
      // A whole chapter only when "chapter" was said ("Zona chapter one"), and on the passage's words.
      // (A psalm is cited whole: "Some 139." stands on a quotation of it.)
      const wholePsalm = heard.book.osis === 'Ps' && heard.needsSupport === true && loc?.verseStart === undefined;
      // ("Let us hear Ecclesiast's chapter 4": a name close in spelling, with "chapter" said, is
      // that book's chapter, on the passage's words too; so is one said with its ordinal, "in first
      // king 18".)
      const wholeChapter = loc?.verseStart === undefined && (isWord(tokens, heard.next, 'chapter') || heard.ordinalSaid === true);
      const place = loc && (loc.verseStart !== undefined || wholeChapter || wholePsalm);
      if (loc && place && referenceExists({ book: heard.book.osis, ...loc })) {
        const needsQuotation = heard.needsQuotation === true || wholePsalm;
        if (!needsQuotation) lastBook = { book: heard.book, start: tokens[i]!.start, end: tokens[heard.next - 1]!.end };
        push(heard.book.osis, loc, i, loc.next, true, heard.needsSupport || loc.needsSupport || wholeChapter, needsQuotation);
        i = loc.next - 1;
      }
    }
  }
  return found.filter((ref, n) => {
    // "Second Corinthians 6, sorry, seven, verse six": a place the preacher takes back is never
    // cited, whether or not the place said instead was heard.
    if (takenBack(text, ref.end)) return false;
    const next = found[n + 1];
    if (!next) return true;
    const between = text.slice(ref.end, next.start);
    if (correctedAt(text, ref, next.start)) return false;
    // "some twenty-three, voices one through three": the chapter and its verses, heard as two
    // phrases, are one reference.
    const versesOfIt = ref.verseStart === undefined && next.inferredBook && next.book === ref.book && next.chapter === ref.chapter && next.verseStart !== undefined;
    return !(versesOfIt && /^[\s,]*$/.test(between));
  });
}

// (Or with a few words owning the slip: "Romans 12, no, forgive me, first Corinthians 3, 16", "Mark
// 4, sorry, I got that wrong, Luke 8", "James 2, no, wait, Jude 3", "Matthew 7, wait, Matthew 5,
// verse 9"; not "John 3, no doubt, Romans 8".)
const SELF_CORRECTION = new RegExp(
  [
    /^[\s,.;:—–-]*(?:no|sorry|I mean|or rather|rather|correction|make that|excuse me|pardon me|wait|hold on)\b[\s,.;:—–-]*(?:I mean\b[\s,]*|that's\s+|it's\s+)?$/.source,
    /^[\s,.;:—–-]*(?:no|sorry|oops)\b[\s,.;:—–-]+(?:[A-Za-z']+\s+){0,3}?(?:me|wrong|mistake|misspoke|wait|that)\b[\s,.;:—–-]*(?:it's\s+|that's\s+)?$/.source,
    // ("Ephesians 5, no, I make your pattern, Ephesians 4, 25": a "no" its own comma ends, a few
    // words owning the slip however they were heard, then the place said instead.)
    /^[\s,.;:—–-]*no\s*[,.;:—–-][\s,]*(?:[A-Za-z']+[\s,.;:—–-]+){1,5}$/.source,
  ].join('|'),
  'i',
);

/**
 * "It runs from 2 Samuel 11, verse 1, chapter 12, verse 25.": a place after "from" and a later
 * chapter's verse of its book said right after it, "through" unheard, are one passage.
 */
function runsOnTo(text: string, ref: ReferenceCandidate, end: ReferenceCandidate): ReferenceCandidate | undefined {
  const said = /\bfrom\s+$/i.test(text.slice(Math.max(0, ref.start - 6), ref.start)) && /^\s*,\s*$/.test(text.slice(ref.end, end.start)) && /^chapter\b/i.test(end.source);
  const fits = end.book === ref.book && end.chapter > ref.chapter && ref.verseStart !== undefined && ref.verseEnd === undefined && end.verseStart !== undefined && end.verseEnd === undefined && ref.exists && end.exists;
  if (!said || !fits) return undefined;
  const passage = { book: ref.book, chapter: ref.chapter, verseStart: ref.verseStart, chapterEnd: end.chapter, verseEnd: end.verseStart };
  return { ...ref, ...passage, osis: toOsis(ref.book, ref.chapter, ref.verseStart, end.chapter, end.verseStart), display: displayReference(passage), end: end.end, source: text.slice(ref.start, end.end) };
}

const NO_HEARD_AS_NOR = /^[\s,]*nor\s+(?:in|to|at)\s+$/i;
const NEGATIVE_REACH = 40;

/**
 * Whether the place said at `next` corrects `ref`: "In Luke 15, no, Luke 14, verses 13 and 14";
 * "in 1 Timothy 3, nor in 1 Timothy 4, verse 14" ("no" heard as "nor", with no "not" or "neither"
 * before the first place for it to continue).
 */
function correctedAt(text: string, ref: { start: number; end: number }, next: number): boolean {
  const between = text.slice(ref.end, next);
  if (SELF_CORRECTION.test(between)) return true;
  return NO_HEARD_AS_NOR.test(between) && !/\b(?:not|neither|never|nor)\b/i.test(text.slice(Math.max(0, ref.start - NEGATIVE_REACH), ref.start));
}

// The slip owned right after the place ("…, sorry", "… excuse me"), or after a "no" that a comma
// or stop ends ("Ephesians 5. No, I beg your pardon."; "no" heard "nor": "Genesis 20, nor, sorry,
// 21"): not "no condemnation", not "I'm sorry to say".
const TAKEN_BACK = /^[\s,.;:—–-]*(?:(?:sorry|pardon me|I beg your pardon|forgive me|excuse me|oops|my mistake|I misspoke)\b|nor?\s*[,.;:—–-][\s,]*(?:[A-Za-z']+\s+){0,4}?(?:sorry|pardon|forgive|excuse|misspoke|mistake|wrong)\b)/i;
const TAKEN_BACK_REACH = 60;
const takenBack = (text: string, end: number) => TAKEN_BACK.test(text.slice(end, end + TAKEN_BACK_REACH));

/**
 * "Turn to Psalm 48, I mean 84.": the preacher put the number right without saying the book again;
 * the place said after the correction, in the same book (when it exists there).
 */
function correctedPlace(text: string, tokens: Token[], next: number, book: BookInfo): Parsed | undefined {
  const at = tokens[next];
  if (!at) return undefined;
  const said = SELF_CORRECTION_BEFORE_NUMBER.exec(text.slice(at.start));
  if (!said) return undefined;
  const j = tokens.findIndex((t, k) => k >= next && t.start >= at.start + said[0].length);
  const number = j < 0 ? undefined : readNumber(tokens, j);
  // ("John 3, no, 4 verses": a count, not the place.)
  if (!number || /^(?:verses?|chapters?|days|years|times|people|men|minutes|hours|weeks|months)$/.test(tokens[number.next]?.lower ?? '')) return undefined;
  const loc = parseLocation(tokens, j, book, false);
  return loc && referenceExists({ book: book.osis, ...loc }) ? loc : undefined;
}

const SELF_CORRECTION_BEFORE_NUMBER = /^[\s,.;:—–-]*(?:nor?[\s,.;:—–-]+sorry|no|sorry|I mean|or rather|rather|correction|make that)\b[\s,.;:—–-]*(?:(?:I mean|hold on|wait)\b[\s,.;:—–-]*)?(?:chapter\s+)?(?=\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred|hundred)\b)/i;

/**
 * All references in `text` that exist, in order of appearance; not those that stand only on the
 * passage's words (a book heard in an everyday word, a verse in a homophone), which the scripture
 * step confirms with the quotation index.
 */
export function findScriptureReferences(text: string): ScriptureReference[] {
  return findReferenceCandidates(text)
    .filter((r) => r.exists && !r.needsSupport)
    .map(({ exists: _exists, inferredBook: _inferred, needsSupport: _support, needsQuotation: _quotation, hyphenVerse: _hyphen, verseFromWords: _verse, booksFromWords: _books, rangeIfQuoted: _range, chapterFromContext: _context, tensAndUnit: _tens, splitsFromWords: _splits, chaptersFromWords: _chapters, ...ref }) => ref);
}

/** Edits (insert, delete, replace, swap two neighbours: "semule" / "samuel" is two) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  let before = Array.from({ length: b.length + 1 }, () => 0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** A rough sound key: first letter, then consonant classes without repeats. */
function soundKey(word: string): string {
  const w = word.toLowerCase().replace(/ph/g, 'f').replace(/[^a-z]/g, '');
  const cls = (c: string) => ('aeiouyhw'.includes(c) ? '' : 'ckq'.includes(c) ? 'k' : 'sz'.includes(c) ? 's' : 'dt'.includes(c) ? 't' : 'bp'.includes(c) ? 'p' : 'mn'.includes(c) ? 'n' : c);
  let key = w[0] ?? '';
  for (const c of w.slice(1)) {
    const k = cls(c);
    if (k && !key.endsWith(k)) key += k;
  }
  return key;
}

// Names the recogniser writes as everyday words: "Psalm" with its silent p ("Some", "Sam", "Sum"),
// "Proverbs" as "problems" ("…problems 15, verse 1 is worth learning by heart").
const NAMES_HEARD_AS_EVERYDAY_WORDS = [
  { heard: /^s[aou]l?m(?:e|s)?$/, book: BOOK_BY_OSIS.get('Ps')! },
  { heard: /^problems?$/, book: BOOK_BY_OSIS.get('Prov')! },
];
const FULL_NAMES = BOOKS.map((book) => ({ book, name: book.aliases[0]!, key: soundKey(book.aliases[0]!) })).filter((b) => !b.name.includes(' '));

function soundsLikeBook(tokens: readonly Token[], i: number, caseless: boolean): BookMatch | undefined {
  let j = i;
  const ord = ORDINALS[tokens[j]?.lower ?? ''];
  const ordinal = ord !== undefined && (tokens[j]!.kind === 'num' || /^(first|second|third)$/.test(tokens[j]!.lower)) ? ord : undefined;
  if (ordinal !== undefined) j = afterJoiningHyphen(tokens, j + 1);
  const t = tokens[j];
  if (!t || t.kind !== 'word') return undefined;
  if (t.text.length < 3) return ordinal === undefined ? splitName(tokens, j) : undefined;
  // Only a name followed by a place can be a misheard book: the cheap test first.
  const after = tokens[j + 1]?.text === ',' ? j + 2 : j + 1;
  // ("filemen, verse 10": a book of one chapter is cited by its verse.)
  if (!(tokens[after]?.kind === 'num' || isWord(tokens, after, 'chapter', 'verse', 'verses') || readNumber(tokens, after))) return ordinal === undefined ? splitName(tokens, j) : undefined;
  const word = t.lower.replace(/'s$/, '');
  const capital = caseless || /^[A-Z]/.test(t.text);
  // A name heard as an everyday word ("Some" for "Psalm", `NAMES_HEARD_AS_EVERYDAY_WORDS`).
  // In lower case ("…this morning in Wamsam, some 139.") it is far more often the word itself:
  // then only a quotation of that psalm confirms it.
  // ("…from some 110, verse 1, where the Lord tells the king to sit at his right hand": with the word
  // "verse" after the number it is a place, which what is said with it can confirm.)
  const saysVerse = tokens[j + 1]?.kind === 'num' && tokens[j + 2]?.text === ',' && isWord(tokens, j + 3, 'verse', 'verses');
  const everyday = ordinal === undefined ? NAMES_HEARD_AS_EVERYDAY_WORDS.find((n) => n.heard.test(word)) : undefined;
  if (everyday) return { book: everyday.book, next: j + 1, abbreviated: false, needsSupport: true, ...(capital || saysVerse ? {} : { needsQuotation: true }) };
  const heard = bookByEar(word, capital, ordinal);
  if (!heard) return undefined;
  return { book: heard.book, next: j + 1, abbreviated: false, ...(heard.close ? {} : { needsSupport: true }), ...(ordinal !== undefined ? { ordinalSaid: true } : {}) };
}

/** The book whose name `word` (lower case) is, heard or written amiss; `close` when it is near enough to stand without the passage's words. */
function bookByEar(word: string, capital: boolean, ordinal: 1 | 2 | 3 | undefined): { book: BookInfo; close: boolean } | undefined {
  let best: { book: BookInfo; distance: number; close: boolean } | undefined;
  const begunAlike = capital && word.length >= 5 ? FULL_NAMES.filter((n) => n.name.length >= 8 && n.name.startsWith(word.slice(0, 4))) : [];
  const onlyNameBegun = begunAlike.length === 1 && FULL_NAMES.filter((n) => n.name.startsWith(word.slice(0, 4))).length === 1 ? begunAlike[0]!.book : undefined;
  for (const { book, name, key } of FULL_NAMES) {
    if (book.ordinal !== ordinal) continue;
    const distance = editDistance(word, name);
    // Close: the first letter and a letter or two ("Lamentation", "Hebrew"), or the same sound.
    const close = capital && word.length >= 4 && name[0] === word[0] && distance > 0 && (distance <= (name.length >= 7 ? 2 : 1) || (key === soundKey(word) && distance <= Math.ceil(name.length / 3)));
    // Loose: a name written in lower case ("mark 4, 35", "proverb 11"), cut short ("Act 27") or
    // heard with another first sound ("Zona" for "Jonah"). Cited only on the passage's words.
    // (Or written as it sounds: "filemen", "Fileman" for "Philemon".)
    // (Or a long name's first four letters, which no other book's name starts with, its end
    // misheard: "Zephyra chapter one" for "Zephaniah".)
    const begun = book === onlyNameBegun;
    const loose = (distance <= (name.length >= 5 ? 2 : 1) && distance < name.length / 2 && (distance > 0 || !capital)) || (word.length >= 5 && key === soundKey(word) && distance <= Math.ceil(name.length / 3)) || begun;
    if (!close && !loose) continue;
    const better = !best || (close && !best.close) || (close === best.close && distance < best.distance);
    if (better) best = { book, distance, close };
  }
  return best && { book: best.book, close: best.close };
}

/**
 * The numbered books a phrase can be: the name of one said with a number none of them has ("4
 * Corinthians") or with none ("Corinthians 12, 26"), or an ordinal said with the name lost ("in
 * 1st 1827", "Second 3, 16"), the place still to follow at `next`.
 */
function numberedBookHeard(tokens: readonly Token[], i: number, caseless: boolean): { books: BookInfo[]; next: number; named: boolean } | undefined {
  const t = tokens[i];
  if (!t) return undefined;
  const suffixed = t.kind === 'num' && tokens[i + 1]?.kind === 'word' && tokens[i + 1]!.start === t.end && /^(?:st|nd|rd)$/.test(tokens[i + 1]!.lower);
  const ordinal = suffixed ? ORDINALS[t.text] : t.kind === 'word' && /^(?:first|second|third)$/.test(t.lower) ? ORDINALS[t.lower] : undefined;
  if (ordinal !== undefined) {
    const next = suffixed ? i + 2 : i + 1;
    return tokens[next]?.kind === 'num' ? { books: BOOKS.filter((b) => b.ordinal === ordinal), next, named: false } : undefined;
  }
  const j = t.kind === 'num' && ORDINALS[t.text] === undefined && tokens[i + 1]?.kind === 'word' ? i + 1 : i;
  const name = tokens[j];
  if (name?.kind !== 'word' || !(caseless || /^[A-Z]/.test(name.text))) return undefined;
  const books = BOOKS.filter((b) => b.ordinal !== undefined && b.aliases[0] === name.lower);
  return books.length && (tokens[j + 1]?.kind === 'num' || (tokens[j + 1]?.text === ',' && tokens[j + 2]?.kind === 'num')) ? { books, next: j + 1, named: true } : undefined;
}

/** A name heard as two or three words ("Philip Ians 4, 6", "Dude a Ronomy 6"): joined, it is close. */
function splitName(tokens: readonly Token[], j: number): BookMatch | undefined {
  for (const n of [2, 3]) {
    const parts = tokens.slice(j, j + n);
    if (parts.length < n || parts.some((p) => p.kind !== 'word')) return undefined;
    // ("Our passage is Micah 6:8": a part that is a book's name is that book, not a piece of another.)
    if (parts.some((_, k) => k > 0 && matchBook(tokens, j + k, false))) return undefined;
    const after = tokens[j + n]?.text === ',' ? j + n + 1 : j + n;
    if (!(tokens[after]?.kind === 'num' || isWord(tokens, after, 'chapter'))) continue;
    const joined = parts.map((p) => p.lower.replace(/'/g, '')).join('');
    if (joined.length < 5) continue;
    const match = FULL_NAMES.find(({ book, name }) => book.ordinal === undefined && name.length >= 5 && name[0] === joined[0] && editDistance(joined, name) <= 2);
    if (match) return { book: match.book, next: j + n, abbreviated: false, needsSupport: true };
  }
  return undefined;
}

/** Distinct references by OSIS, first occurrence kept. */
export function distinctReferences(refs: readonly ScriptureReference[]): ScriptureReference[] {
  const seen = new Set<string>();
  return refs.filter((r) => (seen.has(r.osis) ? false : (seen.add(r.osis), true)));
}
