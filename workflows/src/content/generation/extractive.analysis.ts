// Reads a transcript into sections anchored on the scriptures the preacher cites, each with its
// salient sentences (TextRank over TF-IDF) and key phrase. Deterministic: same text, same result.
import { distinctReferences, findScriptureReferences, type ScriptureReference } from '../scripture/scripture.references.ts';
import type { Citation } from '../scripture/scripture.identify.ts';
import { at, contentTerms, cosine, idfOf, isStopword, keyPhrases, textRank, tfidf, type Sentence, type Vector } from './extractive.text.ts';
import { readSentences } from './extractive.reading.ts';
import { altarCallSentences, announcedPoint, bareOrdinalStep, instructionClauses, isBareOrdinalPoint, isHousekeeping, isPointPreview, isInstruction, leansBack, passageTerms, pointRank, prayerSentences, pointStatementOf, readsPassage, welcomeSentences } from './extractive.discourse.ts';
import { churchNotices } from './extractive.notices.model.ts';
import { nounPhrases, nounsOf, rankPhrases, type NounPhrase, type Nouns } from './extractive.phrases.ts';

export type Section = {
  sentences: Sentence[];
  /** The preacher's own statement of the point ("love is patient with people"), when announced. */
  statement?: string;
  /** Sentences that say the point (the announcement, and the next one after "is simple."). */
  statementIndexes: number[];
  /** Noun phrases naming the section, best first. */
  nounPhrases: NounPhrase[];
  /** Sentences by salience, best first. */
  ranked: Sentence[];
  phrase: string;
  phrases: string[];
  /** The scripture this section is about: cited in it, else the nearest citation; none when the sermon cites none. */
  scripture?: ScriptureReference;
  /** True when `scripture` is cited inside the section (a main point shows only its own passage). */
  citesScripture: boolean;
  /** Other citations inside the section. */
  otherScriptures: ScriptureReference[];
};

export type SermonAnalysis = {
  sentences: Sentence[];
  references: ScriptureReference[];
  distinct: ScriptureReference[];
  globalRank: Sentence[];
  themePhrases: string[];
  sections: Section[];
  idf: Map<string, number>;
  /** Housekeeping sentences and the preacher reading the passage aloud: never content. */
  skip: Set<number>;
  housekeeping: Set<number>;
  readings: Set<number>;
  /** Words the sermon uses as nouns (stemmed). */
  nouns: Nouns;
  /** Words the recogniser was unsure of (lower case): kept out of titles and themes. */
  lowConfidence?: ReadonlySet<string>;
  /** Words the recogniser was in doubt of (below `DOUBTFUL`, lower case). */
  doubtful?: ReadonlySet<string>;
  /** The text of the verified passages the sermon cites: their words may head a point. */
  passageTexts?: readonly string[];
  /** Words the recogniser never hears right, as the quoted passages have them ("race" → "grace"). */
  swaps?: ReadonlyMap<string, string>;
  /** Noun phrases of the whole sermon, best first. */
  sermonPhrases: NounPhrase[];
};

const ILLUSTRATION_CUES = /\b(i remember|years ago|story|once|imagine|picture|for example|let me tell you|my (?:grandmother|grandfather|father|mother|wife|husband|son|daughter|friend)|when i was)\b/i;

/** A call to action the reader can carry out (an instruction, not a reflection or a prayer). */
export function isApplication(s: Sentence): boolean {
  return isInstruction(s.text) && !isHousekeeping(s.text);
}

/** "Our second point is that love endures" → "love endures". */
export function pointStatement(s: Sentence): string | undefined {
  return announcedPoint(s.text);
}
export function isIllustration(s: Sentence): boolean {
  return ILLUSTRATION_CUES.test(s.text);
}

const MIN_SECTION = 3;
// How much of a sentence a quotation must cover for the sentence to read the passage aloud.
const QUOTED_SHARE = 0.6;

/** Which sentences are church notices (by default the hand-written cues' passages and the learned model's runs). */
export type NoticeFinder = (sentences: readonly { text: string }[]) => Set<number>;

/**
 * `passages`: the cited passages' text by OSIS reference, to recognise the preacher reading them
 * aloud; `notices`: which sentences are church notices.
 */
