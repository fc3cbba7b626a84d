// One devotional day from one section of the sermon. Each field takes a different sentence of
// the section, preferring sentences no earlier day has used; titles and themes are not repeated.
import type { ScriptureTextProvider } from '../scripture/scripture-text.provider.ts';
import { isApplication, isContent, type Section, type SermonAnalysis } from './extractive.analysis.ts';
import { at, contentTerms, type Sentence } from './extractive.text.ts';
import { phraseTitle } from './extractive.phrases.ts';
import { announcedPoint, isFrame, leansBack } from './extractive.discourse.ts';
import { applicationTemplate, themeWord, titleKey, closingPrayer, openingPrayer, pointClause, prayerPhrase, questions, sectionTitle, themePhrase, trimWords, type Wording } from './extractive.wording.ts';
import type { DevotionalDay, PassageForm, Reflection } from './content.types.ts';


/** What the days written so far have used. */
export class DayState {
  readonly sentences = new Set<string>();
  /** The day whose section holds each sentence, so earlier days leave it alone. */
  readonly owner = new Map<number, number>();
  readonly uses = new Map<string, number>();
  /** Noun phrase keys of the days still to write, by day. */
  readonly phrasesOf = new Map<number, Set<string>>();
  readonly titles = new Set<string>();
  readonly themes = new Set<string>();
}

const norm = titleKey;

/** The section's sentences that may fill a content field, best first. */
export function contentPool(section: Section, a: SermonAnalysis): Sentence[] {
  // Announcements ("Our second point is that…") speak through the titles and takeaways.
  // The sermon's introduction (before the first point is stated) is not that point's content.
  const stated = section.statementIndexes[0];
  const introduction = stated !== undefined && at(section.sentences, 0).index === 0 ? stated : 0;
  const pool = section.ranked.filter((s) => s.index >= introduction && isContent(s, a) && !section.statementIndexes.includes(s.index) && announcedPoint(s.text) === undefined);
  // First the sentences that develop the announced point, then the rest; last those that lean
  // on the sentence before ("That is what…", "It holds…"), which read poorly alone.
  const point = new Set(section.statement ? contentTerms(section.statement) : []);
  const needed = Math.min(2, point.size);
  const develops = (s: Sentence) => needed > 0 && s.terms.filter((t) => point.has(t)).length >= needed;
  const tier = (s: Sentence) => (leansBack(s.text) ? 2 : develops(s) ? 0 : 1);
  return [0, 1, 2].flatMap((k) => pool.filter((s) => tier(s) === k));
}

