// The local default generator: an extractive, deterministic reading of the transcript. Every
// sentence it shows is the preacher's own (housekeeping such as greetings, "turn with me to…" and
// "let us pray" left out), every scripture is one the sermon cites, and passage text comes from
// the ScriptureTextProvider; only prayers and questions are frames around the preacher's words.
import { DiathekeScriptureText, type ScriptureTextProvider } from '../scripture/scripture-text.provider.ts';
import { distinctReferences } from '../scripture/scripture.references.ts';
import { QUOTATION_MODULES, spokenCitations, type CitationFinder } from '../scripture/scripture.identify.ts';
import { recognitionSwaps, withSwapsUndone } from './extractive.evidence.ts';
import { isStopword, unsureKey } from './extractive.text.ts';
import { analyseSermon, type NoticeFinder, isApplication, isContent, isIllustration, splitSection, type Section, type SermonAnalysis } from './extractive.analysis.ts';
import { at, escapeHtml, type Sentence } from './extractive.text.ts';
import { buildDay, contentPool, DayState } from './extractive.devotional.ts';
import { applicationTemplate, lowerCaseWords, namedSubject, outlineTheme, sectionsTheme, sectionTitle, sharedTheme, titleKey, titleTheme } from './extractive.wording.ts';
import { announcedPoint, isFrame, isGarbled, leansBack, statesThesis } from './extractive.discourse.ts';
import { outlineSchema, devotionalSeriesSchema, schemaErrors } from './content.schema.ts';
import { englishLexicon, wordsNoLexiconHolds, type Lexicon } from './extractive.lexicon.ts';
import { GenerationError, type DevotionalDay, type DevotionalGenerator, type GenerationInput, type Outline, type OutlineGenerator } from './content.types.ts';

const DAYS = 5;
// The translation preachers quote besides the WEB (the quotation index reads both).
const KJV = QUOTATION_MODULES.find((m) => m.includes('KJV')) ?? 'engKJV2006eb';
// One reader for every generator of the process, so its passages stay cached.
let kjvText: DiathekeScriptureText | undefined;

export class ExtractiveGenerator implements OutlineGenerator, DevotionalGenerator {
  private readonly scriptureText: ScriptureTextProvider;
  private readonly quotedTranslations: readonly ScriptureTextProvider[];
  private readonly findCitations: CitationFinder;
  private readonly notices?: NoticeFinder;
  /** The Bible's words (names above all, which English lacks): known, not made up. */
  private readonly bibleWords?: () => Promise<Lexicon | null>;
  // The pipeline asks for the outline then the devotionals of the same transcript.
  private last?: { input: GenerationInput; analysis: SermonAnalysis };

  /**
   * `quotedTranslations`: other translations preachers quote (default the KJV), whose wording of the
   * cited passages shows how the recogniser hears words it never gets right (`recognitionSwaps`).
   */
  constructor(options: { scriptureText: ScriptureTextProvider; findCitations?: CitationFinder; quotedTranslations?: readonly ScriptureTextProvider[]; notices?: NoticeFinder; bibleWords?: () => Promise<Lexicon | null> }) {
    this.scriptureText = options.scriptureText;
    this.bibleWords = options.bibleWords;
    this.quotedTranslations = options.quotedTranslations ?? [(kjvText ??= new DiathekeScriptureText({ module: KJV }))];
    this.findCitations = options.findCitations ?? spokenCitations;
    this.notices = options.notices;
  }

  async generateOutline(input: GenerationInput): Promise<Outline> {
    const analysis = await this.analyse(input);
    const outline = buildOutline(analysis, input.title);
    const errors = schemaErrors(outlineSchema, outline);
    if (errors.length) throw new GenerationError(`Extractive outline does not match the schema: ${errors.join('; ')}`);
    return outline;
  }

  async generateDevotionals(input: GenerationInput & { outline?: Outline }): Promise<DevotionalDay[]> {
    const analysis = await this.analyse(input);
    const sections = daySections(analysis);
    const state = new DayState();
    sections.forEach((section, i) => {
      for (const s of section.sentences) if (!state.owner.has(s.index)) state.owner.set(s.index, i + 1);
      state.phrasesOf.set(i + 1, new Set(section.nounPhrases.map((p) => p.key)));
    });
    const days: DevotionalDay[] = [];
    // One after another: each day avoids the sentences, titles and themes of the days before it.
    for (let i = 0; i < DAYS; i += 1) days.push(await buildDay(i + 1, at(sections, i), analysis, state, this.scriptureText));
    const errors = schemaErrors(devotionalSeriesSchema, { days });
    if (errors.length) throw new GenerationError(`Extractive devotionals do not match the schema: ${errors.join('; ')}`);
    return days;
  }

