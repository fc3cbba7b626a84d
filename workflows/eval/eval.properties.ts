// The properties an outline and a devotional series must have on any sermon (issue 11), checked
// against the sermon's annotations. Each returns pass/fail with the reason, for the eval table.
import type { DevotionalDay, Outline } from '../src/content/generation/content.types.ts';

export type PropertyName = 'announcements' | 'altar' | 'points' | 'titles' | 'theme' | 'applications' | 'prayers' | 'distinct';
export const PROPERTIES: readonly PropertyName[] = ['announcements', 'altar', 'points', 'titles', 'theme', 'applications', 'prayers', 'distinct'];
/** What a property that checks items one by one counts, for the summary line. */
const COUNTED_AS: Partial<Record<PropertyName, string>> = { titles: 'titles', altar: 'altar calls' };
/** `counted`: how many of the items a property checks one by one (the titles) pass on their own. */
export type PropertyResult = { pass: boolean; why: string[]; counted?: { passed: number; of: number } };

/** What the checks know about the sermon: the annotations and the transcript. */
export type PropertyContext = {
  announced: boolean;
  points: readonly string[];
  theme: readonly string[];
  illustrations: readonly string[];
  announcements: readonly string[];
  /** The altar calls (`@altar` paragraphs): an invitation to come forward, not teaching. */
  altarCalls: readonly string[];
  /** What was actually said (the annotated text): a title word not in it is a recognition error. */
  spoken: string;
  /** The transcript the content was written from. */
  transcript: string;
  /** Words the recogniser was unsure of (probability below its threshold), lower case. */
  lowConfidence?: ReadonlySet<string>;
};

