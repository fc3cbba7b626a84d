// The notice model judged on sermons it was not trained on (ADR 0016, "Session 13: notices
// learned"): whole sermons left out, the model trained on the rest, its sentences compared with the
// labels and with the hand-written rules' on the same held-out sermons.
//   node eval/notices.folds.ts            leave-one-sermon-out over 01-52, then 01-60 → 61-68, 01-52 → 53-68, 01-52 → 53-60 and 01-44 → 45-60
import { isAltarCall, welcomeSentences } from '../src/content/generation/extractive.discourse.ts';
import { churchNotices, learnedNotices, noticeLogOdds, noticeRuns, type NoticeModel, type Veto } from '../src/content/generation/extractive.notices.model.ts';
import { noticePassages } from '../src/content/generation/extractive.notices.ts';
import { readNoticeData, tuningSermons, type LabelledSentence } from './notices.data.ts';
import { propertiesWith } from './notices.generate.ts';
import { PROPERTIES, type PropertyName, type PropertyResult } from './eval.properties.ts';
import { bySermon, DEFAULT_OPTIONS, featuresOf, targetOf, trainOnSermons, type TrainOptions } from './notices.train.ts';

export type Decider = (sentences: readonly LabelledSentence[]) => Set<number>;

/** The hand-written rules: the notice passages and the welcome (as the content step's housekeeping has them). */
export const rulesDecide: Decider = (sentences) => new Set([...noticePassages(sentences), ...welcomeSentences(sentences)]);
const rulesCache = new WeakMap<readonly LabelledSentence[], Set<number>>();
const rulesOf: Decider = (sentences) => {
  if (!rulesCache.has(sentences)) rulesCache.set(sentences, rulesDecide(sentences));
  return rulesCache.get(sentences)!;
};
const learnedWith = (model: NoticeModel, sentences: readonly LabelledSentence[]) => noticeRuns(noticeLogOdds(model, featuresOf(sentences, model.features)), model.switchCost).flatMap((n, i) => (n ? [i] : []));
export const modelDecide = (model: NoticeModel): Decider => (sentences) => new Set(learnedWith(model, sentences));
export const unionDecide = (model: NoticeModel): Decider => (sentences) => new Set([...rulesOf(sentences), ...learnedWith(model, sentences)]);

export type Score = { tp: number; fp: number; fn: number; sermonsClean: number; sermonsWithNotices: number; sermonsNoFalse: number; sermons: number; misses: string[]; falses: string[] };