export async function buildDay(day: number, section: Section, a: SermonAnalysis, state: DayState, scriptureText: ScriptureTextProvider): Promise<DevotionalDay> {
  const ref = section.scripture;
  const reference = ref?.display ?? '';
  const text = ref ? await scriptureText.passage(ref.osis) : '';
  const pool = contentPool(section, a);
  const fresh = (s: Sentence) => !state.sentences.has(textKey(s));
  // By wording, not position: a preacher who says a line twice has still said one line.
  const taken = new Set<string>();
  // Tiers: the section's unused sentences; then, for the fields a day cannot do without, its
  // sentences other days used and finally the nearest sentences of the rest of the sermon.
  const centre = at(section.sentences, Math.floor(section.sentences.length / 2)).index;
  const statements = new Set(a.sections.flatMap((x) => x.statementIndexes));
  const uses = (s: Sentence) => state.uses.get(textKey(s)) ?? 0;
  const later = (s: Sentence) => (state.owner.get(s.index) ?? 0) > day;
  const nearby = a.sentences
    .filter((s) => isContent(s, a) && !statements.has(s.index) && announcedPoint(s.text) === undefined && !pool.includes(s))
    .sort((x, y) => Math.abs(x.index - centre) - Math.abs(y.index - centre) || x.index - y.index);
  const own = pool.filter(fresh);
  const deep = [
    ...own,
    ...nearby.filter((s) => fresh(s) && !later(s)),
    // Repeats spread over the sermon: the least used first.
    ...[...pool.filter((s) => !fresh(s)), ...nearby.filter((s) => !fresh(s))].sort((x, y) => uses(x) - uses(y)),
    ...nearby.filter((s) => fresh(s) && later(s)),
  ];
  const pick = (from: readonly Sentence[], ok: (s: Sentence) => boolean = () => true): Sentence | undefined => {
    const s = from.find((x) => !taken.has(textKey(x)) && ok(x));
    if (s) taken.add(textKey(s));
    return s;
  };
  const statement = (s: Sentence) => !s.text.endsWith('?');
  const explains = (s: Sentence) => statement(s) && !isApplication(s);

  if (section.statement) taken.add(sentenceCase(section.statement).toLowerCase());
  const takeaway = section.statement
    ? sentenceCase(section.statement)
    : (pick(deep, (s) => explains(s) && !isFrame(s.text) && s.text.split(/\s+/).length <= 25) ?? pick(deep, explains))?.text ?? '';
  const interpretation = [pick(deep, explains)];
  // The call to action: the section's own, else one no day has used, else any sentence.
  const sectionCalls = section.sentences.filter((s) => isApplication(s) && isContent(s, a)).sort((x, y) => Number(fresh(y)) - Number(fresh(x)));
  const callsAnywhere = a.sentences.filter((s) => isApplication(s) && isContent(s, a));
  const application =
    pick(sectionCalls) ??
    pick(callsAnywhere, (s) => fresh(s) && !later(s)) ??
    // The sermon's call to action again, but on two days at most.
    pick([...callsAnywhere].sort((x, y) => uses(x) - uses(y)), (s) => uses(s) + (later(s) ? 1 : 0) < 2);
  const moreApplications = [pick(sectionCalls), pick(sectionCalls)];
  // No words of its own around the passage: the preacher's words where the passage was cited.
  const aroundCitation = ref ? a.sentences.filter((s) => isContent(s, a) && Math.abs(s.start - ref.start) < 300 && !statements.has(s.index) && announcedPoint(s.text) === undefined && !later(s)).sort((x, y) => uses(x) - uses(y) || Math.abs(x.start - ref.start) - Math.abs(y.start - ref.start)) : [];
  const context = passageContext(section, a, ref?.start, taken, fresh) ?? pick(aroundCitation, (s) => !isApplication(s)) ?? pick(deep, (s) => !isApplication(s) && !later(s)) ?? pick(deep);
  const contextMore = context && own.includes(context) ? pick(own) : undefined;
  interpretation.push(pick(own, explains));
  // Observations: the section's remaining words, else the passage as the preacher read it.
  const readings = section.sentences.filter((s) => a.readings.has(s.index));
  const observable = [...own.filter((s) => !isApplication(s)), ...readings];
  // Wherever the preacher read this day's passage aloud: an observation of the text itself.
  const passageRead = ref ? a.sentences.filter((s) => a.readings.has(s.index) && Math.abs(s.start - ref.start) < 400) : [];
  const observations = [pick(observable) ?? pick(passageRead, (s) => uses(s) === 0) ?? pick(deep, (s) => !isApplication(s)) ?? pick(deep)];
  for (let k = 0; k < 4; k += 1) observations.push(pick(observable));
  const defined = (xs: Array<Sentence | undefined>) => xs.filter((s): s is Sentence => s !== undefined);
  const contextQuick = context?.text ?? '';
  const contextFull = defined([context, contextMore]).sort(byIndex).map((s) => s.text).join(' ');
  const observed = defined(observations).sort(byIndex);
  const explained = defined(interpretation);
  const calls = defined([application, ...moreApplications]);

  const title = sectionTitle(section, a, pool, state.titles, { vouchedFirst: true });
  const phrase = themePhrase(section, a, title, state.themes);
  const laterPhrases = new Set([...state.phrasesOf].filter(([d]) => d > day).flatMap(([, keys]) => [...keys]));
  const theme = phrase ? phraseTitle(phrase.surface) : themeWord(section, a, new Set([...state.themes, norm(title)]), laterPhrases) ?? title;
  state.titles.add(norm(title));
  state.themes.add(norm(theme));
  for (const i of taken) {
    state.sentences.add(i);
    state.uses.set(i, (state.uses.get(i) ?? 0) + 1);
  }

  const line = explained[0]?.text ?? takeaway;
  const wording: Wording = { reference, clause: pointClause(section.statement, takeaway), takeaway: takeaway || line, phrase: prayerPhrase(phrase?.surface, a), line };
  const quick: Reflection = {
    observations: observed.slice(0, 2).map((s) => asSentence(s.text)),
    interpretation: asSentence(explained[0]?.text ?? ''),
    application: calls[0]?.text ?? applicationTemplate(reference),
    keyTakeaway: asSentence(takeaway),
    question: questions(wording).quick,
  };
  const full: Reflection = {
    observations: observed.map((s) => asSentence(s.text)),
    interpretation: [...explained].sort(byIndex).map((s) => asSentence(s.text)).join(' '),
    application: calls.length ? heldInMind(calls).map((s) => s.text).join(' ') : applicationTemplate(reference),
    keyTakeaway: asSentence(takeaway),
    question: questions(wording).full,
  };
  const passage = (context: string): PassageForm => ({ reference, text, context });
  const others = [...section.otherScriptures, ...a.distinct.filter((r) => r.osis !== ref?.osis && !section.otherScriptures.includes(r))].slice(0, 3);
  return {
    day_number: day,
    title,
    theme,
    opening_prayer: openingPrayer(wording),
    scripture_passage: { quick: passage(contextQuick), full: passage(contextFull) },
    reflection: { quick, full },
    closing_prayer: closingPrayer(wording),
    additional_scripture: others.map((r) => ({ reference: r.display, note: trimWords(nearestContent(a, r.start)?.text ?? '', 40) })),
  };
}