  private async analyse(input: GenerationInput): Promise<SermonAnalysis> {
    const last = this.last;
    if (last && last.input.transcript === input.transcript && last.input.references === input.references && last.input.lowConfidence === input.lowConfidence && last.input.doubtful === input.doubtful) return last.analysis;
    if (!input.transcript.trim()) throw new GenerationError('The transcript is empty');
    const references = input.references ?? (await this.findCitations(input.transcript));
    // The cited passages' text tells the preacher reading them aloud from the preacher's own
    // words. Without it (no SWORD module) that one distinction is lost; the days, which quote the
    // passage, still report the provider's error.
    const passages = new Map<string, string>();
    await Promise.all(
      distinctReferences(references).map(async (r) => {
        try {
          passages.set(r.osis, await this.scriptureText.passage(r.osis));
        } catch {
          // see above
        }
      }),
    );
    // The same passages as other translations word them, for the recogniser's swapped words.
    const quoted = await Promise.all(distinctReferences(references).flatMap((r) => this.quotedTranslations.map((t) => t.passage(r.osis).catch(() => ''))));
    const swaps = recognitionSwaps(input.transcript, [...passages.values(), ...quoted.filter(Boolean)], isStopword);
    // A word no dictionary and no Bible holds ("Redditude") is a mishearing however sure Whisper was.
    const knownFromPassages = new Set([...passages.values(), ...quoted].flatMap((t) => t.toLowerCase().match(/[a-z]+/g) ?? []));
    const bible = (await this.bibleWords?.()) ?? (() => false);
    const madeUp = wordsNoLexiconHolds(input.transcript, englishLexicon((w) => knownFromPassages.has(w.toLowerCase()) || bible(w)));
    const lowConfidence = madeUp.size ? new Set([...(input.lowConfidence ?? []), ...madeUp]) : input.lowConfidence;
    const analysis: SermonAnalysis = { ...analyseSermon(input.transcript, references, 5, passages, this.notices), lowConfidence, doubtful: input.doubtful, passageTexts: [...passages.values()], swaps };
    if (analysis.sections.length === 0) throw new GenerationError('The transcript has no sentences to work from');
    this.last = { input: { transcript: input.transcript, references: input.references, lowConfidence: input.lowConfidence, doubtful: input.doubtful }, analysis };
    return analysis;
  }
}