/** Sentence precision and recall of notices (altar calls not counted), and per sermon: every notice sentence caught, no sermon sentence taken. */
export function score(sermons: ReadonlyMap<string, readonly LabelledSentence[]>, decide: (id: string, sentences: readonly LabelledSentence[]) => Set<number>, target: 'notice' | 'altar' = 'notice'): Score {
  const out: Score = { tp: 0, fp: 0, fn: 0, sermonsClean: 0, sermonsWithNotices: 0, sermonsNoFalse: 0, sermons: 0, misses: [], falses: [] };
  for (const [id, sentences] of sermons) {
    const taken = decide(id, sentences);
    let fn = 0;
    let fp = 0;
    sentences.forEach((s, i) => {
      const y = targetOf(s.label, target);
      if (y === undefined) return;
      const notice = y === 1;
      if (notice && taken.has(i)) out.tp += 1;
      if (notice && !taken.has(i)) {
        fn += 1;
        out.misses.push(`${id}#${i} ${s.text.slice(0, 90)}`);
      }
      if (!notice && taken.has(i)) {
        fp += 1;
        out.falses.push(`${id}#${i} ${s.text.slice(0, 90)}`);
      }
    });
    out.fn += fn;
    out.fp += fp;
    out.sermons += 1;
    if (sentences.some((s) => s.label === target)) {
      out.sermonsWithNotices += 1;
      if (fn === 0) out.sermonsClean += 1;
    }
    if (fp === 0) out.sermonsNoFalse += 1;
  }
  return out;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)} %` : '-');
export function describe(s: Score): string {
  return `precision ${pct(s.tp, s.tp + s.fp)} (${s.fp} sermon sentences taken), recall ${pct(s.tp, s.tp + s.fn)} (${s.fn} of ${s.tp + s.fn} missed) | every notice caught ${s.sermonsClean}/${s.sermonsWithNotices}, no sermon sentence taken ${s.sermonsNoFalse}/${s.sermons}`;
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => String(from + k).padStart(2, '0'));
// Trained on the sermons before the held-out ones (the universe), tested on those.
const TRAIN_01_60_TEST_61_68: [string, string[], string[][]] = ['train 01-60, test 61-68', ids(1, 68), [ids(61, 68)]];
const TRAIN_01_52_TEST_53_68: [string, string[], string[][]] = ['train 01-52, test 53-68', ids(1, 68), [ids(53, 68)]];
const pick = (sermons: ReadonlyMap<string, LabelledSentence[]>, keep: readonly string[]) => new Map([...sermons].filter(([id]) => keep.includes(id)));

/** Each held-out sermon decided by a model trained without it (folds: lists of held-out ids). */
export function outOfFold(sermons: ReadonlyMap<string, LabelledSentence[]>, folds: readonly (readonly string[])[], options: TrainOptions, combine: (m: NoticeModel) => Decider): Map<string, NoticeModel> & { decide: (id: string, s: readonly LabelledSentence[]) => Set<number> } {
  const models = new Map<string, NoticeModel>();
  for (const fold of folds) {
    const model = trainOnSermons([...sermons].filter(([id]) => !fold.includes(id)).map(([, s]) => s), options);
    for (const id of fold) models.set(id, model);
  }
  return Object.assign(models, { decide: (id: string, s: readonly LabelledSentence[]) => combine(models.get(id)!)(s) });
}

const VETO_SETS: Veto[][] = [['teaches', 'handover'], ['teaches', 'handover', 'dayBeside']];
const ALL_FEATURES = { words: true, cues: true, rules: true, neighbours: true, position: true, topic: true };
export const VARIANTS: Array<[string, Partial<TrainOptions['features']>]> = [
  ['words, position', { cues: false, rules: false, neighbours: false, topic: false }],
  ['words, position, topic', { cues: false, rules: false, neighbours: false }],
  ['words, cues, neighbours, position, topic', { rules: false }],
  ['words, cues, neighbours, topic', { rules: false, position: false }],
  ['words, cues, neighbours', { rules: false, position: false, topic: false }],
  ['cues, rules, neighbours, position, topic (no words)', { words: false }],
  ['all', {}],
];

function report(all: Map<string, LabelledSentence[]>, base: TrainOptions, variants: typeof VARIANTS) {
  const splits: Array<[string, string[], string[][]]> = [
    ...(process.env.NOTICES_LOSO === '0' ? [] : ([['leave one sermon out, 01-52 (the rules were written on these)', ids(1, 52), ids(1, 52).map((id) => [id])]] as Array<[string, string[], string[][]]>)),
    TRAIN_01_60_TEST_61_68,
    TRAIN_01_52_TEST_53_68,
    ['train 01-52, test 53-60', ids(1, 60), [ids(53, 60)]],
    ['train 01-44, test 45-60', ids(1, 60), [ids(45, 60)]],
  ];
  for (const [name, universe, folds] of splits) {
    const sermons = pick(all, universe);
    const held = pick(all, folds.flat());
    process.stdout.write(`\n## ${name}\nrules: ${describe(score(held, (_, s) => rulesOf(s)))}\n`);
    for (const [variant, features] of variants) {
      const options = { ...base, features: { ...ALL_FEATURES, ...features } };
      const oof = outOfFold(sermons, folds, options, modelDecide);
      process.stdout.write(`model (${variant}): ${describe(score(held, oof.decide))}\n`);
      process.stdout.write(`rules or model (${variant}): ${describe(score(held, (id, s) => new Set([...rulesOf(s), ...oof.decide(id, s)])))}\n`);
      for (const vetoes of VETO_SETS) process.stdout.write(`rules or model less ${vetoes.join(', ')} (${variant}): ${describe(score(held, (id, s) => new Set([...welcomeSentences(s), ...churchNotices(s, oof.get(id)!, vetoes)])))}\n`);
    }
  }
}

