// Trains the notice model (`extractive.notices.model.ts`) from the labelled sentences
// (`notices.data.ts`): a logistic regression, deterministic (full-batch AdaGrad from zero, a fixed
// number of steps), so the same data gives the same weights on any machine.
//   node eval/notices.train.ts     writes src/content/generation/extractive.notices.weights.json from eval/notices/sentences.jsonl
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sentenceFeatures, type FeatureSet, type NoticeModel } from '../src/content/generation/extractive.notices.model.ts';
import { readNoticeData, type LabelledSentence } from './notices.data.ts';

export const weightsFile = fileURLToPath(new URL('../src/content/generation/extractive.notices.weights.json', import.meta.url));

/** The shipped model's file: the weights sorted by name, one a line. */
export function weightsJson(model: NoticeModel): string {
  return `${JSON.stringify(model, null, 1)}\n`;
}

export type TrainOptions = {
  features: FeatureSet;
  /** A word feature is kept only when at least this many training sermons use it (a phrase of one sermon is not learned). */
  minSermons: number;
  /** L2 penalty per weight. */
  l2: number;
  /** How much a notice sentence weighs against a sermon sentence in the loss. */
  positiveWeight: number;
  switchCost: number;
  steps: number;
  /** What the model learns to find: the church notices (the shipped model) or the altar calls. */
  target?: 'notice' | 'altar';
};

// Chosen on 01-52 alone (six folds of whole sermons): the words, the cue kinds of the sentence and
// its neighbours, where it stands, how far off the subject; not the rules' own verdicts (with them
// the model copies the rules, which were written on the sermons it learns from).
export const DEFAULT_OPTIONS: TrainOptions = {
  features: { words: true, cues: true, rules: false, neighbours: true, position: false, topic: true },
  minSermons: 4,
  l2: 0.001,
  positiveWeight: 3,
  switchCost: 1,
  steps: 400,
};

/** The data grouped by sermon, in order. */
export function bySermon(data: readonly LabelledSentence[]): Map<string, LabelledSentence[]> {
  const out = new Map<string, LabelledSentence[]>();
  for (const s of data) out.set(s.sermon, [...(out.get(s.sermon) ?? []), s]);
  for (const list of out.values()) list.sort((a, b) => a.index - b.index);
  return out;
}

const LEXICAL = /^(?:w|b):/;
const round = (x: number) => Math.round(x * 1e4) / 1e4;

// Features by sermon and feature set, computed once (the folds train many models on the same sermons).
const cache = new WeakMap<readonly LabelledSentence[], Map<string, string[][]>>();
export function featuresOf(sentences: readonly LabelledSentence[], set: FeatureSet): string[][] {
  const bySet = cache.get(sentences) ?? new Map<string, string[][]>();
  cache.set(sentences, bySet);
  const key = JSON.stringify(set);
  if (!bySet.has(key)) bySet.set(key, sentenceFeatures(sentences, set));
  return bySet.get(key)!;
}

export function trainNoticeModel(data: readonly LabelledSentence[], options: TrainOptions = DEFAULT_OPTIONS): NoticeModel {
  return trainOnSermons([...bySermon(data).values()], options);
}

/** The model from sermons' sentences (each list one sermon, in order). */
/**
 * Whether a sentence is what the model learns to find (1), the rest of the sermon (0), or the other
 * kind of housekeeping, which neither counts (an altar call for the notice model, a notice for the altar model).
 */
export function targetOf(label: LabelledSentence['label'], target: 'notice' | 'altar' = 'notice'): 1 | 0 | undefined {
  if (label === target) return 1;
  return label === (target === 'notice' ? 'altar' : 'notice') ? undefined : 0;
}

export function trainOnSermons(sermons: readonly (readonly LabelledSentence[])[], options: TrainOptions): NoticeModel {
  const rows: Array<{ features: string[]; y: number; weight: number }> = [];
  const sermonsUsing = new Map<string, number>();
  for (const sentences of sermons) {
    const features = featuresOf(sentences, options.features);
    const seen = new Set<string>();
    sentences.forEach((s, i) => {
      for (const f of features[i]!) seen.add(f);
      // An altar call is neither a notice nor the sermon: housekeeping by its own rule (and a
      // notice, for the altar model, is the notice model's).
      const y = targetOf(s.label, options.target);
      if (y === undefined) return;
      rows.push({ features: features[i]!, y, weight: y ? options.positiveWeight : 1 });
    });
    for (const f of seen) sermonsUsing.set(f, (sermonsUsing.get(f) ?? 0) + 1);
  }
  const kept = [...sermonsUsing].filter(([f, n]) => !LEXICAL.test(f) || n >= options.minSermons).map(([f]) => f).sort();
  const index = new Map(kept.map((f, i) => [f, i]));
  const encoded = rows.map((r) => ({ ...r, ids: r.features.flatMap((f) => (index.has(f) ? [index.get(f)!] : [])) }));
  const w = new Float64Array(kept.length);
  const squares = new Float64Array(kept.length);
  const total = encoded.reduce((t, r) => t + r.weight, 0);
  const bias = index.get('bias');
  for (let step = 0; step < options.steps; step += 1) {
    const gradient = new Float64Array(kept.length);
    for (const r of encoded) {
      let z = 0;
      for (const id of r.ids) z += w[id]!;
      const p = 1 / (1 + Math.exp(-z));
      const g = (r.weight * (p - r.y)) / total;
      for (const id of r.ids) gradient[id] = gradient[id]! + g;
    }
    for (let k = 0; k < kept.length; k += 1) {
      const g = gradient[k]! + (k === bias ? 0 : options.l2 * w[k]!);
      squares[k] = squares[k]! + g * g;
      w[k] = w[k]! - (0.5 * g) / Math.sqrt(squares[k]! + 1e-8);
    }
  }
  const weights: Record<string, number> = {};
  kept.forEach((f, k) => {
    if (f !== 'bias' && Math.abs(w[k]!) >= 1e-3) weights[f] = round(w[k]!);
  });
  return { features: options.features, bias: round(w[bias ?? 0] ?? 0), weights, switchCost: options.switchCost };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const model = trainNoticeModel(readNoticeData());
  fs.writeFileSync(weightsFile, weightsJson(model));
  process.stderr.write(`${Object.keys(model.weights).length} weights → ${weightsFile}\n`);
}