export function buildOutline(a: SermonAnalysis, sermonTitle?: string): Outline {
  // A sentence shows in one place only: a main point, the applications, the key points, the
  // illustrations or the conclusion (a call to action near the end was once both the demo
  // sermon's application and its conclusion).
  const shown = new Set<string>();
  const fresh = (s: Sentence) => !shown.has(textKey(s));
  const show = (list: readonly Sentence[]) => {
    for (const s of list) shown.add(textKey(s));
    return list.map((s) => s.text);
  };
  const titles = new Set<string>();
  const pools = a.sections.map((section) => contentPool(section, a));
  // A point is summed up by what it says; its calls to action are the applications. A point the
  // preacher did not announce, by the thesis it states when it states one ("Grace sends the runaway
  // home."), not its most central line (often the story or a quotation).
  const thesisOf = (section: Section, pool: readonly Sentence[]) => (section.statement ? undefined : pool.find((s) => !isApplication(s) && statesThesis(s.text)));
  const summaries = a.sections.map((section, i) => thesisOf(section, pools[i]!) ?? pools[i]!.find((s) => !isApplication(s)) ?? pools[i]![0] ?? section.ranked.find((s) => !a.housekeeping.has(s.index)) ?? at(section.ranked, 0));
  show(summaries);
  const content = (s: Sentence) => !a.skip.has(s.index) && wordCount(s) >= 4;
  const rankPos = new Map(a.globalRank.map((s, i) => [s.index, i]));
  const byRank = (x: Sentence, y: Sentence) => rankPos.get(x.index)! - rankPos.get(y.index)!;
  // The calls to action go to the applications before a main point may quote them.
  const said = show(distinctText(a.sentences.filter((s) => content(s) && isApplication(s) && fresh(s)).sort(byRank)).slice(0, 5).sort(byIndex));
  const mainPoints = a.sections.map((section, i) => {
    const pool = pools[i]!;
    const summary = summaries[i]!;
    // A line quoted in the details is one the recogniser was sure of ("God did not wait for us to
    // become God in heaven": "heaven" at 0.14 for "good enough"), while the point has such lines;
    // a point is never left without details.
    // (A point whose content lines went to the summary and the applications: the section's other
    // lines, a piece the recogniser split off too — "soldiers do not march alone.", its capital lost.)
    const pooled = pool.filter((s) => s !== summary && fresh(s));
    const others = pooled.length ? pooled : section.sentences.filter((s) => s !== summary && fresh(s) && !a.housekeeping.has(s.index) && !a.readings.has(s.index) && !section.statementIndexes.includes(s.index) && wordCount(s) >= 3);
    const sure = others.filter((s) => !heardUnsure(s, a));
    const support = show((sure.length ? sure : others).slice(0, 3).sort(byIndex));
    // A point that cites nothing shows no passage (the nearest one belongs to another point).
    const scripture = section.citesScripture ? (section.scripture?.display ?? '') : '';
    const title = sectionTitle(section, a, pool, titles);
    titles.add(titleKey(title));
    // Readers show the summary, the details and the scripture one after another (spec 001: "each
    // with summary, details and scripture"), so the details hold only what the other two do not.
    const details = support.length ? `<ul>${support.map((s) => `<li>“${escapeHtml(s)}”</li>`).join('')}</ul>` : '';
    return { title, summary: summary.text, details, scripture };
  });
  // Key points are never a main point's summary (already shown) or statement.
  const statements = new Set(a.sections.flatMap((section) => section.statementIndexes));
  const claims = a.globalRank.filter((s) => content(s) && !statements.has(s.index) && fresh(s) && wordCount(s) <= 35 && !s.text.endsWith('?') && !heardUnsure(s, a));
  // Key points are claims that stand alone: not the sermon's frame, not a citation, not "He says…".
  const standalone = claims.filter((s) => !isFrame(s.text) && !leansBack(s.text));
  const keyPoints = show(distinctText(standalone.length >= 3 ? standalone : claims).slice(0, 5).sort(byIndex));
  // A sermon without a call to action of its own still gets one thing to do, about its passage.
  const first = a.distinct[0]?.display;
  const applications = said.length ? said : [applicationTemplate(first)];
  const illustrations = show(distinctText(a.sentences.filter((s) => content(s) && isIllustration(s) && fresh(s)).sort(byRank)).slice(0, 3).sort(byIndex));
  const contentSentences = a.sentences.filter(content);
  // The conclusion comes from the sermon's last stretch, reaching further back when everything
  // there already shows elsewhere.
  let conclusion: string[] = [];
  for (const share of [0.85, 0.7, 0.5]) {
    const tailStart = contentSentences[Math.floor(contentSentences.length * share)]?.index ?? 0;
    conclusion = distinctText(contentSentences.filter((s) => s.index >= tailStart && fresh(s) && !isGarbled(s.text) && !heardUnsure(s, a)).sort(byRank)).slice(0, 3).sort(byIndex).map(withoutSignpost);
    if (conclusion.length) break;
  }
  // Everything the sermon closed with already shows elsewhere: the conclusion gathers its points.
  // (A title that is one of the point's own sentences is not said again.)
  const wordsKey = (t: string) => (t.toLowerCase().match(/[a-z][a-z']*/g) ?? []).join(' ');
  const shownWords = new Set([...shown].map(wordsKey));
  if (!conclusion.length && mainPoints.length >= 2) conclusion = pointsRecap(a, mainPoints.map((p) => p.title)).filter((line) => !shownWords.has(wordsKey(line)));
  return {
    theme: outlineThemeOf(a, mainPoints, sermonTitle),
    mainPoints,
    keyPoints,
    scriptures: a.distinct.map((r) => r.display),
    applications,
    application: applications.slice(0, 3).map((t) => `<p>${escapeHtml(t)}</p>`).join(''),
    illustrations,
    conclusion,
  };
}

/** "Our third point: love sends us out." closes a sermon as "Love sends us out." */
function withoutSignpost(s: Sentence): string {
  const said = announcedPoint(s.text)?.trim().replace(/[.!?]+$/, '');
  if (!said || said.split(/\s+/).length < 3) return s.text;
  return `${said[0]!.toUpperCase()}${said.slice(1)}.`;
}

const textKey = (s: Sentence) => s.text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Five sections: the sermon's points, the one with most content split while it has enough for
 * two days; a sermon too short for that revisits its points in turn.
 */
function daySections(a: SermonAnalysis): Section[] {
  let sections = [...a.sections];
  const unsplittable = new Set<Section>();
  while (sections.length < DAYS) {
    const contentOf = (s: Section) => (unsplittable.has(s) ? -1 : s.sentences.filter((x) => isContent(x, a)).length);
    const largest = sections.reduce((best, s, i) => (contentOf(s) > contentOf(at(sections, best)) ? i : best), 0);
    const halves = unsplittable.has(at(sections, largest)) ? undefined : splitSection(at(sections, largest), a);
    if (!halves) {
      if (sections.some((s) => !unsplittable.has(s))) { unsplittable.add(at(sections, largest)); continue; }
      sections = [...sections, at(a.sections, (sections.length - a.sections.length) % a.sections.length)];
      continue;
    }
    sections = [...sections.slice(0, largest), ...halves, ...sections.slice(largest + 1)];
  }
  return sections.slice(0, DAYS);
}

const byIndex = (x: Sentence, y: Sentence) => x.index - y.index;

/**
 * What the points share: the subject the preacher names for them ("three things grace does"), else
 * a word of their statements; else the sermon's own title (its words the preacher says); else a
 * word every section says; else its leading noun phrase.
 */
export function outlineThemeOf(a: SermonAnalysis, mainPoints: readonly { title: string; summary: string }[], sermonTitle?: string): string {
  const trusted = (w: string) => !a.lowConfidence?.has(w);
  // The preacher's own statements of the points first, then the title the church typed: a word
  // every section says is as often the story's setting ("King", "Market", "Room") as its theme,
  // so it comes after both. Our titles repeating a word is our choice of headline ("Long List of
  // Ordinary Men", "The List"), so it comes last.
  const lower = lowerCaseWords(a);
  const statements = a.sections.map((s) => s.statement ?? '');
  const headlines = a.sections.map((s, i) => s.statement ?? `${mainPoints[i]?.title ?? ''}`);
  const stated = namedSubject(a) ?? sharedTheme(statements, trusted, lower);
  if (stated) return withSwapsUndone(stated, a.swaps ?? new Map());
  const titled = sermonTitle ? titleTheme(sermonTitle, a) : undefined;
  if (titled) return titled;
  const shared = sectionsTheme(a, trusted) ?? sharedTheme(headlines, trusted, lower);
  if (shared) return withSwapsUndone(shared, a.swaps ?? new Map());
  return withSwapsUndone(outlineTheme(a) || (mainPoints[0]?.title ?? ''), a.swaps ?? new Map());
}

/**
 * The points as sentences ("Love comes before effort."): each section's announced statement when
 * it was heard cleanly, else its title in sentence case, keeping the words the sermon only ever
 * capitalises (God, Jesus, Paul).
 */
function pointsRecap(a: SermonAnalysis, titles: readonly string[]): string[] {
  const words = a.sentences.flatMap((s) => s.text.split(/\s+/).slice(1).map((w) => w.replace(/[^A-Za-z']/g, '')));
  const lower = new Set(words.filter((w) => /^[a-z]/.test(w)));
  const names = new Set(words.filter((w) => /^[A-Z][a-z']+$/.test(w) && !lower.has(w.toLowerCase())));
  const sentenceCase = (title: string) => title.split(/\s+/).map((w, i) => (i === 0 || names.has(w) ? w : w.toLowerCase())).join(' ');
  const recap = titles.map((title, i) => {
    const statement = a.sections[i]?.statement;
    const said = statement && !isGarbled(statement) && statement.split(/\s+/).length <= 12 ? statement : sentenceCase(title);
    return `${said.charAt(0).toUpperCase()}${said.slice(1).replace(/[.!?,;:]+$/, '')}.`;
  });
  return [...new Set(recap)];
}

/** Whether a sentence holds a word the recogniser was unsure of. */
function heardUnsure(s: Sentence, a: SermonAnalysis): boolean {
  const unsure = a.lowConfidence;
  return !!unsure?.size && s.text.split(/\s+/).some((w) => unsure.has(unsureKey(w)));
}

/** The first sentence of each wording (a preacher repeats a line for emphasis). */
function distinctText(sentences: readonly Sentence[]): Sentence[] {
  const seen = new Set<string>();
  return sentences.filter((s) => {
    const key = s.text.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function wordCount(s: Sentence): number {
  return s.text.split(/\s+/).length;
}