export function analyseSermon(transcript: string, given?: ScriptureReference[], maxSections = 5, passages: ReadonlyMap<string, string> = new Map(), notices: NoticeFinder = churchNotices): SermonAnalysis {
  const sentences = readSentences(transcript)
    .flatMap((s) => instructionClauses(s.text).map((c) => (c.text === s.text ? s : { ...s, text: c.text, start: s.start + c.offset, end: s.start + c.offset + c.text.length, terms: contentTerms(c.text) })))
    .filter((s) => s.terms.length > 0)
    .map((s, index) => ({ ...s, index }));
  const references = given ?? findScriptureReferences(transcript);
  const distinct = distinctReferences(references);
  const idf = idfOf(sentences.map((s) => s.terms));
  const passageSets = [...passages.values()].map(passageTerms);
  const housekeeping = new Set([...sentences.filter((s) => isHousekeeping(s.text)).map((s) => s.index), ...welcomeSentences(sentences), ...notices(sentences), ...prayerSentences(sentences), ...altarCallSentences(sentences)]);
  // The quotations the scripture step found (a quoted citation's span is the quoted words): a
  // sentence mostly inside one reads the passage aloud, however misheard ("Don't measure, press
  // down, shake and together" for "good measure, pressed down, shaken together").
  const quotations = references.filter((r) => (r as Partial<Citation>).mode === 'quoted');
  const quoted = (s: Sentence) => quotations.some((q) => Math.min(q.end, s.end) - Math.max(q.start, s.start) >= QUOTED_SHARE * (s.end - s.start));
  const readings = new Set(sentences.filter((s) => !housekeeping.has(s.index) && (readsPassage(s.text, passageSets) || quoted(s))).map((s) => s.index));
  const skip = new Set([...housekeeping, ...readings, ...fragments(sentences)]);
  const nouns = nounsOf(sentences);
  const context: Context = { references, idf, housekeeping, nouns };
  const vectors = sentences.map((s) => tfidf(s.terms, idf));
  // Whole-sermon salience by closeness to the sermon's centroid (TextRank is kept for sections,
  // where the graph is small; over a whole hour it costs quadratic time for little gain).
  const sermonCentroid = centroidOf(vectors);
  const globalScores = vectors.map((v) => cosine(v, sermonCentroid));
  const globalRank = rankBy(sentences, globalScores);
  const themePhrases = keyPhrases(sentences, idf, 3);
  const spoken = sentences.filter((s) => !housekeeping.has(s.index) && !readings.has(s.index));
  const sermonPhrases = rankPhrases(nounPhrases(spoken, nouns), termCounts(spoken), idf);
  const base = { sentences, references, distinct, globalRank, themePhrases, idf, skip, housekeeping, readings, nouns, sermonPhrases };
  if (sentences.length === 0) return { ...base, sections: [] };

  // Boundaries where a new scripture is first cited, then merge the most similar neighbours
  // (and any that are too short) until at most `maxSections` remain.
  const firstIndex = (ref: ScriptureReference) => sentences.findIndex((s) => s.end > ref.start);
  let groups: number[][] = [];
  // A preacher who announces points ("our second point is…") marks the sections; otherwise
  // each newly cited scripture starts one.
  const steps = stepsOfCount(sentences);
  const allAnnounced = sentences.filter((s) => (pointStatement(s) !== undefined || steps.has(s.index)) && !isPointPreview(s.text));
  // "My first point is…" outranks a bare "First, …" when the sermon has both.
  const named = allAnnounced.filter((s) => !isBareOrdinalPoint(s.text) && !steps.has(s.index));
  const pointIndexes = (named.length >= 3 && !goesOnBare(named, allAnnounced) ? named : allAnnounced).map((s) => s.index);
  const onceAnnounced = withoutSpokenPlan(pointIndexes, housekeeping, sentences);
  // The plan: the announcements said before the points were, or a plan in bare ordinals ("First,
  // …. Second, …. And third, ….") before points announced by name ("My first point: …").
  const heardPlan = pointIndexes.filter((i) => !onceAnnounced.includes(i));
  const restated = restatedPoint(heardPlan, onceAnnounced, sentences, housekeeping);
  const regained = restated ? [] : plannedPointsSaidAgain(heardPlan, onceAnnounced, sentences, housekeeping);
  const announcedOnce = restated ? [...onceAnnounced, restated.point] : [...onceAnnounced, ...regained].sort((x, y) => x - y);
  const spokenPlan = restated ? [...heardPlan, restated.plan] : heardPlan;
  // (A step of the plan may be an instruction: "Second, do not despise the day of small things.")
  const ordinalPlan = sentences.filter((s) => s.index < (named[0]?.index ?? 0) && bareOrdinalStep(s.text)?.rank !== undefined);
  const inOrder = ordinalPlan.every((s, k) => bareOrdinalStep(s.text)!.rank === k + 1);
  const byOrdinals = !spokenPlan.length && named.length >= 3 && inOrder && ordinalPlan.length === announcedOnce.length;
  const planIndexes = byOrdinals ? ordinalPlan.map((s) => s.index) : spokenPlan;
  const plan = byOrdinals ? ordinalPlan.map((s) => bareOrdinalStep(s.text)!.statement) : planIndexes.map((i) => countStatement(at(sentences, i).text) ?? (i === restated?.plan ? withoutHeardOrdinal(at(sentences, i).text) : ''));
  const series = announcedOnce.length >= 3 ? undefined : ordinalSeries(sentences);
  const parallel = announcedOnce.length >= 3 || series ? undefined : parallelStatements(sentences, skip);
  const heardPoints = series ?? parallel ?? announcedOnce;
  // ("That brings us to the second thing, …", "And then the third point, …", the first point's
  // announcement lost: the sermon up to the second point is the first.)
  const firstLost = heardPoints.length === 2 && heardPoints.map((i) => countRank(at(sentences, i).text)).join() === '2,3';
  const announced = firstLost ? [0, ...heardPoints] : heardPoints;
  // A return to the chapter being read ("read a few verses of John 15 this week") is not a new scripture.
  const anchors = announced.length >= 3 ? announced : distinct.filter((r) => !returnsTo(r, references)).map(firstIndex).filter((i) => i >= 0);
  const starts = [...new Set(anchors)].sort((a, b) => a - b);
  starts[0] = 0; // the introduction belongs to the first section (and a sermon citing nothing is one section)
  for (let g = 0; g < starts.length; g += 1) {
    const from = at(starts, g);
    const to = g + 1 < starts.length ? at(starts, g + 1) : sentences.length;
    groups.push(range(from, to));
  }
  const vectorsOf = (g: readonly number[]) => g.map((i) => at(vectors, i));
  const centroids = new WeakMap<number[], Vector>();
  const centroid = (g: number[]) => {
    let c = centroids.get(g);
    if (!c) centroids.set(g, (c = centroidOf(vectorsOf(g))));
    return c;
  };
  // Points the preacher announced stand however short they are; scripture anchors need body.
  const byPoints = anchors === announced;
  while (groups.length > 1 && (groups.length > maxSections || (!byPoints && groups.some((g) => g.length < MIN_SECTION)))) {
    const small = byPoints ? -1 : groups.findIndex((g) => g.length < MIN_SECTION);
    let merge: number;
    if (small >= 0 && groups.length <= maxSections) {
      merge = small === groups.length - 1 ? small - 1 : small;
    } else {
      let best = -1;
      merge = 0;
      for (let g = 0; g + 1 < groups.length; g += 1) {
        const sim = cosine(centroid(at(groups, g)), centroid(at(groups, g + 1)));
        if (sim > best) { best = sim; merge = g; }
      }
    }
    groups = [...groups.slice(0, merge), [...at(groups, merge), ...at(groups, merge + 1)], ...groups.slice(merge + 2)];
  }
  // Too few scripture anchors: split the longest section at its weakest lexical link.
  while (groups.length < 3) {
    const longest = groups.reduce((a, g, i) => (g.length > at(groups, a).length ? i : a), 0);
    const g = at(groups, longest);
    if (g.length < 2 * MIN_SECTION) break;
    let cut = MIN_SECTION;
    let weakest = Infinity;
    for (let k = MIN_SECTION; k <= g.length - MIN_SECTION; k += 1) {
      const sim = cosine(centroidOf(vectorsOf(g.slice(Math.max(0, k - 4), k))), centroidOf(vectorsOf(g.slice(k, k + 4))));
      if (sim < weakest) { weakest = sim; cut = k; }
    }
    groups = [...groups.slice(0, longest), g.slice(0, cut), g.slice(cut), ...groups.slice(longest + 1)];
  }

  const planned = new Set(spokenPlan);
  const built = groups.map((g) => buildSection(g.map((i) => at(sentences, i)), vectorsOf(g), { ...context, ordinalPoints: new Set(series), countSteps: steps, parallelPoints: new Set(parallel), planned, restated: new Set(restated ? [restated.point] : regained) }));
  // What the sermon says besides its plan and its announcements, and the scripture it cites: what
  // vouches for a word the plan hears differently.
  const announcing = new Set([...planIndexes, ...pointIndexes]);
  const vouched = new Map<string, number>();
  for (const text of [...sentences.filter((s) => !announcing.has(s.index)).map((s) => s.text), ...passages.values()]) for (const t of new Set(planTerms(text))) vouched.set(t, (vouched.get(t) ?? 0) + 1);
  const sections = plan.length === built.length ? built.map((section, k) => ({ ...section, statement: asPlanned(section.statement, plan[k]!, vouched) })) : built;
  return { ...base, sections };
}