// Settings chosen on 01-52 alone: six folds of whole sermons (every sixth sermon held out together).
function sweep(all: Map<string, LabelledSentence[]>) {
  const sermons = pick(all, ids(1, 52));
  const folds = Array.from({ length: 6 }, (_, f) => ids(1, 52).filter((_, k) => k % 6 === f));
  for (const [variant, features] of VARIANTS)
    for (const positiveWeight of [1, 3, 10])
      for (const l2 of [0.001, 0.01, 0.03])
        for (const minSermons of [2, 4]) {
          const options = { ...DEFAULT_OPTIONS, features: { ...ALL_FEATURES, ...features }, positiveWeight, l2, minSermons };
          const oof = outOfFold(sermons, folds, options, modelDecide);
          for (const switchCost of [0, 1, 2, 3]) {
            const s = score(sermons, (id, x) => new Set(learnedWith({ ...oof.get(id)!, switchCost }, x)));
            process.stdout.write(`${variant} | pw ${positiveWeight} l2 ${l2} min ${minSermons} switch ${switchCost}: tp ${s.tp} fp ${s.fp} fn ${s.fn} clean ${s.sermonsClean} nofalse ${s.sermonsNoFalse}\n`);
          }
        }
}

// The eval's properties of each held-out sermon with the fold's model, beside the rules'.
async function properties(all: Map<string, LabelledSentence[]>, base: TrainOptions, variants: typeof VARIANTS, splits: Array<[string, string[], string[][]]>) {
  const sermons = new Map(tuningSermons().map((s) => [s.id, s]));
  const line = (name: string, rows: Map<string, Record<PropertyName, PropertyResult>>) => {
    const pass = (p: PropertyName) => [...rows.values()].filter((r) => r[p].pass).length;
    const titles = [...rows.values()].reduce((t, r) => [t[0]! + (r.titles.counted?.passed ?? 0), t[1]! + (r.titles.counted?.of ?? 0)], [0, 0]);
    const failing = [...rows].filter(([, r]) => !r.announcements.pass).map(([id]) => id);
    return `${name}: ${PROPERTIES.map((p) => `${p} ${pass(p)}/${rows.size}`).join(', ')} (titles ${titles[0]} of ${titles[1]}); announcements fail on ${failing.join(' ') || 'none'}\n`;
  };
  for (const [name, universe, folds] of splits) {
    const data = pick(all, universe);
    const held = folds.flat().map((id) => sermons.get(id)!);
    process.stdout.write(`\n## ${name}\n`);
    process.stdout.write(line('rules', await propertiesWith(held, () => noticePassages)));
    for (const [variant, features] of variants) {
      const oof = outOfFold(data, folds, { ...base, features: { ...ALL_FEATURES, ...features } }, modelDecide);
      const model = (id: string) => (sentences: readonly { text: string }[]) => learnedNotices(sentences, oof.get(id)!);
      process.stdout.write(line(`model (${variant})`, await propertiesWith(held, model)));
      process.stdout.write(line(`rules or model (${variant})`, await propertiesWith(held, (id) => (sentences) => new Set([...noticePassages(sentences), ...model(id)(sentences)]))));
      for (const vetoes of VETO_SETS) process.stdout.write(line(`rules or model less ${vetoes.join(', ')} (${variant})`, await propertiesWith(held, (id) => (sentences) => churchNotices(sentences, oof.get(id)!, vetoes))));
    }
  }
}

