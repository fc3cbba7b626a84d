// Titles, themes, prayers and questions of the extractive generator. Titles and themes are the
// preacher's own words (the announced point, a short sentence, a noun phrase); prayers and
// questions are fixed grammatical frames around those words.
import { isApplication, type Section, type SermonAnalysis } from './extractive.analysis.ts';
import { AUDIENCE, compressClause, headlineCase, isFrame, isGarbled, leansBack, lowerFirst, namesPassage, prayableClause, standsAlone, SUBORDINATE } from './extractive.discourse.ts';
import { phraseTitle, stemmed, type NounPhrase } from './extractive.phrases.ts';
import { contentTerms, isStopword, titleCase, unsureKey, type Sentence } from './extractive.text.ts';
import { readNumber, tokenize } from '../scripture/scripture.numbers.ts';
import { isEvidenced, unevidenced, withSwapsUndone, wordEvidence, wordsOf, type WordEvidence } from './extractive.evidence.ts';

const MAX_TITLE_WORDS = 6;

/** A title as the sets of titles already taken hold it: lower case, no articles ("The Evil" is "evil"). */
export const titleKey = (t: string) => t.toLowerCase().replace(/[^a-z' ]/g, '').replace(/\b(?:the|a|an)\b/g, '').replace(/\s+/g, ' ').trim();
const norm = titleKey;

// A headline may run to eight words ("God Commands Courage Because He Is with Us"); a noun
// phrase title stays short.
const MAX_HEADLINE_WORDS = 8;
const THESIS_TRIES = 3;
const LEADING_JOINER = /^(?:and|but|so|or|then|because)\s+/i;
const FRAGMENT_START = /^(?:us|me|you|him|her|them|it|i|we|he|she|they|of|with|in|on|to|for|from|by|at|the|a|an|and|or|but|is|are|was|were)\b/i;

const termCounts = new WeakMap<SermonAnalysis, Map<string, number>>();
const evidences = new WeakMap<SermonAnalysis, WordEvidence>();

/** What the sermon vouches for (computed once per analysis). */
export function evidenceOf(a: SermonAnalysis): WordEvidence {
  let evidence = evidences.get(a);
  if (!evidence) evidences.set(a, (evidence = wordEvidence(a.sentences, a.passageTexts)));
  return evidence;
}

/** In how many sentences of the sermon each term occurs (computed once per analysis). */
function termSentenceCounts(a: SermonAnalysis): Map<string, number> {
  let counts = termCounts.get(a);
  if (!counts) {
    counts = new Map();
    for (const s of a.sentences) for (const t of new Set(s.terms)) counts.set(t, (counts.get(t) ?? 0) + 1);
    termCounts.set(a, counts);
  }
  return counts;
}

/**
 * What a statement says after its last word the recogniser was unsure of, when that is a predicate
 * ("and Orons looks to Jesus" → "looks to Jesus"): the point still heads its section, the misheard
 * word does not.
 */
function trustedStretch(statement: string, unsure: (word: string) => boolean): string | undefined {
  const runs: string[][] = [[]];
  for (const w of statement.split(/\s+/)) {
    if (unsure(w)) runs.push([]);
    else runs.at(-1)!.push(w);
  }
  // The predicate after a garbled subject ("looks to Jesus"), not a fragment ("us with his right hand").
  const tail = runs.at(-1)!.join(' ').replace(LEADING_JOINER, '');
  if (runs.length < 2 || tail.split(/\s+/).length < 2 || FRAGMENT_START.test(tail)) return undefined;
  return tail;
}

/** Whether a sentence says the point again (the plan, the point announced with its body): most of its content words. */
function restates(sentence: Pick<Sentence, 'terms'>, statementTerms: ReadonlySet<string>): boolean {
  const shared = new Set(sentence.terms.filter((t) => statementTerms.has(t))).size;
  return shared >= Math.max(1, Math.ceil(statementTerms.size * 0.6));
}

// Words around the differing one that two hearings must share to be the same clause heard twice.
const SAME_CLAUSE_WORDS = 4;

/** "leave" / "leaves": one word in two forms, not a word heard two ways. */
function formsOfOneWord(x: string, y: string): boolean {
  let common = 0;
  while (common < Math.min(x.length, y.length) && x[common] === y[common]) common += 1;
  return common >= 3 && common >= Math.min(x.length, y.length) - 1;
}

/**
 * The announced point as the sermon vouches for it. A word said nowhere but where this point is
 * stated (the plan and the announcement are one hearing of it; not in the cited scripture either)
 * is a mishearing the sermon does not confirm:
 * - where another sentence says the same clause with another word in its place (four words around
 *   it agreeing, the next one among them), that hearing's word ("the shepherd don't after the one
 *   that is lost" against "he goes after the one that is lost"; "knows dim sheep by name" against
 *   "knows his sheep by name");
 * - else a trailing subordinate clause holding it, heard in doubt (`DOUBTFUL`), is cut ("prayer
 *   keeps going when the answer is low", heard the same in the plan and the announcement: "prayer
 *   keeps going"; "we can rejoice when the fields are empty", "empty" heard surely, stays).
 */
export function heardOnceMore(statement: string, a: Pick<SermonAnalysis, 'sentences' | 'passageTexts' | 'doubtful'>): string {
  // The point proper is the statement's first clause; an announcement often runs on into its body.
  const point = statement.split(/\s*[,;:]\s*/)[0]!;
  const statementTerms = new Set(contentTerms(point));
  if (!statementTerms.size) return statement;
  const others = a.sentences.filter((s) => !restates(s, statementTerms));
  const elsewhere = new Set(others.flatMap((s) => wordsOf(s.text)));
  for (const text of a.passageTexts ?? []) for (const w of wordsOf(text)) elsewhere.add(w);
  const unconfirmed = (w: string) => /^[a-z]/i.test(w) && !elsewhere.has(wordsOf(w)[0] ?? w.toLowerCase());
  const tokens = statement.split(/\s+/);
  const words = tokens.map(unsureKey);
  // (The plan is another hearing of the point: a word it hears differently is evidence too.)
  const hearings = a.sentences.map((s) => s.text.split(/\s+/).map(unsureKey));
  const otherHearing = (i: number): string | undefined => {
    for (const heard of hearings) {
      for (let j = 0; j < heard.length; j += 1) {
        const y = heard[j]!;
        if (y.length < 2 || y === words[i] || formsOfOneWord(y, words[i]!)) continue;
        let left = 0;
        while (left < i && left < j && heard[j - left - 1] === words[i - left - 1]) left += 1;
        let right = 0;
        while (i + right + 1 < words.length && j + right + 1 < heard.length && heard[j + right + 1] === words[i + right + 1]) right += 1;
        if (right >= 1 && left + right >= SAME_CLAUSE_WORDS) return y;
      }
    }
    return undefined;
  };
  let changed = false;
  const mended = tokens.map((token, i) => {
    const w = words[i]!;
    if (!w || !unconfirmed(token)) return token;
    const y = otherHearing(i);
    if (!y) return token;
    changed = true;
    return token.replace(/[a-z][a-z']*/i, (heard) => (/^[A-Z]/.test(heard) ? `${y.charAt(0).toUpperCase()}${y.slice(1)}` : y));
  });
  if (changed) return mended.join(' ');
  const clause = SUBORDINATE.exec(point);
  if (!clause) return statement;
  const [main, trailing] = [point.slice(0, clause.index), point.slice(clause.index)];
  const unconfirmedIn = (text: string, heardInDoubt: boolean) => wordsOf(text).some((w) => !isStopword(w) && unconfirmed(w) && (!heardInDoubt || (a.doubtful?.has(w) ?? false)));
  return unconfirmedIn(trailing, true) && !unconfirmedIn(main, false) && wordsOf(main).length >= 3 ? main : statement;
}

// The preacher's own story ("My grandmother grew tomato plants along the back fence", "Years ago I
// worked nights"): an illustration of the point, never its headline.
const TOLD_STORY = /\b(?:i remember|years ago|let me tell you|when i was|my (?:grandmother|grandfather|grandma|grandpa|father|mother|dad|mum|mom|wife|husband|son|daughter|friend|brother|sister|uncle|aunt|neighbou?r))\b/i;
const toldStory = (text: string) => TOLD_STORY.test(text);

/**
 * The section's title, a headline of its thesis: the announced point (cut to eight words; with a
 * misheard word, what it says after it), else the section's central sentence, else a short
 * sentence that stands alone, else a noun phrase the sermon comes back to (an illustration's stray
 * noun, "a kind nurse", is said once); never a word the recogniser was unsure of, never one of `taken`.
 * `vouchedFirst` (the days): below the point itself, headlines whose words the sermon repeats first.
 */
export function sectionTitle(section: Section, a: SermonAnalysis, pool: readonly Sentence[], taken: ReadonlySet<string>, options: { vouchedFirst?: boolean } = {}): string {
  const unsure = (w: string) => a.lowConfidence?.has(unsureKey(w)) ?? false;
  const trusted = (c: string) => !c.split(/\s+/).some(unsure);
  const evidence = evidenceOf(a);
  // (A word put back from the quoted scripture counts as often as the recogniser's form of it.)
  const heardAs = new Map([...(a.swaps ?? [])].map(([x, y]) => [y, x]));
  const vouched = (c: string) => unevidenced(withSwapsUndone(c, heardAs), evidence).length === 0;
  const candidates: string[] = [];
  // A misheard statement ("loves and must our neighbors") heads nothing: the section's central
  // sentence says the point instead.
  const statement = section.statement && !isGarbled(section.statement) ? section.statement : undefined;
  if (statement) {
    const heard = heardOnceMore(statement, a);
    candidates.push(compressClause(heard, MAX_HEADLINE_WORDS));
    // (Only in the point's own clause: a statement run on into a misheard verse is not the point.)
    const stretch = trustedStretch(heard.split(/\s*[,;:]\s*/)[0]!, unsure);
    if (stretch) candidates.push(compressClause(stretch, MAX_HEADLINE_WORDS));
  }
  // No announced point: the headline of the section's thesis, its most central sentence.
  // A thesis is a statement, not a call to action; "Because we have been loved first, we are free
  // to love" says its point in the main clause.
  const theses = statement ? [] : pool.filter((s) => !isApplication(s) && !toldStory(s.text)).map((s) => mainClause(s.text));
  // (A day's title: of its three most central sentences, the first whose words the sermon vouches for.)
  const headlines = theses
    .filter((t) => !t.endsWith('?') && !isFrame(t) && !isGarbled(t) && !/^(?:and|but|so|because|then)\b/i.test(t) && !AUDIENCE.test(t))
    .slice(0, THESIS_TRIES)
    .map((t) => compressClause(t, MAX_HEADLINE_WORDS));
  const vouchedHeadline = options.vouchedFirst ? headlines.find((h) => vouched(h) && h.split(/\s+/).length >= 3) : undefined;
  const headline = vouchedHeadline ?? headlines[0];
  // The announced point or the central sentence heads the section when it fits (a day's central
  // sentence only when the sermon vouches for its words; else it comes after the vouched headlines).
  const leads = !options.vouchedFirst || vouchedHeadline !== undefined;
  if (leads && headline && headline.split(/\s+/).length >= 3) candidates.push(headline);
  // A point's next most central sentences, when the first cannot head it (its cut loses the
  // negation, it holds a word heard unsure) and the sermon vouches for their words, as for a day.
  if (!options.vouchedFirst) candidates.push(...headlines.slice(1).filter((h) => h.split(/\s+/).length >= 3 && vouched(h)));
  const central = candidates.length;
  if (!leads && headline && headline.split(/\s+/).length >= 3) candidates.push(headline);
  // (An aside to the listeners heads nothing, short or not.)
  const lines = pool.filter((s) => !AUDIENCE.test(s.text.trim()) && !toldStory(s.text));
  for (const s of lines) if (standsAlone(s.text, MAX_TITLE_WORDS)) candidates.push(compressClause(s.text, MAX_TITLE_WORDS));
  // A noun phrase heads a point only when the sermon comes back to it (an illustration's noun is said once).
  const sentencesWith = termSentenceCounts(a);
  const repeated = (p: NounPhrase) => p.terms.some((t) => (sentencesWith.get(t) ?? 0) >= 2);
  for (const p of section.nounPhrases.slice(0, 4)) if (repeated(p)) candidates.push(phraseTitle(p.surface));
  for (const s of lines) if (standsAlone(s.text, 9)) candidates.push(compressClause(s.text, MAX_HEADLINE_WORDS));
  // Any declarative sentence of the section, cut to a headline.
  for (const s of lines) if (!s.text.endsWith('?') && !isFrame(s.text) && !leansBack(s.text)) candidates.push(compressClause(s.text, MAX_TITLE_WORDS));
  for (const p of a.sermonPhrases.slice(0, 8)) if (repeated(p)) candidates.push(phraseTitle(p.surface));
  for (const p of section.nounPhrases.slice(0, 4)) candidates.push(phraseTitle(p.surface));
  // Nothing but housekeeping: the section's key word, so the day still has a heading.
  candidates.push(titleCase(section.phrase));
  // A word the recogniser never hears right is put back as the quoted scripture has it ("Giving
  // Begins with the Race We Have Received": 2 Corinthians 8:9 quoted as "the race of our Lord").
  if (a.swaps?.size) candidates.splice(0, candidates.length, ...candidates.map((c) => withSwapsUndone(c, a.swaps!)));
  // A recognition stutter ("the lung lung lung") is never a headline, nor a reference's numbers
  // ("Roses 17 and 18 Tell Us Nobody Takes", "Psalm Twenty": the passage is shown beside the title).
  // Where the preacher announced no point, a name said in one sentence only, and not by the cited
  // scripture, is the recogniser's guess at a name ("One of them is called Cleopards") or an
  // aside's, not the point's. (An announced point keeps its words: the point is what was said.)
  const once = statement ? new Set<string>() : namesSaidOnce(a);
  const named = (c: string) => !wordsOf(c).some((w) => once.has(w));
  const clean = (c: string) => !!c && trusted(c) && named(c) && !isGarbled(c) && !/\b(\w+) \1\b/i.test(c) && !/\d/.test(c) && !namesPassage(c) && !takenAlready(norm(c), taken);
  // Past those, a day's title is a headline whose words the sermon vouches for (each said in two
  // sentences, or in its scripture): Whisper's confident mishearings are said once ("The Hebrew
  // Word Is Keys", "Barly Field"). (A point's title keeps its order: the points follow the sermon.)
  const fits = (c: string) => clean(c) && c.split(/\s+/).length >= 2;
  const own = candidates.slice(0, central).find(fits);
  // (Two words name something: "Far Country", not "Ruth Went".)
  const names = (c: string) => c.split(/\s+/).length >= 3 || a.nouns.has(stemmed(c.split(/\s+/).at(-1)!.toLowerCase()));
  const chosen = own ?? (options.vouchedFirst ? candidates.slice(central).find((c) => fits(c) && vouched(c) && names(c)) : undefined) ?? candidates.find(fits) ?? candidates.find(clean) ?? candidates.find(Boolean) ?? '';
  return headlineCase(chosen);
}


/** Words the transcript writes only with a capital inside a sentence, in one sentence, that the cited scripture does not have. */
function namesSaidOnce(a: SermonAnalysis): Set<string> {
  const evidence = evidenceOf(a);
  const lower = lowerCaseWords(a);
  const capitalised = new Set(a.sentences.flatMap((x) => x.text.match(/(?<=\s)[A-Z][a-z']+/g) ?? []).map((w) => wordsOf(w)[0] ?? ''));
  return new Set([...capitalised].filter((w) => w && !lower.has(w) && (evidence.said.get(w) ?? 0) < 2 && !evidence.scripture.has(w)));
}

/**
 * A title already taken, or the same headline heard another way: one word a letter apart and the
 * rest the same ("Restored People Feed Others" / "Restored People Feet Others").
 */
function takenAlready(key: string, taken: ReadonlySet<string>): boolean {
  if (taken.has(key)) return true;
  const words = key.split(' ');
  return [...taken].some((t) => {
    const other = t.split(' ');
    if (other.length !== words.length || words.length < 3) return false;
    const differing = words.flatMap((w, i) => (w === other[i] ? [] : [[w, other[i]!] as const]));
    return differing.length === 1 && oneLetterApart(...differing[0]!);
  });
}

function oneLetterApart(x: string, y: string): boolean {
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  let j = 0;
  while (j < x.length - i && j < y.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j += 1;
  return Math.max(x.length, y.length) - i - j <= 1;
}

const LEADING_SUBORDINATE = /^(?:because|since|when|if|although|though|while|as)\b[^,]{3,80},\s*(.+)$/i;

/** "Because we have been loved first, we are free to love first too." → "we are free to love first too." */
export function mainClause(text: string): string {
  const m = LEADING_SUBORDINATE.exec(text.trim());
  return m && m[1]!.split(/\s+/).length >= 3 ? m[1]! : text;
}

/** A noun phrase for the day's theme, distinct from its title and from other days' themes. */
export function themePhrase(section: Section, a: SermonAnalysis, title: string, taken: ReadonlySet<string>): NounPhrase | undefined {
  const fits = (p: NounPhrase) => {
    const t = norm(phraseTitle(p.surface));
    return !taken.has(t) && t !== norm(title) && p.surface.split(/\s+/).length <= MAX_TITLE_WORDS;
  };
  return section.nounPhrases.find(fits);
}

const NOUN_SUFFIX = /(?:ing|ness|tion|sion|ment|ity|ance|ence|ship|hood|dom)$/;

/**
 * A theme when the section has no noun phrase of its own: the subject of its point
 * ("suffering"), its key word when the sermon uses it as a noun, else a phrase of the sermon no
 * later day needs.
 */
export function themeWord(section: Section, a: SermonAnalysis, taken: ReadonlySet<string>, later: ReadonlySet<string>): string | undefined {
  const nounish = (w: string) => a.nouns.has(w.toLowerCase()) || NOUN_SUFFIX.test(w.toLowerCase());
  // "Love comes before effort": a content word followed by a verb is the point's subject.
  const [subject, verb] = section.statement?.split(/\s+/) ?? [];
  const isSubject = subject !== undefined && /^[a-z]{4,}$/i.test(subject) && !isStopword(subject.toLowerCase()) && verb !== undefined && /^(?:is|are|was|were|will|can|does|has|[a-z]+[^s]s)$/i.test(verb);
  const words = [...(isSubject ? [subject] : []), ...section.phrases.filter((p) => !p.includes(' ') && nounish(p))];
  const word = words.map(titleCase).find((w) => !taken.has(norm(w)));
  if (word) return word;
  const phrase = a.sermonPhrases.find((p) => !later.has(p.key) && !taken.has(norm(phraseTitle(p.surface))));
  return phrase ? phraseTitle(phrase.surface) : undefined;
}

export function outlineTheme(a: SermonAnalysis): string {
  // A phrase of two words or more names a sermon better than a lone noun ("The Good Shepherd").
  const best = a.sermonPhrases.slice(0, 3).find((p) => p.terms.length > 1) ?? a.sermonPhrases[0];
  if (best) return phraseTitle(best.surface);
  const noun = a.themePhrases.find((p) => p.split(' ').every((w) => a.nouns.has(w.toLowerCase())));
  return noun ? titleCase(noun) : '';
}

export type Wording = {
  reference: string;
  /** The point as a clause a prayer can complete ("love comes before effort"). */
  clause?: string;
  /** The key takeaway as written. */
  takeaway: string;
  /** The day's noun phrase as said ("the gift of a Son"). */
  phrase?: string;
  /** The sentence that best explains the passage. */
  line: string;
};

export function pointClause(statement: string | undefined, takeaway: string): string | undefined {
  return (statement ? prayableClause(statement) : undefined) ?? prayableClause(takeaway);
}

const quoted = (text: string) => `“${trimWords(text.trim(), 30).replace(/[.!?…]+$/, '')}.”`;
const subject = (w: Wording) => (w.reference ? w.reference : 'your word');

// A prayer's slot names the day's theme in a few words; six words of the sermon would be its
// sentence spliced in ("about a long list of ordinary men").
const MAX_SLOT_WORDS = 4;

/**
 * The day's theme noun phrase for a prayer's slot: at most four words, each vouched for by the
 * sermon (said twice, or in its scripture) and heard surely; else none ("a god soldier of christ
 * jesus": "god" for "good", said once).
 */
export function prayerPhrase(phrase: string | undefined, a: SermonAnalysis): string | undefined {
  if (!phrase || phrase.split(/\s+/).length > MAX_SLOT_WORDS) return undefined;
  const evidence = evidenceOf(a);
  const words = wordsOf(phrase);
  return words.every((w) => isStopword(w) || (isEvidenced(w, evidence) && !a.lowConfidence?.has(w))) ? phrase : undefined;
}

/** The day's theme noun phrase, lower case as it runs in a sentence. */
function freshPhrase(w: Wording): string | undefined {
  return w.phrase ? lowerFirst(w.phrase) : undefined;
}

// (Nor a verb's helper, however often the scripture quoted says it: "shall", "unto".)
const NOT_A_THEME = new Set(['god', 'lord', 'jesus', 'christ', 'people', 'things', 'thing', 'way', 'day', 'time', 'point', 'story', 'heading', 'scene', 'movement', 'shall', 'shalt', 'unto', 'thee', 'thou', 'thine', 'hath', 'doth', 'saith', 'would', 'could', 'should', 'might', 'must']);

/**
 * What the points share: a content word most of the points' statements say ("Endurance lays
 * aside…", "Endurance looks to…"), as the outline's theme; undefined when they share none.
 */
export function sharedTheme(statements: readonly string[], trusted: (word: string) => boolean, lowerCase?: ReadonlySet<string>): string | undefined {
  if (statements.length < 2) return undefined;
  const counts = new Map<string, number>();
  for (const s of statements) {
    // ("God's" is God: what every sermon shares, not what these points do.)
    for (const w of new Set((s.toLowerCase().match(/[a-z']+/g) ?? []).map((x) => x.replace(/'s?$/, '')))) {
      // A word the transcript only ever writes with a capital is a name, or a mishearing Whisper
      // took for one ("Endorans looks to Jesus"): not what the points share.
      if (w.length < 4 || isStopword(w) || NOT_A_THEME.has(w) || !trusted(w) || (lowerCase && !lowerCase.has(w))) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
  const [best] = [...counts].filter(([, n]) => n >= Math.max(2, Math.ceil(statements.length / 2))).sort((a, b) => b[1] - a[1]);
  return best ? titleCase(best[0]) : undefined;
}

/**
 * What the points' sections share: the word the preacher says in every section (all but one of
 * four or five), and most often, when the points' statements share none ("faith" through a
 * sermon whose points each tell one story of it). Never a name, a word heard unsure, or a word
 * each section says once (the story's setting, "the temple", or the word the plan puts in the first
 * section): the theme is said more often than there are sections.
 */
export function sectionsTheme(a: SermonAnalysis, trusted: (word: string) => boolean): string | undefined {
  if (a.sections.length < 2) return undefined;
  const evidence = evidenceOf(a);
  const inSections = new Map<string, number>();
  const said = new Map<string, number>();
  for (const section of a.sections) {
    const content = section.sentences.filter((x) => !a.housekeeping.has(x.index) && !a.readings.has(x.index));
    const seen = new Set(content.flatMap((x) => wordsOf(x.text)));
    for (const w of seen) inSections.set(w, (inSections.get(w) ?? 0) + 1);
    for (const x of content) for (const w of new Set(wordsOf(x.text))) said.set(w, (said.get(w) ?? 0) + 1);
  }
  // A name ("Joseph", "Ruth") is who the sermon is about, not what its points share: a word the
  // transcript only ever writes with a capital.
  const lower = lowerCaseWords(a);
  const needed = a.sections.length >= 4 ? a.sections.length - 1 : a.sections.length;
  const placeWords = wordsBeforeNumbers(a);
  const [best] = [...inSections]
    .filter(([w, n]) => n >= needed && w.length >= 4 && !isStopword(w) && !NOT_A_THEME.has(w) && !placeWords.has(stemmed(w)) && lower.has(w) && trusted(w) && (said.get(w) ?? 0) > a.sections.length && isEvidenced(w, evidence))
    .sort((x, y) => y[1] - x[1] || (said.get(y[0]) ?? 0) - (said.get(x[0]) ?? 0));
  return best ? titleCase(best[0]) : undefined;
}

/**
 * Words a place is said with, a number right after them twice or in a third of their uses ("voice
 * 4", "voices one and two": "verse" misheard; "chapter 5"), stemmed: the sermon's way of finding
 * the text, not what its points share.
 */
function wordsBeforeNumbers(a: SermonAnalysis): Set<string> {
  const uses = new Map<string, { all: number; numbered: number }>();
  for (const s of a.sentences) {
    const tokens = tokenize(s.text);
    tokens.forEach((t, i) => {
      if (t.kind !== 'word') return;
      const u = uses.get(stemmed(t.lower)) ?? { all: 0, numbered: 0 };
      u.all += 1;
      if (readNumber(tokens, i + 1)) u.numbered += 1;
      uses.set(stemmed(t.lower), u);
    });
  }
  return new Set([...uses].filter(([, u]) => u.numbered >= 2 || (u.numbered > 0 && u.numbered * 3 >= u.all)).map(([w]) => w));
}

// "I have three points about prayer", "three lessons from Gideon", "three things grace does",
// "each of them is about endurance", "today's message is about grace": the preacher naming what
// the points are about. ("Free" and "tree" are how the recogniser hears "three".)
const COUNTED = String.raw`\b(?:two|three|four|five|free|tree|[2-5])\s+(?:\w+\s+)?(?:points|things|truths|lessons|marks|movements|ways)\b`;
const SUBJECT_SAID = [
  new RegExp(String.raw`${COUNTED}[^,.;:!?]*?\b(?:about|from)\s+([^,.;:!?]+)`, 'i'),
  new RegExp(String.raw`\b(?:(?:message|sermon) (?:today |this morning )?is|each of them is|we are talking|we're talking) about\s+([^,.;:!?]+)`, 'i'),
  new RegExp(String.raw`${COUNTED}\s+((?:the\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:does|do|teaches|gives|shows)\b`, 'i'),
];
// Where the subject's noun phrase ends ("forgiveness and I have three points", "Gideon today").
const SUBJECT_END = /\s+\b(?:and|but|or|that|which|who|when|because|so|as|in|this|today|tonight|for|with|to|we|i|you)\b.*$/i;
// Not a subject: "three things to say from it", "about something everyone has used", "from what happened".
// ("Three points about those songs" points back to the subject named before; "God Shepherd" is
// "good shepherd" misheard: God names no theme, nor qualifies one.)
const NO_SUBJECT = /^(?:it|this|that|these|those|them|him|her|us|you|me|what|something|someone|anything|everything|each|all|here|there)\b/i;

/**
 * What the preacher says the points are about, when the sermon says so in so many words ("I want
 * to show you three things grace does", "three lessons from Gideon"): at most three words, each
 * said in two sentences or in the cited scripture and heard surely; undefined when the sermon does
 * not name it.
 */
export function namedSubject(a: SermonAnalysis): string | undefined {
  const evidence = evidenceOf(a);
  for (const s of a.sentences) {
    if (a.housekeeping.has(s.index)) continue;
    for (const pattern of SUBJECT_SAID) {
      const m = pattern.exec(s.text);
      if (!m) continue;
      const phrase = m[1]!.trim().replace(SUBJECT_END, '').replace(/^(?:the|our|his|a|an)\s+/i, '');
      const words = wordsOf(phrase);
      if (!words.length || words.length > 3 || NO_SUBJECT.test(phrase)) continue;
      const content = words.filter((w) => !isStopword(w));
      const qualifies = words.some((w, i) => NOT_A_THEME.has(w) && i + 1 < words.length && !isStopword(words[i + 1]!));
      if (!content.length || qualifies || content.every((w) => NOT_A_THEME.has(w)) || content.some((w) => !isEvidenced(w, evidence) || a.lowConfidence?.has(w))) continue;
      return phraseTitle(phrase);
    }
  }
  return undefined;
}

/** The words the transcript writes in lower case somewhere (a word only ever capitalised is a name). */
export function lowerCaseWords(a: Pick<SermonAnalysis, 'sentences'>): Set<string> {
  return new Set(a.sentences.flatMap((x) => x.text.match(/(?<=\s)[a-z][a-z']*/g) ?? []).map((w) => w.replace(/'s?$/, '')));
}

// A title with a subject pronoun or a verb of being is a sentence ("Where You Go I Will Go"), not
// the noun phrase a theme is.
const SENTENCE_WORD = /\b(?:i|you|we|he|she|they|is|are|was|were|will|shall|can|must)\b/i;

/**
 * The sermon's own title as its theme, when the preacher says its words; else its word the sermon
 * says most ("Love That Lasts" for a sermon that never says "lasts" is "Love"); undefined when the
 * sermon says none of them.
 */
export function titleTheme(title: string, a: SermonAnalysis): string | undefined {
  const evidence = evidenceOf(a);
  const content = wordsOf(title).filter((w) => w.length >= 3 && !isStopword(w));
  if (content.every((w) => evidence.said.has(w)) && !SENTENCE_WORD.test(title)) return title.trim() || undefined;
  // The typed title vouches for its own words: one the preacher says even once is no mishearing.
  const [best] = content.filter((w) => evidence.said.has(w) && !NOT_A_THEME.has(w)).sort((x, y) => (evidence.said.get(y) ?? 0) - (evidence.said.get(x) ?? 0));
  return best ? titleCase(best) : undefined;
}

/** A thing to do when the sermon gives none: a fixed frame whose only slot is the reference. */
export function applicationTemplate(reference: string | undefined): string {
  return `Read ${reference || 'the passage of this sermon'} again slowly and write down one thing it asks you to do this week.`;
}

// Prayers are fixed frames with safe slots only: the day's reference and its theme noun phrase.
// The preacher's words appear only as a marked quotation, never spliced into "teach me that…".
export function openingPrayer(w: Wording): { quick: string; full: string } {
  const phrase = freshPhrase(w);
  const about = phrase ? ` about ${phrase}` : '';
  return {
    quick: `Lord, as I read ${subject(w)}, open my heart to what you are teaching me${about}. Amen.`,
    full: `Heavenly Father, I come to ${subject(w)} today. Quiet my heart and open my eyes to what it says${about}. Make me ready to obey what I read. In Jesus’ name, amen.`,
  };
}

export function closingPrayer(w: Wording): { quick: string; full: string } {
  const phrase = freshPhrase(w);
  return {
    quick: `Lord, thank you for what ${subject(w)} shows me${phrase ? ` about ${phrase}` : ''}. Help me live it today. Amen.`,
    full: `Father, thank you for ${subject(w)}. Let this word from the sermon take root in me: ${quoted(w.takeaway)} Where it is hard, keep me faithful; where I fall short, forgive me and lift me up. In Jesus’ name, amen.`,
  };
}

export function questions(w: Wording): { quick: string; full: string } {
  return {
    quick: `What is one way you can live out this word from the sermon today: ${quoted(w.takeaway)}?`.replace('.”?', '”?'),
    full: `Read ${subject(w)} again with this line from the sermon in mind: ${quoted(w.line)} Where in your home, work or church will this truth matter most this week, and what will you do differently?`,
  };
}

export function trimWords(text: string, max: number): string {
  const words = text.split(/\s+/);
  return words.length <= max ? text : `${words.slice(0, max).join(' ')}…`;
}