/** A point's number in the count: as announced, or as a step of the count (`stepsOfCount`). */
const countRank = (text: string) => pointRank(text) ?? bareOrdinalStep(text)?.rank;
const countStatement = (text: string) => announcedPoint(text) ?? bareOrdinalStep(text)?.statement;

/**
 * "First, rest in a good God…" (for "rest is a gift…") then "Second, stopping is an act of trust.":
 * a bare ordinal that reads as an instruction is a step of a procedure, unless the count goes on
 * in points; then it is that count's point (the next bare ordinal is the next number, announced as
 * a point). ("First, pray about everything." is a point only by its three words: the instructions
 * after it stay steps.)
 */
function stepsOfCount(sentences: readonly Sentence[]): Set<number> {
  const counted = sentences.flatMap((s) => {
    const step = bareOrdinalStep(s.text);
    return step && !isPointPreview(s.text) ? [{ index: s.index, rank: step.rank, point: announcedPoint(s.text) !== undefined }] : [];
  });
  // (After a plan of bare ordinals, the count said again may go on in points named: "First, come
  // to the waters. Second, seek the Lord…" as the plan, then "So, first, come to the waters." and
  // "Now the second thing, seek the Lord…".)
  const named = sentences.flatMap((s) => {
    const rank = bareOrdinalStep(s.text) || isPointPreview(s.text) ? undefined : pointRank(s.text);
    return rank !== undefined ? [{ index: s.index, rank }] : [];
  });
  const steps = new Set<number>();
  counted.forEach((c, k) => {
    const next = counted[k + 1];
    if (!c.point && next?.point && next.rank === c.rank + 1) steps.add(c.index);
    const saidAgain = counted.slice(0, k).some((before) => before.rank === c.rank);
    const namedNext = named.find((n) => n.index > c.index);
    if (!c.point && saidAgain && namedNext?.rank === c.rank + 1 && (!next || next.index > namedNext.index)) steps.add(c.index);
  });
  return steps;
}