// The altar calls learned the same way (NOTICES_TARGET=altar): each held-out sermon's altar sentences
// against the altar-call rule's, then the eval's properties with the fold's altar runs taken as
// housekeeping beside the product's notices.
async function altar(all: Map<string, LabelledSentence[]>, base: TrainOptions, variants: typeof VARIANTS) {
  const splits: Array<[string, string[], string[][]]> = [
    TRAIN_01_60_TEST_61_68,
    TRAIN_01_52_TEST_53_68,
    ['leave one sermon out, 01-68', ids(1, 68), ids(1, 68).map((id) => [id])],
  ];
  const sermons = new Map(tuningSermons().map((s) => [s.id, s]));
  for (const [name, universe, folds] of splits) {
    const data = pick(all, universe);
    const held = pick(all, folds.flat());
    const rule = (_: string, s: readonly LabelledSentence[]) => new Set(s.flatMap((x, i) => (isAltarCall(x.text) ? [i] : [])));
    process.stdout.write(`\n## altar calls, ${name}\nrule: ${describe(score(held, rule, 'altar'))}\n`);
    for (const [variant, features] of variants) {
      const oof = outOfFold(data, folds, { ...base, target: 'altar', features: { ...ALL_FEATURES, ...features } }, modelDecide);
      process.stdout.write(`model (${variant}): ${describe(score(held, oof.decide, 'altar'))}\n`);
      process.stdout.write(`rule or model (${variant}): ${describe(score(held, (id, s) => new Set([...rule(id, s), ...oof.decide(id, s)]), 'altar'))}\n`);
      if (process.env.NOTICES_PROPERTIES !== '1' || folds.length > 2) continue;
      const heldSermons = folds.flat().filter((id) => sermons.get(id)!.altarCalls.length).map((id) => sermons.get(id)!);
      const rows = await propertiesWith(heldSermons, (id) => (sentences) => new Set([...churchNotices(sentences), ...learnedNotices(sentences, oof.get(id)!)]));
      const before = await propertiesWith(heldSermons, () => undefined);
      const count = (r: typeof rows) => [...r.values()].filter((x) => x.altar.pass).length;
      const other = (r: typeof rows) => PROPERTIES.filter((p) => p !== 'altar').map((p) => `${p} ${[...r.values()].filter((x) => x[p].pass).length}`).join(', ');
      process.stdout.write(`  properties of the ${heldSermons.length} held-out sermons with an altar call: altar ${count(before)} → ${count(rows)}; others before ${other(before)}; after ${other(rows)}\n`);
    }
  }
}

if (process.argv[1]?.endsWith('notices.folds.ts')) {
  const all = bySermon(readNoticeData());
  const base = { ...DEFAULT_OPTIONS, positiveWeight: Number(process.env.NOTICES_PW ?? DEFAULT_OPTIONS.positiveWeight), switchCost: Number(process.env.NOTICES_SWITCH ?? DEFAULT_OPTIONS.switchCost) };
  const variants = process.env.NOTICES_VARIANTS ? VARIANTS.filter(([v]) => process.env.NOTICES_VARIANTS!.split(';').includes(v)) : VARIANTS;
  if (process.env.NOTICES_TARGET === 'altar') await altar(all, base, variants);
  else if (process.env.NOTICES_SWEEP === '1') sweep(all);
  else if (process.env.NOTICES_PROPERTIES === '1')
    await properties(all, DEFAULT_OPTIONS, VARIANTS.filter(([v]) => (process.env.NOTICES_VARIANTS ?? 'all').split(';').includes(v)), [
      TRAIN_01_60_TEST_61_68,
      ['train 01-52, test 53-60', ids(1, 60), [ids(53, 60)]],
      ['train 01-44, test 45-60', ids(1, 60), [ids(45, 60)]],
      ...(process.env.NOTICES_LOSO === '1' ? ([['leave one sermon out, 01-52', ids(1, 52), ids(1, 52).map((id) => [id])]] as Array<[string, string[], string[][]]>) : []),
    ]);
  else report(all, base, variants);
}
