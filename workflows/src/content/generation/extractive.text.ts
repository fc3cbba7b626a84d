// Sentence splitting, TF-IDF vectors, TextRank and key phrases for the extractive generator.
export type Sentence = { index: number; text: string; start: number; end: number; terms: string[] };

const STOP = new Set(`a about above after again against all am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further
get gets got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i
i'd i'll i'm i've if in into is isn't it it's its itself just let let's like me more most mustn't my myself no nor not now of off on
once only or other ought our ours ourselves out over own really same say said says she she'd she'll she's should shouldn't so some
such than that that's the their theirs them themselves then there there's these they they'd they'll they're they've this those
through to too under until up upon us very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's
which while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves
also back even ever every going gonna know make made many may might much must never one two three four five six seven eight nine
ten first second third chapter verse verses still thing things way want well went yes yeah okay oh go come came see look take
around something someone anything everything nothing today tonight morning people us amen right little lot put tell told give
think thought mean means can't let's we've happens happen keep kept need needs day days week year years time times ask asked stop start`.split(/\s+/));

/** A word as the sets of words heard unsure key it (`lowConfidenceWords`, the generator's input): lower case, letters and apostrophes. */
export function unsureKey(word: string): string {
  return word.toLowerCase().replace(/[^a-z']/g, '');
}

export function isStopword(word: string): boolean {
  return STOP.has(word);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().replace(/[’‘]/g, "'").match(/[a-z][a-z']*/g) ?? [];
  return words.filter((w) => w.length > 2 && !STOP.has(w)).map((w) => stem(w.replace(/'s$/, '')));
}

// Where an unpunctuated transcript turns to a new part of the sermon.
const TURNS = /\b(?:(?:our|my|the) (?:first|second|third|fourth|fifth|next|last|final) point|let us pray|let's pray|(?:please )?turn with me|good morning|this week|so this morning|let me close)\b/gi;

const POINT_TURN = /(?<=[a-z,] )(?:(?:Number|Point) (?:one|two|three|four|five|six|[1-6])\b|(?<=, )point (?:one|two|three|four|five|six|[1-6])(?=[,:])|(?:(?:So|And|Now),? (?:our|my|the)|Our|My|The) (?:first|second|third|fourth|fifth|next|last|final) point\b)/g;

/**
 * Where the transcript's sentences end: a full stop, question or exclamation mark followed by a
 * space. The recogniser also writes full stops where nobody stopped: inside a number ("Romans
 * 5.8", "10.30") and between a chapter and its verse ("Matthew 6. 34"); those end no sentence. (A
 * lower-case word after a full stop is most often a new sentence whose capital was lost: "…a good
 * soldier of Christ Jesus. soldiers do not march alone.")
 */
function sentenceSpans(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let from = 0;
  for (const m of text.matchAll(/[.!?]+["”’)]*/g)) {
    const end = m.index + m[0].length;
    const after = /^(\s*)(\S?)/.exec(text.slice(end))!;
    if (after[2] && !after[1]) continue; // "5.8"
    if (/\d/.test(after[2]!) && /\d/.test(text[m.index - 1] ?? '')) continue;
    spans.push({ start: from, end });
    from = end;
  }
  if (from < text.length) spans.push({ start: from, end: text.length });
  return spans;
}

/** Sentences with their offsets; very long unpunctuated runs are cut at the sermon's turns and into ≤30-word pieces. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const span of sentenceSpans(text)) {
    const raw = text.slice(span.start, span.end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (!body) continue;
    const start = span.start + lead;
    const words = [...body.matchAll(/\S+/g)];
    // A point announced without a full stop before it ("…self control Number 3 God fights…", "…all
    // my ways So the first point, God knows…")
    // still starts a sentence.
    const pointTurns = [...body.matchAll(POINT_TURN)].map((m) => m.index).filter((i) => i > 0);
    if (words.length <= 60 && pointTurns.length) {
      for (const [k, from] of [0, ...pointTurns].entries()) {
        const to = pointTurns[k] ?? body.length;
        const piece = body.slice(from, to).trim();
        const s = start + from + (body.slice(from, to).length - body.slice(from, to).trimStart().length);
        if (piece) out.push({ index: out.length, text: piece, start: s, end: s + piece.length, terms: contentTerms(piece) });
      }
      continue;
    }
    if (words.length <= 60) {
      out.push({ index: out.length, text: body, start, end: start + body.length, terms: contentTerms(body) });
      continue;
    }
    // Cut first where the preacher turns ("our second point", "let us pray"), then every 30 words.
    const cues = new Set<number>([0]);
    for (const cue of [...body.matchAll(TURNS), ...body.matchAll(POINT_TURN)]) {
      const w = words.findIndex((x) => x.index! >= cue.index!);
      if (w > 0) cues.add(w);
    }
    const bounds = [...cues, words.length].sort((x, y) => x - y);
    for (let b = 0; b + 1 < bounds.length; b += 1) {
      for (let i = bounds[b]!; i < bounds[b + 1]!; i += 30) {
        const first = words[i]!;
        const last = words[Math.min(i + 29, bounds[b + 1]! - 1)]!;
        const s = start + first.index!;
        const e = start + last.index! + last[0].length;
        const piece = text.slice(s, e);
        out.push({ index: out.length, text: piece, start: s, end: e, terms: contentTerms(piece) });
      }
    }
  }
  return out;
}

export type WordCase = ReadonlyMap<string, { lower: number; capital: number }>;

/** How often each word is written in lower case and capitalised inside a sentence. */
export function wordCase(text: string): WordCase {
  const counts = new Map<string, { lower: number; capital: number }>();
  for (const m of text.matchAll(/(?<=[A-Za-z0-9,;:] )[A-Za-z][a-z']*\b/g)) {
    const key = m[0].toLowerCase();
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { lower: 0, capital: 0 }));
    if (m[0] === key) c.lower += 1;
    else c.capital += 1;
  }
  return counts;
}

/** A word the transcript mostly writes in lower case: not a name, not "I". */
export function isCommonWord(word: string, usage: WordCase): boolean {
  const seen = usage.get(word.toLowerCase());
  return word !== 'I' && !!seen && seen.lower > seen.capital;
}

// Words English does double ("that that", "had had", "very very"), in any case (Whisper capitalises
// the word that opens a segment: "He said that | That was enough."); any other word said twice in a
// row with nothing between is the recogniser repeating itself across a window edge.
const DOUBLED_IN_SPEECH = new Set('that had is very so far no yes bye holy many much really'.split(' '));

/** Whether `second`, right after `first` (the same word), is the recogniser repeating itself. */
export function repeatedByRecogniser(first: string, second: string): boolean {
  if (first.toLowerCase() !== second.toLowerCase() || DOUBLED_IN_SPEECH.has(first.toLowerCase())) return false;
  const capitalisedAgain = first !== second && /^[a-z]/.test(first);
  return capitalisedAgain || first === second;
}

export type Vector = Map<string, number>;

export function idfOf(docs: readonly string[][]): Map<string, number> {
  const df = new Map<string, number>();
  for (const terms of docs) for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [t, n] of df) idf.set(t, Math.log((1 + docs.length) / (1 + n)) + 1);
  return idf;
}

export function tfidf(terms: readonly string[], idf: Map<string, number>): Vector {
  const v: Vector = new Map();
  for (const t of terms) v.set(t, (v.get(t) ?? 0) + 1);
  let norm = 0;
  for (const [t, n] of v) {
    const w = n * (idf.get(t) ?? 1);
    v.set(t, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of v) v.set(t, w / norm);
  return v;
}

export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o !== undefined) dot += w * o;
  }
  return dot;
}

/** TextRank (PageRank over the cosine-similarity graph); a score per vector. */
export function textRank(vectors: readonly Vector[], iterations = 30, damping = 0.85): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  const weights: number[][] = vectors.map(() => []);
  const neighbours: number[][] = vectors.map(() => []);
  const totals = new Array<number>(n).fill(0);
  // Similarities through an inverted index: only sentences sharing a term are compared.
  const postings = new Map<string, Array<[number, number]>>();
  vectors.forEach((v, i) => {
    for (const [t, w] of v) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([i, w]);
    }
  });
  const dots = new Float64Array(n);
  const touched: number[] = [];
  for (let i = 0; i < n; i += 1) {
    for (const [t, w] of vectors[i]!) {
      for (const [j, o] of postings.get(t)!) {
        if (j <= i) continue;
        if (dots[j] === 0) touched.push(j);
        dots[j]! += w * o;
      }
    }
    for (const j of touched) {
      const w = dots[j]!;
      dots[j] = 0;
      if (w <= 0.01) continue;
      neighbours[i]!.push(j); weights[i]!.push(w);
      neighbours[j]!.push(i); weights[j]!.push(w);
      totals[i]! += w; totals[j]! += w;
    }
    touched.length = 0;
  }
  let scores = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < iterations; it += 1) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let i = 0; i < n; i += 1) {
      const total = totals[i]!;
      if (total === 0) continue;
      const share = (damping * scores[i]!) / total;
      const ns = neighbours[i]!;
      const ws = weights[i]!;
      for (let k = 0; k < ns.length; k += 1) next[ns[k]!]! += share * ws[k]!;
    }
    scores = next;
  }
  return scores;
}

/**
 * Key phrases of a passage: adjacent content-word pairs and single words scored by frequency in
 * the passage times rarity in the whole sermon, in their surface form.
 */
export function keyPhrases(sentences: readonly Sentence[], idf: Map<string, number>, count = 3): string[] {
  const scores = new Map<string, { score: number; count: number; surface: string }>();
  const add = (key: string, surface: string, weight: number) => {
    const cur = scores.get(key);
    if (cur) { cur.score += weight; cur.count += 1; }
    else scores.set(key, { score: weight, count: 1, surface });
  };
  for (const s of sentences) {
    const words = s.text.replace(/[’‘]/g, "'").match(/[A-Za-z][A-Za-z']*/g) ?? [];
    let prev: { stemmed: string; surface: string } | undefined;
    for (const [position, raw] of words.entries()) {
      const lower = raw.toLowerCase();
      // Keep proper nouns capitalised ("God's love"); a sentence's first word says nothing.
      const surface = position > 0 && /^[A-Z]/.test(raw) ? raw : lower;
      if (lower.length <= 2 || STOP.has(lower)) { prev = undefined; continue; }
      const stemmed = stem(lower.replace(/'s$/, ''));
      const w = idf.get(stemmed) ?? 1;
      add(stemmed, surface, w);
      if (prev) add(`${prev.stemmed} ${stemmed}`, `${prev.surface} ${surface}`, 2.5 * ((idf.get(prev.stemmed) ?? 1) + w) / 2);
      prev = { stemmed, surface };
    }
  }
  // A pair must recur to count as a phrase.
  const ranked = [...scores.entries()]
    .filter(([key, v]) => !key.includes(' ') || v.count >= 2)
    .sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1));
  const chosen: string[] = [];
  for (const [key] of ranked) {
    if (chosen.length >= count) break;
    const parts = key.split(' ');
    // Skip a word already inside a chosen phrase, and a phrase containing a chosen word.
    if (chosen.some((c) => c.split(' ').some((p) => parts.includes(p)))) continue;
    chosen.push(key);
  }
  return chosen.map((key) => scores.get(key)!.surface);
}

export function titleCase(phrase: string): string {
  return phrase.split(' ').map((w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `items[i]`, for indexes the caller has already bounded. */
export function at<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new RangeError(`index ${i} outside 0..${items.length - 1}`);
  return item;
}