/**
 * A count by name that starts again at one and goes on in bare ordinals ("Point 1, … Point 2, …
 * Point 3, …" as the plan, then "Point 1, …", "Second, …", "Third, …"): with the bare ordinals,
 * the count after the restart reaches at least two more points; by name alone it would not.
 */
function goesOnBare(named: readonly Sentence[], all: readonly Sentence[]): boolean {
  // How many points are counted in order from the restart at one (0: the count never restarts).
  const afterRestart = (list: readonly Sentence[]) => {
    const ranks = list.map((s) => countRank(s.text));
    const again = ranks.findIndex((rank, k) => k > 0 && rank === 1);
    if (again <= 0) return 0;
    const rest = ranks.slice(again);
    const broken = rest.findIndex((rank, k) => rank !== k + 1);
    return broken === -1 ? rest.length : broken;
  };
  const byName = afterRestart(named);
  return byName > 0 && byName < 3 && afterRestart(all) >= 3;
}

// "The final movement", "And lastly, …": the count's last step, which says no number of its own.
const LAST_OF_THE_COUNT = /\b(?:final|last|finally|lastly)\b/i;

/**
 * The announced points without a plan said point by point in the opening ("Number one, we forgive…
 * Number two, … Number three, …"): when the count starts again at one ("Point one, …" after "One,
 * … Two, … Three, …"), what came before it is the plan; else a point followed at once by the next
 * has no body of its own, and when at least three points are announced again with their bodies
 * ("My first point is…"), the plan starts no section.
 */
