// Church notices by a model learned from the annotated sermons (ADR 0016, "Session 13: notices
// learned"): a logistic regression over each sentence's words (numbers, days, months and clock
// times as their classes), the hand-written notice cues (`extractive.notices.ts`) and those of its
// neighbours, and where it stands in the sermon; then one decision for each run of sentences (two
// states, notice and sermon, a cost for each change between them), so that a sermon sentence in
// the middle of the notices and one notice line inside the sermon are decided with their neighbours.
// The weights are trained by `eval/notices.train.ts` from `eval/notices/sentences.jsonl`.
import fs from 'node:fs';
import { contentTerms } from './extractive.text.ts';
import { hasNoticeCue, isAnnouncement, NOTICE_HEADER, noticeCues, noticePassages, teaches } from './extractive.notices.ts';

/** Which families of features a model reads (the training script compares them). */
export type FeatureSet = { words: boolean; cues: boolean; rules: boolean; neighbours: boolean; position: boolean; topic: boolean };

export type NoticeModel = {
  features: FeatureSet;
  bias: number;
  weights: Record<string, number>;
  /** The cost, in log-odds, of changing between sermon and notices from one sentence to the next. */
  switchCost: number;
};

const DAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$/;
const MONTH = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/;

/** A sentence's words, numbers and times as their classes ("#num", "#time", "#day", "#month", "#ord"). */
export function noticeTokens(text: string): string[] {
  const raw = text.toLowerCase().replace(/[’‘]/g, "'").match(/\d+(?:[:.]\d+)?(?:st|nd|rd|th|am|pm|a\.m|p\.m)?|[a-z]+(?:'[a-z]+)?/g) ?? [];
  return raw.map((w) => {
    if (/^\d/.test(w)) return /[:.]|[ap]\.?m$/.test(w) ? '#time' : /(?:st|nd|rd|th)$/.test(w) ? '#ord' : '#num';
    if (DAY.test(w)) return '#day';
    if (MONTH.test(w) && w !== 'may' && w !== 'march') return '#month';
    return w;
  });
}

// The word features: unigrams and bigrams (the sentence's start a word too).
function wordFeatures(text: string): string[] {
  const tokens = noticeTokens(text);
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    out.add(`w:${t}`);
    out.add(`b:${i === 0 ? '<s>' : tokens[i - 1]}_${t}`);
  });
  return [...out];
}

// The hand-written evidence of one sentence: its cue kinds, how many, a header, and whether it teaches.
function cueFeatures(text: string): string[] {
  const cues = noticeCues(text);
  const out = [...cues].map((c) => `cue:${c}`);
  const others = [...cues].filter((c) => c !== 'aside').length;
  out.push(`cues:${Math.min(others, 3)}`);
  if (NOTICE_HEADER.test(text)) out.push('header');
  if (teaches(text)) out.push('teaches');
  return out;
}