const STOP = new Set(
  'a an and are as at be been but by can do does for from god has have he her his how i if in into is it its let me my not of on or our so that the their them then there these they this to too us was we were what when which who will with you your yours'.split(' '),
);
export const words = (text: string): string[] => text.toLowerCase().replace(/[’']/g, "'").match(/[a-z][a-z']*/g) ?? [];
const stem = (w: string) => w.replace(/'s$/, '').replace(/(ing|ed|es|s)$/, '').slice(0, 6);
const contentStems = (text: string) => new Set(words(text).filter((w) => !STOP.has(w) && w.length > 2).map(stem));
const shares = (a: string, b: string) => {
  const x = contentStems(b);
  return [...contentStems(a)].some((s) => x.has(s));
};
const ngrams = (text: string, n: number) => {
  const w = words(text);
  const out = new Set<string>();
  for (let i = 0; i + n <= w.length; i += 1) out.add(w.slice(i, i + n).join(' '));
  return out;
};

/** Text of everything a reader sees, minus the Bible passages (their wording is not the sermon's). */
function contentStrings(outline: Outline, days: readonly DevotionalDay[]): string[] {
  const strip = (html: string) => html.replace(/<[^>]+>/g, ' ');
  return [
    outline.theme,
    ...outline.mainPoints.flatMap((p) => [p.title, p.summary, strip(p.details)]),
    ...outline.keyPoints,
    ...outline.applications,
    strip(outline.application),
    ...outline.illustrations,
    ...outline.conclusion,
    ...days.flatMap((d) => [
      d.title,
      d.theme,
      d.opening_prayer.quick,
      d.opening_prayer.full,
      d.closing_prayer.quick,
      d.closing_prayer.full,
      ...[d.reflection.quick, d.reflection.full].flatMap((r) => [...r.observations, r.interpretation, r.application, r.keyTakeaway, r.question]),
      ...d.additional_scripture.map((a) => a.note),
    ]),
  ];
}

/** The first 4-word run of `passage` (two or more of them not stop words) that the content repeats, if any. */
function repeatedRun(passage: string, content: ReadonlySet<string>): string | undefined {
  for (const g of ngrams(passage, 4)) if (content.has(g) && [...g.split(' ')].filter((w) => !STOP.has(w)).length >= 2) return g;
  return undefined;
}

export function announcementsAbsent(outline: Outline, days: readonly DevotionalDay[], ctx: PropertyContext): PropertyResult {
  const content = ngrams(contentStrings(outline, days).join(' \n '), 4);
  const why: string[] = [];
  for (const a of ctx.announcements) {
    const run = repeatedRun(a, content);
    if (run) why.push(`announcement in content: "${run}"`);
  }
  return { pass: why.length === 0, why };
}

/** No altar call in the outline or the devotionals; counted call by call (a sermon without one passes, uncounted). */
export function altarCallsAbsent(outline: Outline, days: readonly DevotionalDay[], ctx: PropertyContext): PropertyResult {
  if (!ctx.altarCalls.length) return { pass: true, why: [] };
  const content = ngrams(contentStrings(outline, days).join(' \n '), 4);
  const why: string[] = [];
  for (const call of ctx.altarCalls) {
    const run = repeatedRun(call, content);
    if (run) why.push(`altar call in content: "${run}"`);
  }
  return { pass: why.length === 0, why, counted: { passed: ctx.altarCalls.length - why.length, of: ctx.altarCalls.length } };
}

export function pointsFollowSermon(outline: Outline, ctx: PropertyContext): PropertyResult {
  const why: string[] = [];
  const points = outline.mainPoints;
  if (ctx.announced) {
    if (points.length !== ctx.points.length) why.push(`${points.length} main points, the sermon announced ${ctx.points.length}`);
    ctx.points.forEach((thesis, i) => {
      const p = points[i];
      if (p && !shares(`${p.title} ${p.summary}`, thesis)) why.push(`point ${i + 1} "${p.title}" is not about "${thesis}"`);
    });
  } else {
    if (points.length < 2 || points.length > 5) why.push(`${points.length} main points (topic segments: 2 to 5)`);
    const covered = ctx.points.filter((thesis) => points.some((p) => shares(`${p.title} ${p.summary}`, thesis)));
    if (covered.length < Math.min(2, ctx.points.length)) why.push(`the main points cover ${covered.length} of the sermon's ${ctx.points.length} movements`);
  }
  return { pass: why.length === 0, why };
}

/** Words a headline cannot end on: it broke off before the word they lead to ("…What God Had", "…a Good Report of"). */
const OPEN_ENDED = new Set('a an the of to in on at for from with by into and or but nor than that whose my our your his their its had has have will shall would could should can may might must does did not very'.split(' '));

export function titlesAreHeadlines(outline: Outline, days: readonly DevotionalDay[], ctx: PropertyContext): PropertyResult {
  const why: string[] = [];
  const said = new Set(words(ctx.spoken));
  const illustration = new Set(ctx.illustrations.flatMap((i) => words(i)).map(stem));
  let passed = 0;
  let of = 0;
  const check = (title: string, where: string, thesis?: string) => {
    const reasonsBefore = why.length;
    checkOne(title, where, thesis);
    of += 1;
    if (why.length === reasonsBefore) passed += 1;
  };
  const checkOne = (title: string, where: string, thesis?: string) => {
    const w = words(title);
    if (w.length < 2 || w.length > 9) why.push(`${where} "${title}": ${w.length} words`);
    const unsaid = w.filter((x) => !said.has(x) && !said.has(x.replace(/'s$/, '')));
    if (unsaid.length) why.push(`${where} "${title}": not said in the sermon (${unsaid.join(', ')})`);
    const unsure = w.filter((x) => ctx.lowConfidence?.has(x));
    if (unsure.length) why.push(`${where} "${title}": low-confidence word (${unsure.join(', ')})`);
    const content = [...contentStems(title)];
    if (content.length && content.every((s) => illustration.has(s))) why.push(`${where} "${title}": an illustration's noun`);
    if (thesis !== undefined && !shares(title, thesis)) why.push(`${where} "${title}": not the point's thesis "${thesis}"`);
    if (w.length > 1 && OPEN_ENDED.has(w.at(-1)!)) why.push(`${where} "${title}": breaks off mid-phrase (ends on "${w.at(-1)}")`);
  };
  outline.mainPoints.forEach((p, i) => {
    const thesis = ctx.announced ? ctx.points[i] : ctx.points.find((t) => shares(`${p.title} ${p.summary}`, t));
    check(p.title, `title ${i + 1}`, thesis ?? ctx.points.join(' '));
  });
  days.forEach((d) => check(d.title, `day ${d.day_number} title`));
  return { pass: why.length === 0, why, counted: { passed, of } };
}

export function themeNamesTheShared(outline: Outline, ctx: PropertyContext): PropertyResult {
  const why: string[] = [];
  const theme = outline.theme;
  if (!ctx.theme.some((t) => shares(theme, t))) why.push(`theme "${theme}" names none of: ${ctx.theme.join(', ')}`);
  const said = new Set(words(ctx.spoken));
  const unsaid = words(theme).filter((x) => !said.has(x) && !said.has(x.replace(/'s$/, '')));
  if (unsaid.length) why.push(`theme "${theme}": not said (${unsaid.join(', ')})`);
  return { pass: why.length === 0, why };
}

// Verbs that open an instruction ("Name one weight…", "Pray over each worry…").
const IMPERATIVES = new Set(
  'accept admit apply ask be begin believe bless bring call choose come commit confess consider count do encourage examine find follow forgive give go hold invite keep know learn lay leave listen live look love make memorize memorise name notice obey offer open pick practice practise pray put read receive rejoice release remember rest return say schedule seek serve share show sing speak spend start stop take talk tell thank think trust try turn visit wait walk watch welcome worship write'.split(' '),
);

/** An instruction a reader can carry out: it opens with a verb in the imperative. */
export function isThingToDo(text: string): boolean {
  const w = words(text.replace(/^(?:(?:(?:so|and|now|then|this week|today|tomorrow(?: morning)?|each day|every day)\b|when [^,]{3,60},)[, ]*)+/i, ''));
  if (!w.length || text.trim().endsWith('?') || w.length > 40) return false;
  if (/^(father|lord|jesus|dear)\b/.test(w[0]!)) return false;
  if ((w[0] === "let's" || (w[0] === 'let' && w[1] === 'us')) && !/pray/.test(w.slice(1, 3).join(' '))) return true;
  return IMPERATIVES.has(w[0]!) || (w[0] === "don't" && IMPERATIVES.has(w[1] ?? '')) || (w[0] === 'do' && w[1] === 'not');
}

export function applicationsAreActions(outline: Outline, days: readonly DevotionalDay[]): PropertyResult {
  const why: string[] = [];
  const all = [...outline.applications, ...days.flatMap((d) => [d.reflection.quick.application, d.reflection.full.application])];
  if (!outline.applications.length) why.push('no applications');
  for (const a of all) if (a && !isThingToDo(a)) why.push(`not a thing to do: "${a.slice(0, 80)}"`);
  return { pass: why.length === 0, why };
}

/** Sentences start with a capital (or an opening quote) and end with a full stop; quotes balance. */
function wellFormed(text: string): string | undefined {
  const t = text.trim();
  if (!t) return 'empty';
  if (!/^[“"‘'(]?[A-Z]/.test(t)) return 'does not start a sentence';
  if (!/[.!?]["”’')]*$/.test(t)) return 'does not end a sentence';
  if ((t.match(/“/g) ?? []).length !== (t.match(/”/g) ?? []).length) return 'unbalanced quotation marks';
  if (/\b(\w+) \1\b/i.test(t.replace(/\b(very|so|had|that|is|holy) \1\b/gi, ''))) return 'a doubled word';
  return undefined;
}

export function prayersWellFormed(days: readonly DevotionalDay[], ctx: PropertyContext): PropertyResult {
  const why: string[] = [];
  const sermon = ngrams(ctx.transcript, 6);
  for (const d of days) {
    const fields: Array<[string, string]> = [
      ['opening prayer', d.opening_prayer.quick],
      ['opening prayer', d.opening_prayer.full],
      ['closing prayer', d.closing_prayer.quick],
      ['closing prayer', d.closing_prayer.full],
      ...[d.reflection.quick, d.reflection.full].flatMap((r): Array<[string, string]> => [
        ['interpretation', r.interpretation],
        ['key takeaway', r.keyTakeaway],
        ['question', r.question],
        ...r.observations.map((o): [string, string] => ['observation', o]),
      ]),
    ];
    for (const [name, text] of fields) {
      const problem = wellFormed(text);
      if (problem) {
        why.push(`day ${d.day_number} ${name}: ${problem}: "${text.slice(0, 80)}"`);
        continue;
      }
      if (!name.endsWith('prayer')) continue;
      // Inside a prayer the preacher's words appear only as a marked quotation.
      const unquoted = text.replace(/“[^”]*”/g, ' ');
      const spliced = [...ngrams(unquoted, 6)].find((g) => sermon.has(g));
      if (spliced) why.push(`day ${d.day_number} ${name}: sermon words spliced in unquoted: "${spliced}"`);
    }
  }
  return { pass: why.length === 0, why };
}

/** No sentence of the outline shows in two of its sections (main points, key points, applications, illustrations, conclusion). */
export function sentencesDistinct(outline: Outline): PropertyResult {
  const why: string[] = [];
  const key = (t: string) => words(t).join(' ');
  const sections: Array<[string, string[]]> = [
    ...outline.mainPoints.map((p, i): [string, string[]] => [`main point ${i + 1}`, [p.summary, ...[...p.details.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''))]]),
    ['key points', outline.keyPoints],
    ['applications', outline.applications],
    ['illustrations', outline.illustrations],
    ['conclusion', outline.conclusion],
  ];
  const seen = new Map<string, string>();
  for (const [name, sentences] of sections) {
    for (const k of new Set(sentences.map(key).filter(Boolean))) {
      const first = seen.get(k);
      if (first && first !== name) why.push(`"${k.slice(0, 60)}" in ${first} and ${name}`);
      else seen.set(k, name);
    }
  }
  return { pass: why.length === 0, why };
}

export function checkProperties(outline: Outline, days: readonly DevotionalDay[], ctx: PropertyContext): Record<PropertyName, PropertyResult> {
  return {
    announcements: announcementsAbsent(outline, days, ctx),
    altar: altarCallsAbsent(outline, days, ctx),
    points: pointsFollowSermon(outline, ctx),
    titles: titlesAreHeadlines(outline, days, ctx),
    theme: themeNamesTheShared(outline, ctx),
    applications: applicationsAreActions(outline, days),
    prayers: prayersWellFormed(days, ctx),
    distinct: sentencesDistinct(outline),
  };
}

const percent = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(0)} %`);

/** Each property's pass rate over the sermons; a property that checks items one by one also gives their count ("titles 14 % (87 of 112 titles)", "altar 100 % (3 of 3 altar calls)"). */
export function propertiesSummary(results: ReadonlyArray<Record<PropertyName, PropertyResult>>): string {
  return PROPERTIES.map((name) => {
    const sermons = `${name} ${percent(results.filter((r) => r[name].pass).length, results.length)}`;
    const counted = results.map((r) => r[name].counted).filter((c) => c !== undefined);
    if (!counted.length) return sermons;
    const passed = counted.reduce((t, c) => t + c.passed, 0);
    const of = counted.reduce((t, c) => t + c.of, 0);
    return `${sermons} (${passed} of ${of} ${COUNTED_AS[name] ?? name})`;
  }).join(', ');
}