function withoutSpokenPlan(announced: readonly number[], housekeeping: ReadonlySet<number>, sentences: readonly Sentence[]): number[] {
  // (The plan's points may seem to have bodies: "Wait for Dr. Answer with patience." is one point heard as two sentences.)
  // ("And the final movement, …" after "The second movement, …": the next number.)
  const ranks: (number | undefined)[] = [];
  for (const i of announced) {
    const before = ranks.at(-1);
    ranks.push(countRank(at(sentences, i).text) ?? (before !== undefined && LAST_OF_THE_COUNT.test(at(sentences, i).text) ? before + 1 : undefined));
  }
  const again = ranks.findIndex((rank, k) => k > 0 && rank === 1);
  if (again > 0 && announced.length - again >= 2 && ranks.slice(0, again).every((rank, k) => rank === k + 1)) return announced.slice(again);
  // (A plan heard in part, its first steps run together or lost: "… first I saw the Lord, second I
  // saw myself. Third, I heard the call." then "So first, …", "Second, …", "Third, …": what counts
  // up before the count starts again at one, when the points after it are at least three.)
  const risesBefore = again > 0 && ranks.slice(0, again).every((rank, k, before) => rank !== undefined && (k === 0 || rank > before[k - 1]!));
  if (risesBefore && announced.length - again >= 3 && ranks.slice(again, again + 3).join() === '1,2,3') return announced.slice(again);
  // (A fragment between two announcements is no body: "Third, … cannot keep. Quiet. First, …".)
  const bodied = announced.filter((index, k) => {
    const next = announced[k + 1];
    return next === undefined || range(index + 1, next).some((i) => !housekeeping.has(i));
  });
  return bodied.length >= 3 ? bodied : [...announced];
}

/**
 * The next point of a plan whose number was misheard in the plan and again where the point is
 * stated ("First, … Second, … Bird, the shepherd carries the lamb home." for "Third, …"): the
 * plan's next sentence, said again after the last point announced (most of its words among the
 * first words of a later sentence), announces that point there.
 */
function restatedPoint(plan: readonly number[], points: readonly number[], sentences: readonly Sentence[], housekeeping: ReadonlySet<number>): { plan: number; point: number } | undefined {
  if (plan.length < 2 || plan.length !== points.length || points[0]! < plan.at(-1)!) return undefined;
  let next = plan.at(-1)! + 1;
  while (next < points[0]! && housekeeping.has(next)) next += 1;
  if (next >= points[0]!) return undefined;
  const planned = at(sentences, next).text;
  const length = planned.split(/\s+/).length;
  if (pointStatement(at(sentences, next)) !== undefined || length > 16) return undefined;
  const terms = new Set(planTerms(planned));
  if (terms.size < 2) return undefined;
  const later = sentences.find((s) => {
    if (s.index <= points.at(-1)! + 1 || housekeeping.has(s.index)) return false;
    const opening = new Set(planTerms(s.text.split(/\s+/).slice(0, length + 2).join(' ')));
    return [...terms].filter((t) => opening.has(t)).length >= Math.ceil(terms.size * 0.6);
  });
  return later && { plan: next, point: later.index };
}

/**
 * The points of a plan counted in full ("One, … Two, … Three, …") whose number was lost where one
 * of them is stated ("To God answered while…" for "Two, …", "Point 2" never heard): the plan's
 * point said again, most of its words among the first words of a sentence between the points
 * announced before and after it, announces that point there. Counted points stay as they are.
 */
function plannedPointsSaidAgain(plan: readonly number[], points: readonly number[], sentences: readonly Sentence[], housekeeping: ReadonlySet<number>): number[] {
  const planRanks = plan.map((i) => countRank(at(sentences, i).text));
  const ranks = points.map((i) => countRank(at(sentences, i).text));
  if (plan.length < 3 || !planRanks.every((rank, k) => rank === k + 1) || !points.length || points[0]! < plan.at(-1)!) return [];
  if (!ranks.every((rank, k) => rank !== undefined && rank <= plan.length && (k === 0 || rank > ranks[k - 1]!))) return [];
  const found: number[] = [];
  for (let rank = 1; rank <= plan.length; rank += 1) {
    if (ranks.includes(rank)) continue;
    const before = points.filter((_, k) => ranks[k]! < rank).at(-1) ?? plan.at(-1)!;
    const after = points.find((_, k) => ranks[k]! > rank) ?? sentences.length;
    const planned = countStatement(at(sentences, plan[rank - 1]!).text) ?? '';
    const terms = new Set(planTerms(planned));
    if (terms.size < 2) continue;
    const length = planned.split(/\s+/).length;
    const said = sentences.find((s) => {
      if (s.index <= before || s.index >= after || housekeeping.has(s.index)) return false;
      const opening = new Set(planTerms(s.text.split(/\s+/).slice(0, length + 2).join(' ')));
      return [...terms].filter((t) => opening.has(t)).length >= Math.ceil(terms.size * 0.6);
    });
    if (said) found.push(said.index);
  }
  return found;
}