/**
 * Where the passage sits in the sermon: the preacher's words next to the citation when the
 * section cites it, else the section's opening words; never housekeeping or the reading itself.
 */
function passageContext(section: Section, a: SermonAnalysis, citedAt: number | undefined, taken: Set<string>, fresh: (s: Sentence) => boolean): Sentence | undefined {
  const first = at(section.sentences, 0);
  const last = at(section.sentences, section.sentences.length - 1);
  const usable = (s: Sentence) => isContent(s, a) && !taken.has(textKey(s)) && !section.statementIndexes.includes(s.index);
  let near: Sentence[];
  if (citedAt !== undefined && citedAt >= first.start && citedAt < last.end) {
    const citing = a.sentences.find((s) => s.end > citedAt) ?? last;
    near = section.sentences
      .filter((s) => Math.abs(s.index - citing.index) <= 3 && usable(s))
      .sort((x, y) => Number(fresh(y)) - Number(fresh(x)) || Math.abs(x.index - citing.index) - Math.abs(y.index - citing.index) || x.index - y.index);
  } else {
    near = [...section.sentences.filter((s) => usable(s) && fresh(s)), ...section.sentences.filter((s) => usable(s) && !fresh(s))];
  }
  const chosen = near[0];
  if (chosen) taken.add(textKey(chosen));
  return chosen;
}

/** The first sentence at or after an offset that says something (a citation's note). */
function nearestContent(a: SermonAnalysis, offset: number): Sentence | undefined {
  const i = a.sentences.findIndex((s) => s.end > offset);
  if (i < 0) return undefined;
  // (A passage cited in the altar call or the notices with no sermon sentence after it ("Say with
  // Joshua, as for me and my house…"): no note, never the call's or the notice's own words.)
  return a.sentences.slice(i, i + 3).find((s) => !a.skip.has(s.index));
}

/** A transcript sentence as a reader sees it: no stray leading number or comma, a capital, a stop. */
function asSentence(text: string): string {
  const t = text.trim().replace(/^[^\p{L}“"‘]+/u, '');
  return t ? sentenceCase(t) : '';
}

function sentenceCase(text: string): string {
  const t = text.trim();
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
}

const byIndex = (x: Sentence, y: Sentence) => x.index - y.index;
const textKey = (s: Sentence) => s.text.toLowerCase().replace(/\s+/g, ' ');

// A day's things to do stay few enough to carry out of the room (about forty words).
const APPLICATION_WORDS = 40;

/** The first calls to action, as many as fit in APPLICATION_WORDS (always the first). */
function heldInMind(calls: readonly Sentence[]): Sentence[] {
  let words = 0;
  return calls.filter((s, i) => {
    words += s.text.split(/\s+/).length;
    return i === 0 || words <= APPLICATION_WORDS;
  });
}
