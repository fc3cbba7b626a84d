// Noun phrases of the sermon ("the gift of a Son", "God's love", "patient love"), found without
// a tagger: a word is a noun when the preacher puts an article or possessive before it somewhere.
import { isStopword, type Sentence } from './extractive.text.ts';

export type NounPhrase = {
  /** As said, with its article ("the dark valley", "God's love"). */
  surface: string;
  /** Lower-case content words, for matching. */
  key: string;
  /** The phrase's content words, stemmed as the TF-IDF terms are. */
  terms: string[];
  /** An adjective-noun pair without an article ("patient love"): counts only when repeated. */
  bare: boolean;
};

const ARTICLE = new Set(['the', 'a', 'an']);
const PRONOUN_DET = new Set(['his', 'her', 'our', 'your', 'my', 'their', 'its', 'every', 'each', 'this']);
// Nouns that name the service rather than the message.
const BLAND = new Set('point points passage text verse verses chapter bible bibles church morning question word words sermon service psalm book story name life'.split(' '));

type Token = { raw: string; lower: string; gap: boolean };

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.replace(/[’‘]/g, "'").matchAll(/([A-Za-z][A-Za-z']*)|([,;:.!?—–()"“”])/g)) {
    if (m[2]) { if (out.length) out[out.length - 1]!.gap = true; continue; }
    const raw = m[1]!.replace(/'$/, '');
    out.push({ raw, lower: raw.toLowerCase(), gap: false });
  }
  return out;
}

/** A word as `nounsOf` keys it (no possessive, no plural). */
export const stemmed = (w: string) => {
  const x = w.replace(/'s$/, '');
  if (x.length > 5 && x.endsWith('ies')) return `${x.slice(0, -3)}y`;
  if (x.length > 4 && x.endsWith('s') && !x.endsWith('ss') && !x.endsWith('us')) return x.slice(0, -1);
  return x;
};
const isPossessive = (t: Token) => /'s$/.test(t.lower) && t.lower.length > 3 && !isStopword(t.lower);
const NOT_CONTENT = new Set(['everyone', 'everybody', 'anyone', 'anybody', 'nobody', 'else', 'whoever', 'whatever']);
const contentWord = (t: Token) => t.lower.length > 2 && !isStopword(t.lower) && !NOT_CONTENT.has(t.lower) && !isPossessive(t);

const SINGULAR = new Set(['a', 'an', 'every', 'each', 'this']);
// Verbs common in preaching, in their -s form; more are learnt from the sermon (see nounsOf).
const VERBS_S = new Set('is has does goes says means gives makes takes comes brings shows walks leads loves knows needs wants holds keeps calls tells works carries prepares provides restores hopes endures protects bears believes fills becomes lives seeks waits grows speaks runs stands sees finds'.split(' '));
const isVerb = (w: string, verbs: ReadonlySet<string> = new Set()) =>
  VERBS_S.has(w) || (/[^s]s$/.test(w) && (verbs.has(w.slice(0, -1)) || (w.endsWith('es') && verbs.has(w.slice(0, -2)))));

/** Nouns of a sermon, with the verbs it was seen using (to tell "provides" after a noun). */
export type Nouns = Set<string> & { verbs?: ReadonlySet<string> };
const ADVERB = /^(?:forever|together|alone|away|home|today|tonight|tomorrow|yesterday|always|often|already|instead|anyway|too|enough|[a-z]+ly)$/;
const isDeterminer = (t: Token) => ARTICLE.has(t.lower) || PRONOUN_DET.has(t.lower) || t.lower === 'of' || isPossessive(t);

/** Content words after each determiner, up to three, stopping at punctuation. */
function bodies(ts: readonly Token[]): Array<{ det: Token; body: Token[] }> {
  const out: Array<{ det: Token; body: Token[] }> = [];
  for (let i = 0; i < ts.length; i += 1) {
    if (!isDeterminer(ts[i]!) || ts[i]!.gap) continue;
    const body: Token[] = [];
    for (let j = i + 1; j < ts.length && body.length < 3 && contentWord(ts[j]!); j += 1) {
      body.push(ts[j]!);
      if (ts[j]!.gap) break;
    }
    if (body.length) out.push({ det: ts[i]!, body });
  }
  return out;
}

/**
 * Words the sermon uses as nouns: a lone word after a determiner ("the shepherd does"), and the
 * last of several when the one before it is not itself such a noun ("the dark valley", not
 * "the shepherd provides").
 */
export function nounsOf(sentences: readonly Sentence[]): Nouns {
  const lone = new Set<string>();
  const verbs = new Set<string>();
  const found = sentences.map((s) => bodies(tokens(s.text)));
  // Verbs the sermon shows as verbs ("to provide", "we fill"), so "provides" after a noun is one.
  for (const s of sentences) {
    for (const m of s.text.toLowerCase().matchAll(/\b(?:to|i|you|we|they|will|can|must|should|would|could|may|might|did|do|not|never)\s+([a-z]{3,})\b/g)) verbs.add(m[1]!);
  }
  // A body ends where a verb starts ("God's love | fills us", "a changed heart | shows").
  const cut = found.map((list) => list.map(({ det, body }) => {
    const k = body.findIndex((t, i) => i > 0 && /[^s]s$/.test(t.lower) && (isVerb(t.lower, verbs) || SINGULAR.has(det.lower)));
    return k > 0 ? body.slice(0, k) : body;
  }));
  for (const list of cut) for (const body of list) if (body.length === 1 && !ADVERB.test(body[0]!.lower)) lone.add(stemmed(body[0]!.lower));
  const nouns: Nouns = Object.assign(new Set(lone), { verbs });
  for (const list of cut) {
    for (const body of list) {
      if (body.length < 2) continue;
      const last = body[body.length - 1]!.lower;
      if (lone.has(stemmed(body[body.length - 2]!.lower)) || ADVERB.test(last)) continue;
      nouns.add(stemmed(last));
    }
  }
  return nouns;
}

/** Drops a trailing verb or adverb: "the shepherd provides (rest)" → "the shepherd". */
function trimTail(body: Token[], nouns: Nouns, det?: Token): Token[] {
  // A noun followed by an -s verb or by a name starts a new clause ("the valley David starts");
  // after "a"/"every", an -s word is a verb ("a changed heart shows").
  const singular = det !== undefined && SINGULAR.has(det.lower);
  const cut = body.findIndex((t, k) => k > 0 && (((nouns.has(stemmed(body[k - 1]!.lower)) || singular || isVerb(t.lower, nouns.verbs)) && /[^s]s$/.test(t.lower)) || (nouns.has(stemmed(body[k - 1]!.lower)) && /^[A-Z]/.test(t.raw) && /^[a-z]/.test(body[k - 1]!.raw))));
  const out = cut > 0 ? body.slice(0, cut) : [...body];
  while (out.length >= 2) {
    const last = out[out.length - 1]!.lower;
    if (ADVERB.test(last) || (/[^s]s$/.test(last) && nouns.has(stemmed(out[out.length - 2]!.lower)))) out.pop();
    else break;
  }
  return out;
}

/** Noun phrases of the sentences, in order of appearance (repeats included). */
export function nounPhrases(sentences: readonly Sentence[], nouns: Nouns): NounPhrase[] {
  const out: NounPhrase[] = [];
  for (const s of sentences) {
    const ts = tokens(s.text);
    for (let i = 0; i < ts.length; i += 1) {
      const det = ts[i]!;
      const possessive = isPossessive(det);
      const article = ARTICLE.has(det.lower);
      let body: Token[] = [];
      let j = i + 1;
      if (article || possessive) {
        if (det.gap) continue;
        while (j < ts.length && body.length < 3 && contentWord(ts[j]!)) {
          body.push(ts[j]!);
          j += 1;
          if (ts[j - 1]!.gap) break;
        }
        const trimmed = trimTail(body, nouns, det);
        if (trimmed.length < body.length) { body = trimmed; j = i + 1 + body.length; }
      } else {
        // A bare adjective-noun pair ("patient love") that starts a phrase of its own.
        const next = ts[i + 1];
        if (!contentWord(det) || det.gap || !next || !contentWord(next) || /[^s]s$/.test(next.lower) || ADVERB.test(next.lower) || nouns.has(stemmed(det.lower))) continue;
        if (i > 0 && contentWord(ts[i - 1]!) && !ts[i - 1]!.gap) continue;
        body = [det, next];
        j = i + 2;
      }
      if (body.length === 0 || !nouns.has(stemmed(body[body.length - 1]!.lower))) continue;
      let words = article || possessive ? [det, ...body] : body;
      // "the table of grace", "the valley of the shadow of death"
      const last = ts[j - 1]!;
      if (!last.gap && ts[j]?.lower === 'of' && !ts[j]!.gap) {
        let k = j + 1;
        const tail: Token[] = [ts[j]!];
        if (k < ts.length && (ARTICLE.has(ts[k]!.lower) || isPossessive(ts[k]!)) && !ts[k]!.gap) tail.push(ts[k++]!);
        let n = 0;
        while (k < ts.length && n < 2 && contentWord(ts[k]!)) { tail.push(ts[k]!); n += 1; if (ts[k]!.gap) break; k += 1; }
        while (n >= 2 && trimTail(tail.slice(-2), nouns).length < 2) { tail.pop(); n -= 1; }
        if (n > 0 && words.length + tail.length <= 6) words = [...words, ...tail];
      }
      const contents = words.filter(contentWord);
      if (contents.every((w) => BLAND.has(w.lower))) continue;
      // A recognition stutter ("the lung lung lung") names nothing.
      if (words.some((w, p) => p > 0 && w.lower === words[p - 1]!.lower)) continue;
      out.push({
        surface: words.map((w, p) => (p === 0 && !/^(?:God|Jesus|Christ|Lord)/.test(w.raw) ? w.lower : w.raw)).join(' '),
        key: contents.map((w) => w.lower).join(' '),
        terms: contents.map((w) => stemmed(w.lower)),
        bare: !(article || possessive),
      });
    }
  }
  return out;
}

/**
 * The phrases that best name a passage: words frequent there and rare in the sermon (the
 * passage's own point weighing double), said more than once. A one-word phrase must recur or be
 * in the point. Best first, one per key.
 */
export function rankPhrases(phrases: readonly NounPhrase[], tf: Map<string, number>, idf: Map<string, number>, favoured: ReadonlySet<string> = new Set()): NounPhrase[] {
  const seen = new Map<string, { p: NounPhrase; count: number; order: number }>();
  phrases.forEach((p, order) => {
    const cur = seen.get(p.key);
    if (cur) cur.count += 1;
    else seen.set(p.key, { p, count: 1, order });
  });
  const scored = [...seen.values()].flatMap(({ p, count, order }) => {
    const weights = p.terms.map((t) => (tf.get(t) ?? 0) * (idf.get(t) ?? 1) * (favoured.has(t) ? 2 : 1));
    if (p.terms.length === 1 && count < 2 && (tf.get(p.terms[0]!) ?? 0) < 2 && !favoured.has(p.terms[0]!)) return [];
    if (p.bare && count < 2) return [];
    const sum = weights.reduce((x, y) => x + y, 0);
    // A repeated longer phrase says more than its head alone ("a table of grace" over "a table").
    const inLonger = p.terms.length === 1 && [...seen.values()].some((o) => o.count >= 2 && o.p.terms.length > 1 && o.p.terms.includes(p.terms[0]!));
    return [{ p, order, score: (sum / Math.sqrt(weights.length)) * (1 + 0.5 * (count - 1)) * (inLonger ? 0.5 : 1) }];
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((x) => x.p);
}

/** "the dark valley" → "The Dark Valley"; "a table of grace" → "Table of Grace". */
export function phraseTitle(surface: string): string {
  const t = surface.replace(/^(?:a|an)\s+/i, '');
  const words = t.split(/\s+/);
  return words.map((w, i) => (i > 0 && /^(?:of|the|a|an|and|in|on)$/i.test(w) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');
}