/** "Bird, the shepherd carries the lamb home." → "the shepherd carries the lamb home": the word heard for the number dropped. */
function withoutHeardOrdinal(text: string): string {
  return text.trim().replace(/^[A-Za-z']+,\s+/, '').replace(/[.!]+$/, '');
}

/**
 * "First, pray about everything. … Second, live one day at a time. … Third, trust the plans of God.":
 * bare ordinals in order through the sermon, each with a body of its own, are its points even when
 * they are instructions.
 */
function ordinalSeries(sentences: readonly Sentence[]): number[] | undefined {
  const series: number[] = [];
  for (const s of sentences) {
    const step = bareOrdinalStep(s.text);
    if (!step || isPointPreview(s.text) || step.rank !== series.length + 1) continue;
    if (series.length && s.index - series.at(-1)! < 3) return undefined;
    series.push(s.index);
  }
  return series.length >= 3 ? series : undefined;
}

// A point said in a frame of its own: a short statement, not a question.
const PARALLEL_MIN_WORDS = 4;
const PARALLEL_MAX_WORDS = 12;

/**
 * "God's Word shows us the next step. … God's Word keeps us from sin. … God's Word gives strength
 * for tomorrow.": a preacher who does not number the points often states each in the same frame.
 * Three to five short statements of the sermon's own (not housekeeping, not the reading) that open
 * with the same two words, one of them a content word, each with a body of its own after it, are
 * its points; undefined when the sermon has no such run, or more than one.
 */
function parallelStatements(sentences: readonly Sentence[], skip: ReadonlySet<number>): number[] | undefined {
  const byFrame = new Map<string, number[]>();
  for (const s of sentences) {
    const words = s.text.trim().split(/\s+/);
    if (skip.has(s.index) || s.text.trim().endsWith('?') || words.length < PARALLEL_MIN_WORDS || words.length > PARALLEL_MAX_WORDS) continue;
    const frame = words.slice(0, 2).join(' ').toLowerCase().replace(/[^a-z' ]/g, '');
    if (contentTerms(frame).length === 0 || /^(?:and|but|so|then|it|this|that|there|he|she|they|we|you|i)\b/.test(frame)) continue;
    byFrame.set(frame, [...(byFrame.get(frame) ?? []), s.index]);
  }
  const runs = [...byFrame.values()].filter((run) => run.length >= 3 && run.length <= 5 && run.every((index, k) => k === 0 || index - run[k - 1]! >= 3));
  return runs.length === 1 ? runs[0] : undefined;
}

/** A statement's words for comparing two hearings of it: content terms, and short words such as "Dr" as heard. */
function planTerms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z']*/g) ?? []).filter((w) => !isStopword(w)).map((w) => contentTerms(w)[0] ?? w);
}

/**
 * A point announced twice, in the plan and again with its body: the plan's words when they say the
 * same thing ("forgiveness is a choice we keep making" for "not forgiveness in a choice we keep
 * making, listen to Peter's question", where "that" was heard as "not"): the plan is the thesis
 * said on its own, the later announcement runs on into the body. Unless the plan holds a word the
 * announcement does not and nothing else in the sermon or its scripture says (the plan misheard:
 * "Bring your questions to Dr." against "bring your questions to God honestly" heard as "… to not
 * honestly"), or leans on its sentence ("he calls…"); "grace finishes what grace begins" heads the point announced as "race finishes what
 * race begins" in a sermon that reads "shouts of grace, grace".
 */
function asPlanned(statement: string | undefined, planned: string, vouched: ReadonlyMap<string, number>): string | undefined {
  // (A plan that leans on its sentence, "he calls each ship by name", does not name who: the announcement does.)
  if (!statement || !planned || leansBack(planned)) return statement;
  const said = new Set(contentTerms(statement));
  const terms = [...new Set(contentTerms(planned))];
  const heard = new Set(planTerms(statement));
  const misheard = planTerms(planned).some((w) => !heard.has(w) && !vouched.has(w));
  return terms.length >= 2 && !misheard && !heardBetter(statement, planned, vouched) && terms.filter((t) => said.has(t)).length >= Math.ceil(terms.length * 0.6) ? planned : statement;
}

/**
 * Where the announcement's own clause and the plan hear the point differently ("our deepest rest is
 * in Jesus himself" / "… in he must himself"), the announcement is the better hearing when a word
 * only it has is said elsewhere in the sermon more often than any word only the plan has.
 */
function heardBetter(statement: string, planned: string, vouched: ReadonlyMap<string, number>): boolean {
  const own = new Set(planTerms(statement.split(/\s*[,;:]\s*/)[0]!));
  const plan = new Set(planTerms(planned));
  const times = (words: readonly string[]) => Math.max(0, ...words.map((w) => vouched.get(w) ?? 0));
  const ownOnly = [...own].filter((w) => !plan.has(w));
  const planOnly = [...plan].filter((w) => !own.has(w));
  return ownOnly.length > 0 && times(ownOnly) > times(planOnly);
}

/** Whether `ref` is a whole chapter that an earlier reference already cites. */
function returnsTo(ref: ScriptureReference, references: readonly ScriptureReference[]): boolean {
  const sameChapter = (r: ScriptureReference) => r.book === ref.book && r.chapter === ref.chapter && (r.chapterEnd ?? r.chapter) === r.chapter;
  return references.some((r) => {
    if (r.start >= ref.start || !sameChapter(r)) return false;
    return ref.verseStart === undefined;
  });
}

/**
 * `ordinalPoints`: the sentences of a run of "First, … Second, …" that are the sermon's points;
 * `planned`: points announced in the spoken plan, which state no section (the point is stated
 * again where its body begins).
 */
type Context = { references: readonly ScriptureReference[]; idf: Map<string, number>; housekeeping: ReadonlySet<number>; nouns: Nouns; ordinalPoints?: ReadonlySet<number>; countSteps?: ReadonlySet<number>; parallelPoints?: ReadonlySet<number>; planned?: ReadonlySet<number>; restated?: ReadonlySet<number> };

export function buildSection(sentences: Sentence[], vectors: Vector[], context: Context): Section {
  const { references, idf, housekeeping, nouns, ordinalPoints, countSteps, parallelPoints, planned, restated } = context;
  const ranked = rankBy(sentences, textRank(vectors));
  const from = at(sentences, 0).start;
  const to = at(sentences, sentences.length - 1).end;
  const phrases = keyPhrases(sentences, idf, 3);
  let statement: string | undefined;
  let statementStart = from;
  const statementIndexes: number[] = [];
  for (const [k, s] of sentences.entries()) {
    // (A section that opens with "Second, live one day at a time." is that point, an instruction too.)
    if (planned?.has(s.index)) continue;
    const opening = (k === 0 && ordinalPoints?.has(s.index)) || countSteps?.has(s.index) ? bareOrdinalStep(s.text) : undefined;
    const parallelPoint = parallelPoints?.has(s.index) ? { statement: s.text.trim().replace(/[.!]+$/, ''), fromNext: false } : undefined;
    const restatedPoint = restated?.has(s.index) ? { statement: withoutHeardOrdinal(s.text), fromNext: false } : undefined;
    const said = isPointPreview(s.text) ? undefined : (pointStatementOf(s.text, sentences[k + 1]?.text) ?? (opening && { statement: opening.statement, fromNext: false }) ?? parallelPoint ?? restatedPoint);
    if (!said) continue;
    statement = said.statement;
    statementStart = s.start;
    statementIndexes.push(s.index, ...(said.fromNext ? [at(sentences, k + 1).index] : []));
    break;
  }
  // An announced point's passage is the one cited once the point is stated: the first section
  // also holds the sermon's introduction, whose reading (John 3:16 in the demo sermon) is not
  // what "Our first point" is about.
  const cited = distinctReferences(references.filter((r) => r.start >= from && r.start < to));
  const inside = [...cited.filter((r) => r.start >= statementStart), ...cited.filter((r) => r.start < statementStart)];
  const anchor = at(ranked, 0);
  const nearest = [...references].sort((a, b) => Math.abs(a.start - anchor.start) - Math.abs(b.start - anchor.start))[0];
  const scripture = inside[0] ?? nearest;
  // The passage read aloud names the section as well as the preacher's words do.
  const content = sentences.filter((s) => !housekeeping.has(s.index));
  const favoured = new Set(statement ? contentTerms(statement) : []);
  return {
    sentences,
    statement,
    statementIndexes,
    nounPhrases: rankPhrases(nounPhrases(content, nouns), termCounts(content), idf, favoured),
    ranked,
    phrase: phrases[0] ?? at(anchor.terms, 0),
    phrases,
    scripture,
    citesScripture: inside.length > 0,
    otherScriptures: inside.filter((r) => r.osis !== scripture?.osis),
  };
}

/**
 * Splits a section in two halves of its content sentences (for a series longer than the sermon
 * has points); undefined when too little content for two days.
 */
export function splitSection(section: Section, a: SermonAnalysis, minContent = 4): Section[] | undefined {
  const { references, idf } = a;
  const content = section.sentences.flatMap((s, k) => (isContent(s, a) ? [k] : []));
  if (content.length < minContent) return undefined;
  let half = at(content, Math.ceil(content.length / 2));
  // An announced point stays with its statement ("Our first point is simple. Love comes…").
  if (half > 0 && announcedPoint(at(section.sentences, half - 1).text) !== undefined) half -= 1;
  if (half <= 0) return undefined;
  const parts = [section.sentences.slice(0, half), section.sentences.slice(half)];
  return parts.map((p) => {
    // (The half that states the point keeps it as the analysis read it: the plan's words, say.)
    const rebuilt = buildSection(p, p.map((s) => tfidf(s.terms, idf)), a);
    const built = section.statementIndexes.length && rebuilt.statementIndexes[0] === section.statementIndexes[0] ? { ...rebuilt, statement: section.statement } : rebuilt;
    // The second half keeps the section's scripture when it cites none of its own.
    const own = references.some((r) => r.start >= at(p, 0).start && r.start < at(p, p.length - 1).end);
    return own ? built : { ...built, scripture: section.scripture, citesScripture: false };
  });
}

/** May fill a content field: not housekeeping, not the reading, not a fragment. */
// A word said three times running ("the lung lung lung") is the recogniser stuttering, not the
// preacher ("holy, holy, holy" has its commas).
const STUTTER = /\b(\w+) \1 \1\b/i;

/**
 * Pieces of sentences: a run-on cut into pieces (`splitSentences`), a segment that starts in the
 * middle of one ("rail, you may want to sleep away after the closing prayer"), one left without its
 * end. Never quoted, as nobody would quote half a sentence; a run-on church notice is mostly such
 * pieces, which the notice finder, reading them one by one, often misses. Their words still count
 * for what the sermon is about. (A transcript without punctuation is all pieces: when most sentences
 * are, none is left out; a run-on recogniser leaves up to two thirds of a sermon in pieces.)
 */
function fragments(sentences: readonly Sentence[]): number[] {
  const pieces = sentences.filter((s) => /^[a-z]/.test(s.text) || !/[.!?]["”’']?$/.test(s.text)).map((s) => s.index);
  return pieces.length <= sentences.length * MOST_PIECES ? pieces : [];
}
const MOST_PIECES = 0.75;

export function isContent(s: Sentence, a: Pick<SermonAnalysis, 'skip'>): boolean {
  return !a.skip.has(s.index) && s.text.split(/\s+/).length >= 4 && !STUTTER.test(s.text);
}

function rankBy(sentences: readonly Sentence[], scores: readonly number[]): Sentence[] {
  return sentences
    .map((s, i) => ({ s, score: at(scores, i) * lengthWeight(s) }))
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index)
    .map((x) => x.s);
}

// Prefer sentences that read as statements: not fragments, not run-ons.
function lengthWeight(s: Sentence): number {
  const words = s.text.split(/\s+/).length;
  if (words < 6) return 0.3;
  if (words > 45) return 0.6;
  return 1;
}

function termCounts(sentences: readonly Sentence[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}

function centroidOf(vectors: readonly Vector[]): Vector {
  const c: Vector = new Map();
  for (const v of vectors) for (const [t, w] of v) c.set(t, (c.get(t) ?? 0) + w);
  let norm = 0;
  for (const w of c.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of c) c.set(t, w / norm);
  return c;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