// The rules' own verdicts (`isAnnouncement`, `hasNoticeCue`, `noticePassages`).
function ruleFeatures(text: string, inPassage: boolean): string[] {
  const out: string[] = [];
  if (isAnnouncement(text)) out.push('rule:notice');
  if (hasNoticeCue(text)) out.push('rule:cue');
  if (inPassage) out.push('rule:passage');
  return out;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

function positionFeatures(i: number, n: number, text: string): string[] {
  const at = n <= 1 ? 0 : i / (n - 1);
  const out = [`pos:${at < 0.1 ? 'start' : at > 0.9 ? 'end' : at < 0.3 ? 'early' : at > 0.7 ? 'late' : 'middle'}`];
  if (i < 3) out.push('first3');
  if (i >= n - 3) out.push('last3');
  const length = words(text);
  out.push(`len:${length <= 6 ? 'short' : length <= 15 ? 'medium' : length <= 30 ? 'long' : 'run-on'}`);
  return out;
}

// How far the sentence is off the sermon's subject: the share of its words the sermon says
// nowhere else (beyond the two sentences either side). The notices' car park, rota and coffee are
// said once; the sermon's words come back.
// A subject needs a sermon to be measured against: in a text of fewer sentences every word is said once.
const TOPIC_REACH = 2;
const TOPIC_MIN_SENTENCES = 12;
function topicFeatures(sentences: readonly { text: string }[]): string[][] {
  if (sentences.length < TOPIC_MIN_SENTENCES) return sentences.map(() => []);
  const terms = sentences.map((s) => [...new Set(contentTerms(s.text))]);
  const count = new Map<string, number>();
  for (const ts of terms) for (const t of ts) count.set(t, (count.get(t) ?? 0) + 1);
  const shares = terms.map((ts, i) => {
    if (!ts.length) return undefined;
    const near = new Map<string, number>();
    for (let k = Math.max(0, i - TOPIC_REACH); k <= Math.min(terms.length - 1, i + TOPIC_REACH); k += 1) for (const t of terms[k]!) near.set(t, (near.get(t) ?? 0) + 1);
    return ts.filter((t) => count.get(t)! > near.get(t)!).length / ts.length;
  });
  const bin = (x: number | undefined) => (x === undefined ? 'none' : x < 0.2 ? 'off' : x < 0.5 ? 'loose' : x < 0.8 ? 'near' : 'on');
  return shares.map((x, i) => {
    const around = shares.slice(Math.max(0, i - 1), i + 2).filter((v): v is number => v !== undefined);
    const mean = around.length ? around.reduce((a, b) => a + b, 0) / around.length : undefined;
    return [`topic:${bin(x)}`, `topic3:${bin(mean)}`];
  });
}

/** Each sentence's features, by the model's feature families. */
export function sentenceFeatures(sentences: readonly { text: string }[], set: FeatureSet): string[][] {
  const passages = set.rules ? noticePassages(sentences) : new Set<number>();
  const own = sentences.map((s, i) => [...(set.cues ? cueFeatures(s.text) : []), ...(set.rules ? ruleFeatures(s.text, passages.has(i)) : [])]);
  const topic = set.topic ? topicFeatures(sentences) : [];
  return sentences.map((s, i) => {
    const out = ['bias', ...own[i]!, ...(topic[i] ?? [])];
    if (set.words) out.push(...wordFeatures(s.text));
    if (set.position) out.push(...positionFeatures(i, sentences.length, s.text));
    if (set.neighbours) {
      for (const d of [-2, -1, 1, 2]) {
        const near = own[i + d];
        if (near) out.push(...near.map((f) => `${d > 0 ? `n${d}` : `p${-d}`}:${f}`));
        else out.push(`${d > 0 ? `n${d}` : `p${-d}`}:none`);
      }
    }
    return out;
  });
}

/** Log-odds that each sentence is a notice, sentence by sentence. */
export function noticeLogOdds(model: NoticeModel, features: readonly string[][]): number[] {
  return features.map((fs) => fs.reduce((t, f) => t + (f === 'bias' ? model.bias : (model.weights[f] ?? 0)), 0));
}

/**
 * The runs of notices: the most likely sequence of two states (notice, sermon) given each
 * sentence's log-odds, a change of state costing `switchCost` (Viterbi over sentences).
 */
export function noticeRuns(logOdds: readonly number[], switchCost: number): boolean[] {
  if (!logOdds.length) return [];
  // best[s]: the best score of a sequence ending in state s (0 sermon, 1 notice); from[t][s] its previous state.
  let best = [0, logOdds[0]!];
  const from: Array<[number, number]> = [[0, 1]];
  for (let t = 1; t < logOdds.length; t += 1) {
    const stay0 = best[0]!;
    const move0 = best[1]! - switchCost;
    const stay1 = best[1]!;
    const move1 = best[0]! - switchCost;
    from.push([stay0 >= move0 ? 0 : 1, stay1 >= move1 ? 1 : 0]);
    best = [Math.max(stay0, move0), Math.max(stay1, move1) + logOdds[t]!];
  }
  const out = new Array<boolean>(logOdds.length).fill(false);
  let state = best[1]! > best[0]! ? 1 : 0;
  for (let t = logOdds.length - 1; t >= 0; t -= 1) {
    out[t] = state === 1;
    state = from[t]![state]!;
  }
  return out;
}

/** The sentences the model takes for church notices. */
export function learnedNotices(sentences: readonly { text: string }[], model: NoticeModel): Set<number> {
  const runs = noticeRuns(noticeLogOdds(model, sentenceFeatures(sentences, model.features)), model.switchCost);
  return new Set(runs.flatMap((notice, i) => (notice ? [i] : [])));
}

/** The shipped model, trained on the tuning sermons' sentences (`eval/notices.train.ts`). */
export const NOTICE_MODEL: NoticeModel = JSON.parse(fs.readFileSync(new URL('./extractive.notices.weights.json', import.meta.url), 'utf8')) as NoticeModel;

// What the cues' rules say is the sermon's, and the model may not take: a sentence that teaches (God
// named, the story told, a scripture); the sentence before a hand-over into the notices ("…. I have
// just been handed a note"); a day or a time alone beside the notices ("We pray on Sunday and worry
// on Monday.").
export type Veto = 'teaches' | 'handover' | 'dayBeside';
const VETO: Record<Veto, (sentences: readonly { text: string }[], i: number, rules: ReadonlySet<number>) => boolean> = {
  teaches: (sentences, i) => teaches(sentences[i]!.text),
  handover: (sentences, i) => NOTICE_HEADER.test(sentences[i + 1]?.text ?? '') && !NOTICE_HEADER.test(sentences[i]!.text),
  dayBeside: (sentences, i, rules) => {
    const cues = noticeCues(sentences[i]!.text);
    return cues.size === 1 && cues.has('when') && (rules.has(i - 1) || rules.has(i + 1));
  },
};
export const VETOES: readonly Veto[] = ['teaches', 'handover', 'dayBeside'];
const VETOED = 1e6;

/**
 * The church notices: the hand-written cues' passages (`noticePassages`) and the runs the learned
 * model finds, less what the rules say is the sermon's (`VETOES`). Out of fold (trained on 01-52,
 * tested on 53-60) the model finds notice sentences the cues miss and adds no sermon sentence
 * (ADR 0016, "Session 13: notices learned").
 */
export function churchNotices(sentences: readonly { text: string }[], model: NoticeModel = NOTICE_MODEL, vetoes: readonly Veto[] = VETOES): Set<number> {
  const rules = noticePassages(sentences);
  // A sentence the rules keep for the sermon is the sermon's before the runs are drawn, so that it also breaks a run.
  const logOdds = noticeLogOdds(model, sentenceFeatures(sentences, model.features)).map((x, i) => (!rules.has(i) && vetoes.some((veto) => VETO[veto](sentences, i, rules)) ? -VETOED : x));
  const learned = noticeRuns(logOdds, model.switchCost).flatMap((notice, i) => (notice ? [i] : []));
  return withinNotices(new Set([...rules, ...learned]), sentences);
}

// The notices are read as one block: a sentence or two between two notices ("Okay, phones away, and
// thank you.") are the block's, and so is what follows a notice among a sermon's last sentences
// (the sermon is over; the last five, or tenth of a short text). On the labelled 01-92 this finds 10 more notice sentences and takes no
// sermon sentence.
const NOTICE_GAP = 2;
const NOTICES_LAST = 5;
export function withinNotices(notices: ReadonlySet<number>, sentences: readonly { text: string }[]): Set<number> {
  const out = new Set(notices);
  // (A sentence that teaches, the sermon resumed between two notices, stays the sermon's.)
  const take = (i: number) => !teaches(sentences[i]!.text) && out.add(i);
  const sorted = [...notices].sort((a, b) => a - b);
  sorted.forEach((at, k) => {
    const next = sorted[k + 1];
    if (next !== undefined && next - at - 1 <= NOTICE_GAP) for (let i = at + 1; i < next; i += 1) take(i);
  });
  const count = sentences.length;
  const last = sorted.at(-1);
  if (last !== undefined && last >= count - Math.min(NOTICES_LAST, Math.ceil(count / 10))) for (let i = last + 1; i < count; i += 1) take(i);
  return out;
}
