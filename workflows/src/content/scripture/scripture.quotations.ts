// Finds Bible verses quoted in a transcript, with or without a reference, by fuzzy n-gram
// matching against the full text of one or more translations (WEB and KJV): every word trigram
// of every verse is indexed; a transcript stretch whose trigrams hit one verse densely enough is a
// quotation of it. Recognition errors break a few trigrams, not the match; consecutive verses
// quoted together become one range.
import type { BibleVerse } from './bible.text.ts';

export type QuotationMatch = {
  book: string;
  chapter: number;
  verseStart: number;
  verseEnd: number;
  /** Character offsets of the quoted stretch in the transcript. */
  start: number;
  end: number;
  /** Transcript words the verse(s) account for. */
  matchedWords: number;
  /**
   * Other passages (not neighbouring verses) that hold the quoted words as well or all but one
   * of them (`Deut.18.15` for Acts 3:22): the sermon may name which one it means.
   */
  parallels?: string[];
  /** A tie with its parallels: nothing is claimed unless the sermon names one of them. */
  undecided?: boolean;
};

const UNITS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** 38 → thirty eight (as a verse's "thirty-eight" is read). */
function numberWords(n: number): string[] {
  if (n < 20) return [UNITS[n]!];
  return n % 10 ? [TENS[Math.floor(n / 10)]!, UNITS[n % 10]!] : [TENS[n / 10]!];
}

// Archaic and modern forms that the two translations (and preachers) use for the same word.
const SAME_WORD: Record<string, string> = {
  yahweh: 'lord', jehovah: 'lord', thee: 'you', thou: 'you', ye: 'you', thy: 'your', thine: 'your', hath: 'has', doth: 'does',
  shalt: 'shall', wilt: 'will', art: 'are', unto: 'to', saith: 'says', dont: 'do', cant: 'can', wont: 'will', lets: 'let',
};

type Word = { word: string; start: number; end: number };
/** Transcript words `from`-`to` (indices) quoting verse `id`. */
type Stretch = { id: number; from: number; to: number; covered: number; score: number };

export function normalisedWords(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(/[A-Za-z][A-Za-z’']*|\b\d{1,2}\b(?![:.,]?\d)/g)) {
    // "were not 10 cleansed": a number inside a quotation written in digits is the verse's word(s).
    if (/^\d/.test(m[0])) {
      for (const word of numberWords(Number(m[0]))) out.push({ word, start: m.index, end: m.index + m[0].length });
      continue;
    }
    const raw = m[0].toLowerCase().replace(/[’']/g, '');
    // British and American spellings are one word ("labour", "labor"; "honour", "honor").
    const spelled = raw.length >= 6 ? raw.replace(/our$/, 'or') : raw;
    const word = SAME_WORD[spelled] ?? spelled;
    // "the Lord" (KJV, and what preachers say) is the WEB's "Yahweh": one word, no article.
    if (word === 'lord' && out.at(-1)?.word === 'the') out.pop();
    // "Yahweh" is heard as "your way" in many voices ("rest in your way, and wait patiently…");
    // read alike in the verses and the transcript, a verse that says "your way" still matches.
    if (word === 'way' && out.at(-1)?.word === 'your') {
      const your = out.pop()!;
      out.push({ word: 'lord', start: your.start, end: m.index + m[0].length });
      continue;
    }
    out.push({ word, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function hash(a: string, b: string, c: string): number {
  let h = 0x811c9dc5;
  const s = `${a} ${b} ${c}`;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// A trigram found in more verses than this says nothing about which verse is quoted.
const MAX_POSTINGS = 24;
// A quotation covers at least this many transcript words (or, for a short verse, most of it).
const MIN_WORDS = 6;
// Trigram hits further apart than this (words) are separate stretches.
const MAX_GAP = 5;

// Words too common to say which passage a sermon is talking about.
const FUNCTION_WORDS = new Set(
  'and the that this with from for you your are was were will shall have has had not but they them their his her him who which what when then than there these those into unto upon said says say all one out our ours its also let may can being been very just'.split(' '),
);
const isContentWord = (word: string) => word.length >= 3 && !FUNCTION_WORDS.has(word);
// (verse id × this + word id) packs a pair in one number; the two translations have far fewer words.
const WORD_ID_SPAN = 1 << 20;

type VocabularyTable = {
  vocabulary: Map<string, number>;
  /** Verse `id`'s word ids are `words[offsets[id]…offsets[id + 1])`. */
  offsets: Uint32Array;
  words: Uint32Array;
  /** Per word id: in how many verses it occurs (its rarity weighs what a shared word proves). */
  frequency: Uint32Array;
};

/** A built index's data: the verse keys, their lengths, and the sorted trigram postings. */
export type QuotationIndexParts = { keys: readonly string[]; verseLength: readonly number[]; shortestLength: readonly number[]; entries: BigUint64Array };

export class QuotationIndex {
  private readonly keys: string[] = [];
  private readonly idOf = new Map<string, number>();
  private readonly verseLength: number[] = [];
  /** The verse's words in its shortest translation: how much of it a quotation must say. */
  private readonly shortestLength: number[] = [];
  private readonly translations: ReadonlyArray<readonly BibleVerse[]>;
  /** Built on first use (a worker that never needs it does not pay for it at start). */
  private vocabularyTable?: VocabularyTable;
  /** (trigram hash << 32 | verse id), sorted: a compact posting list searched by bisection. */
  private readonly entries: BigUint64Array;

  /**
   * The index of `translations`; with `built` (the `parts()` of an index of the same texts, built
   * by this same code: see `quotation-index.cache.ts`), without building it again.
   */
  constructor(translations: ReadonlyArray<readonly BibleVerse[]>, built?: QuotationIndexParts) {
    this.translations = translations;
    if (built) {
      built.keys.forEach((key, id) => this.idOf.set(key, id));
      this.keys.push(...built.keys);
      this.verseLength.push(...built.verseLength);
      this.shortestLength.push(...built.shortestLength);
      this.entries = built.entries;
      return;
    }
    const idOf = this.idOf;
    let entries = new BigUint64Array(1 << 21);
    let count = 0;
    for (const verses of translations) {
      for (const v of verses) {
        const key = `${v.book}.${v.chapter}.${v.verse}`;
        let id = idOf.get(key);
        if (id === undefined) {
          id = this.keys.length;
          idOf.set(key, id);
          this.keys.push(key);
          this.verseLength.push(0);
          this.shortestLength.push(Infinity);
        }
        const w = normalisedWords(v.text).map((x) => x.word);
        this.verseLength[id] = Math.max(this.verseLength[id]!, w.length);
        this.shortestLength[id] = Math.min(this.shortestLength[id]!, w.length);
        for (let i = 0; i + 3 <= w.length; i += 1) {
          if (count === entries.length) {
            const grown = new BigUint64Array(entries.length * 2);
            grown.set(entries);
            entries = grown;
          }
          entries[count] = (BigInt(hash(w[i]!, w[i + 1]!, w[i + 2]!)) << 32n) | BigInt(id);
          count += 1;
        }
      }
    }
    this.entries = entries.slice(0, count).sort();
  }

  /** What the constructor built, to be kept and given back to it. */
  parts(): QuotationIndexParts {
    return { keys: this.keys, verseLength: this.verseLength, shortestLength: this.shortestLength, entries: this.entries };
  }

  /** Content words of every verse (all translations, distinct) and how many verses have each. */
  private vocabularyOf(): VocabularyTable {
    if (this.vocabularyTable) return this.vocabularyTable;
    const vocabulary = new Map<string, number>();
    let pairs = new Float64Array(1 << 21);
    let count = 0;
    for (const verses of this.translations) {
      for (const v of verses) {
        const id = this.idOf.get(`${v.book}.${v.chapter}.${v.verse}`)!;
        for (const { word } of normalisedWords(v.text)) {
          if (!isContentWord(word)) continue;
          let wid = vocabulary.get(word);
          if (wid === undefined) {
            wid = vocabulary.size;
            vocabulary.set(word, wid);
          }
          if (count === pairs.length) {
            const grown = new Float64Array(pairs.length * 2);
            grown.set(pairs);
            pairs = grown;
          }
          pairs[count] = id * WORD_ID_SPAN + wid;
          count += 1;
        }
      }
    }
    // (verse, word) pairs, sorted and distinct, as one compact list per verse.
    const sorted = pairs.subarray(0, count).sort();
    const words: number[] = [];
    const offsets = new Uint32Array(this.keys.length + 1);
    const frequency = new Uint32Array(vocabulary.size);
    for (let i = 0; i < sorted.length; i += 1) {
      if (i > 0 && sorted[i] === sorted[i - 1]) continue;
      const verse = Math.floor(sorted[i]! / WORD_ID_SPAN);
      const wid = sorted[i]! % WORD_ID_SPAN;
      words.push(wid);
      offsets[verse + 1] = words.length;
      frequency[wid]! += 1;
    }
    for (let v = 1; v < offsets.length; v += 1) offsets[v] = Math.max(offsets[v]!, offsets[v - 1]!);
    this.vocabularyTable = { vocabulary, offsets, words: Uint32Array.from(words), frequency };
    return this.vocabularyTable;
  }

  /** Verses containing the trigram; none when it is too common to tell verses apart. */
  private versesWith(h: number, limit = MAX_POSTINGS): number[] {
    const key = BigInt(h) << 32n;
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    const ids: number[] = [];
    for (let i = lo; i < this.entries.length && this.entries[i]! >> 32n === BigInt(h); i += 1) {
      const id = Number(this.entries[i]! & 0xffffffffn);
      if (ids.at(-1) !== id) ids.push(id);
      if (ids.length > limit) return [];
    }
    return ids;
  }

  /**
   * How many words of `text[start, end)` the given verses (`Book.chapter.verse` keys) account
   * for: whether a quotation is really the paraphrase of a passage cited just before it. With
   * `distinctive`, only runs of words few verses share count ("and let us" is in hundreds).
   */
  wordsCoveredBy(text: string, start: number, end: number, verseKeys: readonly string[], distinctive = false): number {
    const ids = new Set(verseKeys.map((k) => this.idOf.get(k)).filter((id) => id !== undefined));
    const words = normalisedWords(text.slice(start, end));
    const covered = new Set<number>();
    for (let i = 0; i + 3 <= words.length; i += 1) {
      if (this.versesWith(hash(words[i]!.word, words[i + 1]!.word, words[i + 2]!.word), distinctive ? MAX_POSTINGS : Infinity).some((id) => ids.has(id))) [i, i + 1, i + 2].forEach((p) => covered.add(p));
    }
    return covered.size;
  }

  /**
   * How strongly `text[start, end)` speaks of the given verses: the rarity of each distinct
   * content word it shares with them, summed (1 for a word found in one verse only, towards 0 for
   * one found everywhere: log(verses / verses with it) / log(verses)). A retelling or loose
   * paraphrase shares names and nouns ("Joseph", "coat", "brothers") even where no trigram matches.
   * Words the `except` verses also have are left out: they cannot tell the two passages apart.
   */
  vocabularyScore(text: string, start: number, end: number, verseKeys: readonly string[], except: readonly string[] = []): number {
    const table = this.vocabularyOf();
    const wordsOf = (keys: readonly string[]) => {
      const out = new Set<number>();
      for (const key of keys) {
        const id = this.idOf.get(key);
        if (id !== undefined) for (let i = table.offsets[id]!; i < table.offsets[id + 1]!; i += 1) out.add(table.words[i]!);
      }
      return out;
    };
    const passage = wordsOf(verseKeys);
    for (const wid of wordsOf(except)) passage.delete(wid);
    const total = this.keys.length;
    const scale = Math.log(Math.max(total, 2));
    let score = 0;
    const seen = new Set<number>();
    for (const { word } of normalisedWords(text.slice(start, end))) {
      const wid = table.vocabulary.get(word);
      if (wid === undefined || seen.has(wid) || !passage.has(wid)) continue;
      seen.add(wid);
      score += Math.log(total / table.frequency[wid]!) / scale;
    }
    return score;
  }

  /** Whether a word (any case) is in the text of one of the translations. */
  holdsWord(word: string): boolean {
    const [normalised] = normalisedWords(word);
    return normalised !== undefined && this.vocabularyOf().vocabulary.has(normalised.word);
  }

  /** How rare a word is in the Bible: 1 in one verse only, towards 0 in every verse (0 if absent or a function word). */
  rarity(word: string): number {
    const table = this.vocabularyOf();
    const wid = table.vocabulary.get(word);
    if (wid === undefined) return 0;
    return Math.log(this.keys.length / table.frequency[wid]!) / Math.log(Math.max(this.keys.length, 2));
  }

  /** Per verse id, its text in each translation (the translations' own strings, not copies). */
  private textsById?: string[][];
  private readonly wordsCache = new Map<number, string[][]>();

  /** The verse's words in each translation. */
  private verseWords(id: number): string[][] {
    if (!this.textsById) {
      const texts: string[][] = Array.from({ length: this.keys.length }, () => []);
      for (const verses of this.translations) for (const v of verses) texts[this.idOf.get(`${v.book}.${v.chapter}.${v.verse}`)!]!.push(v.text);
      this.textsById = texts;
    }
    let words = this.wordsCache.get(id);
    if (!words) {
      words = (this.textsById[id] ?? []).map((text) => normalisedWords(text).map((w) => w.word));
      if (this.wordsCache.size > 4096) this.wordsCache.clear();
      this.wordsCache.set(id, words);
    }
    return words;
  }

  /**
   * Trigram runs of one verse, close together, aligned word by word with the verse: a quotation
   * when enough of its words come back in order among few others. One per group of runs that holds
   * a `thin` one, or two runs or more: thick runs a misheard phrase cut apart ("teach them
   * diligently unto thy children … and when thou walkest by") hold more of the verse together than
   * another verse that shares some of their words.
   */
  private alignedStretches(id: number, runs: readonly number[][], thin: ReadonlySet<readonly number[]>, words: readonly Word[]): Stretch[] {
    const found: Stretch[] = [];
    for (let g = 0; g < runs.length; g += 1) {
      let last = g;
      while (last + 1 < runs.length && runs[last + 1]![0]! - runs[last]!.at(-1)! <= ALIGN_GAP) last += 1;
      const group = runs.slice(g, last + 1);
      g = last;
      // (at least two trigrams in a row: five of the verse's words said as written)
      if ((group.length < 2 && !group.some((run) => thin.has(run))) || !group.some((run) => run.some((p, k) => k > 0 && p - run[k - 1]! === 1))) continue;
      const from = Math.max(0, group[0]![0]! - 4);
      const to = Math.min(words.length - 1, group.at(-1)!.at(-1)! + 2 + 4);
      const window = words.slice(from, to + 1).map((w) => w.word);
      const present = new Set(window);
      let best: Stretch | undefined;
      for (const verse of this.verseWords(id)) {
        if (verse.filter((w) => present.has(w)).length < ALIGNED_WORDS) continue;
        const matched = commonSubsequence(window, verse);
        if (matched.length < ALIGNED_WORDS) continue;
        const span = matched.at(-1)! - matched[0]! + 1;
        const content = [...new Set(matched.map((i) => window[i]!).filter(isContentWord))];
        // A retelling in everyday words ("she went and happened to come to the field") is not a quotation.
        const rarity = content.reduce((sum, w) => sum + this.rarity(w), 0);
        // (Nine words said exactly as written, in a row, are a quotation in everyday words too:
        // "if any man thirst, let him come unto me, and…".)
        const named = (content.length >= ALIGNED_CONTENT_WORDS && rarity >= ALIGNED_RARITY) || longestCommonRun(window, verse) >= UNBROKEN_WORDS;
        if (!named || matched.length < ALIGNED_SHARE * span) continue;
        const score = matched.length + matched.length / Math.max(this.verseLength[id]!, 1);
        if (!best || score > best.score) best = { id, from: from + matched[0]!, to: from + matched.at(-1)!, covered: matched.length, score };
      }
      if (best) found.push(best);
    }
    return found;
  }

  /** The verses quoted in `text`, in order of appearance (none that a parallel passage ties). */
  find(text: string): QuotationMatch[] {
    return this.findWithParallels(text).filter((q) => !q.undecided);
  }

  /**
   * The verses quoted in `text`, each with the parallel passages that hold its words too; a
   * quotation tied with its parallels is `undecided`.
   */
  findWithParallels(text: string): QuotationMatch[] {
    const words = normalisedWords(text);
    // verse id -> transcript positions where one of its trigrams starts
    const hits = new Map<number, number[]>();
    // position -> the verses with the trigram that starts there
    const versesAt: number[][] = [];
    const trigrams: number[] = [];
    for (let i = 0; i + 3 <= words.length; i += 1) {
      trigrams.push(hash(words[i]!.word, words[i + 1]!.word, words[i + 2]!.word));
      versesAt.push(this.versesWith(trigrams[i]!));
      for (const id of versesAt[i]!) {
        const at = hits.get(id);
        if (!at) hits.set(id, [i]);
        else at.push(i);
      }
    }
    const stretches: Stretch[] = [];
    for (const [id, positions] of hits) {
      let first = 0;
      // The verse's trigram runs; those too thin to claim it alone may still be part of a quotation
      // that misheard words cut in two.
      const runs: number[][] = [];
      const thin = new Set<number[]>();
      const thick: Stretch[] = [];
      for (let k = 1; k <= positions.length; k += 1) {
        if (k < positions.length && positions[k]! - positions[k - 1]! <= MAX_GAP) continue;
        const run = positions.slice(first, k);
        first = k;
        runs.push(run);
        // (A phrase said again is the verse's words once: "the land of our time, the land of our
        // income, the land of our attention" is not Jeremiah 46:16's "the land of our nativity".)
        const seen = new Set<number>();
        const once = run.filter((p) => !seen.has(trigrams[p]!) && seen.add(trigrams[p]!));
        const covered = new Set(once.flatMap((p) => [p, p + 1, p + 2])).size;
        // ("Jesus Christ is the same yesterday, today, and forever" has nine words in the WEB and
        // eleven in the KJV: six said as written quote it.)
        const length = this.shortestLength[id]!;
        if (covered < Math.min(MIN_WORDS + 2, Math.max(MIN_WORDS, Math.ceil(length * 0.6))) || covered < Math.min(length, MIN_WORDS)) thin.add(run);
        else thick.push({ id, from: run[0]!, to: run.at(-1)! + 2, covered, score: covered + covered / Math.max(length, 1) });
      }
      // A thin run is aligned with the verse together with the runs near it, thick or not: a
      // misheard phrase ("slow to anger, and pray to empower, and will by no means…") may have cut
      // the verse's words into a short run and a long one, and the long one alone is beaten by a
      // parallel passage that shares it. The alignment replaces the thick runs it holds when it
      // accounts for more.
      const aligned = thin.size || runs.length > 1 ? this.alignedStretches(id, runs, thin, words) : [];
      const replaced = new Set<Stretch>();
      for (const a of aligned) {
        const within = thick.filter((t) => t.from <= a.to && a.from <= t.to);
        if (within.some((t) => t.score >= a.score)) continue;
        within.forEach((t) => replaced.add(t));
        // (It still spans the runs it replaces: their words are that quotation's, not another's.)
        stretches.push({ ...a, from: Math.min(a.from, ...within.map((t) => t.from)), to: Math.max(a.to, ...within.map((t) => t.to)) });
      }
      stretches.push(...thick.filter((t) => !replaced.has(t)));
    }
    // Where stretches overlap, the best-covered verse wins; a tie means the words are shared by
    // several verses (a parallel passage, a refrain) and nothing is claimed.
    // (Two neighbouring verses quoted in one breath count together: "don't be anxious for your
    // life … life is more than food", Luke 12:22-23, against Matthew 6:25, which holds most of it in one.)
    const together = new Map<Stretch, number>();
    for (const a of stretches) {
      for (const b of stretches) {
        if (a === b || !adjacent(this.keys[a.id]!, this.keys[b.id]!) || b.from > a.to + MAX_GAP || a.from > b.to + MAX_GAP) continue;
        const both = a.covered + b.covered - overlapWords(a, b);
        if (both > (together.get(a) ?? a.covered)) together.set(a, both);
      }
    }
    const rank = (s: Stretch) => Math.max(s.score, together.get(s) ?? 0);
    stretches.sort((a, b) => rank(b) - rank(a) || b.score - a.score);
    const kept: Stretch[] = [];
    // (each kept stretch's parallels: other passages covering all its words, or all but one)
    const parallels = new Map<Stretch, Set<number>>();
    const addParallel = (s: Stretch, id: number) => parallels.set(s, (parallels.get(s) ?? new Set<number>()).add(id));
    for (const s of stretches) {
      const rival = kept.find((k) => k.from <= s.to && s.from <= k.to);
      if (rival) {
        if (!adjacent(this.keys[rival.id]!, this.keys[s.id]!) && s.covered >= rival.covered - 1) addParallel(rival, s.id);
        if (rival.score === s.score && !adjacent(this.keys[rival.id]!, this.keys[s.id]!)) (rival as Stretch & { tied?: boolean }).tied = true;
        // A neighbouring verse quoted right after it is part of the same quotation.
        if (!adjacent(this.keys[rival.id]!, this.keys[s.id]!) || overlapWords(rival, s) > 2) continue;
      }
      kept.push(s);
    }
    // A short quotation whose words another passage (not a neighbouring verse) also has, all but
    // one ("he will by no means clear the guilty": Numbers 14:18 by "he", Exodus 34:7 without it),
    // does not say which was quoted either.
    // Nor does one that two neighbouring verses of another passage hold between them, each its own
    // part ("abundant in loving kindness and truth … will by no means clear the guilty": Exodus
    // 34:6 and 7, which Numbers 14:18 says in one verse).
    for (const s of kept) {
      const covered = new Map<number, Set<number>>();
      for (let p = Math.max(0, s.from - 2); p <= s.to - 2; p += 1) {
        for (const id of versesAt[p] ?? []) {
          const set = covered.get(id) ?? new Set<number>();
          [p, p + 1, p + 2].filter((w) => w >= s.from && w <= s.to).forEach((w) => set.add(w));
          covered.set(id, set);
        }
      }
      const own = covered.get(s.id)?.size ?? 0;
      const others = [...covered].filter(([id]) => id !== s.id && !adjacent(this.keys[id]!, this.keys[s.id]!));
      // (However long, a quotation that another verse of the same book holds every word of says
      // which neither: a refrain, "Why art thou cast down, O my soul?", Psalm 42:5 and 42:11.)
      const bookOf = (id: number) => this.keys[id]!.slice(0, this.keys[id]!.indexOf('.'));
      const near = others.filter(([id, set]) => (s.covered <= NEAR_TIE_WORDS ? set.size >= own - 1 : bookOf(id) === bookOf(s.id) && set.size >= own));
      const byKey = new Map(others.map(([id, set]) => [this.keys[id]!, { id, set }]));
      const pairs = others.flatMap(([id, set]) => {
        const [book, chapter, verse] = this.keys[id]!.split('.');
        const next = byKey.get(`${book}.${chapter}.${Number(verse) + 1}`);
        return next && new Set([...set, ...next.set]).size >= own && set.size >= MIN_WORDS - 2 && next.set.size >= MIN_WORDS - 2 ? [[id, set] as const, [next.id, next.set] as const] : [];
      });
      [...near, ...pairs].forEach(([id]) => addParallel(s, id));
      if (near.length || pairs.length) (s as Stretch & { tied?: boolean }).tied = true;
    }
    const matches = kept
      .sort((a, b) => a.from - b.from)
      .map((s) => {
        const [book, chapter, verse] = this.keys[s.id]!.split('.');
        const others = [...(parallels.get(s) ?? [])].map((id) => this.keys[id]!);
        const undecided = (s as Stretch & { tied?: boolean }).tied === true;
        return { book: book!, chapter: Number(chapter), verseStart: Number(verse), verseEnd: Number(verse), start: words[s.from]!.start, end: words[s.to]!.end, matchedWords: s.covered, ...(others.length ? { parallels: others } : {}), ...(undecided ? { undecided } : {}) };
      });
    // Consecutive verses of one chapter quoted in one breath: one range
    const merged: QuotationMatch[] = [];
    for (const m of matches) {
      const last = merged.at(-1);
      // (and one verse whose quotation a word like "says the Lord" interrupted: one quotation;
      // a verse another passage ties with joins none).
      if (last && !last.undecided && !m.undecided && last.book === m.book && last.chapter === m.chapter && m.verseStart <= last.verseEnd + 1 && m.verseEnd >= last.verseStart && m.start - last.end < 80) {
        last.verseEnd = Math.max(last.verseEnd, m.verseEnd);
        last.end = m.end;
        last.matchedWords += m.matchedWords;
        delete last.parallels;
      } else merged.push({ ...m });
    }
    return merged;
  }
}

// A quotation that trigrams alone could not hold (two misheard words in a row break five of
// them: "to love me or say and to walk humbly" for "to love mercy, and to walk humbly") is still
// one when the verse's words come back in order: at least this many, with few others among them
// (six in ten of the words they span: a phrase misheard in the middle of the verse, "seek justice,
// rarely need a rest, defend the partners, plead for the widow", leaves the rest in order).
const ALIGNED_WORDS = 8;
const ALIGNED_CONTENT_WORDS = 4;
const ALIGNED_SHARE = 0.6;
// …and the words matched must name the verse: their summed rarity (`rarity`) at least this.
const ALIGNED_RARITY = 2;
// A quotation of at most this many words is claimed only when no other passage has all its words but one.
const NEAR_TIE_WORDS = 10;
// Thin runs of one verse this close (trigram positions) are tried as one quotation.
const ALIGN_GAP = 10;
// …and words said exactly as the verse has them, this many in a row, name it whatever their rarity.
const UNBROKEN_WORDS = 9;

/** The longest run of words `a` and `b` share in the same order with nothing between. */
function longestCommonRun(a: readonly string[], b: readonly string[]): number {
  let best = 0;
  let previous = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i += 1) {
    const row = new Uint16Array(b.length + 1);
    for (let j = 1; j <= b.length; j += 1) {
      if (a[i - 1] !== b[j - 1]) continue;
      row[j] = previous[j - 1]! + 1;
      if (row[j]! > best) best = row[j]!;
    }
    previous = row;
  }
  return best;
}

/** Longest common subsequence of two word lists: its length and the matched positions in `a`. */
function commonSubsequence(a: readonly string[], b: readonly string[]): number[] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint16Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      table[i * cols + j] = a[i] === b[j] ? table[(i + 1) * cols + j + 1]! + 1 : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  const matched: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      matched.push(i);
      i += 1;
      j += 1;
    } else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) i += 1;
    else j += 1;
  }
  return matched;
}

function adjacent(a: string, b: string): boolean {
  const [ba, ca, va] = a.split('.');
  const [bb, cb, vb] = b.split('.');
  return ba === bb && ca === cb && Math.abs(Number(va) - Number(vb)) === 1;
}

function overlapWords(a: { from: number; to: number }, b: { from: number; to: number }): number {
  return Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from) + 1);
}
