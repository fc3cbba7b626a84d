// The local default generator: an extractive, deterministic reading of the transcript. Every
// sentence it shows is the preacher's own, every scripture is one the sermon cites, and passage
// text comes from the ScriptureTextProvider; only prayers and questions are templates, filled
// with the day's key phrase and scripture.
import type { ScriptureTextProvider } from '../scripture/scripture-text.provider.ts';
import { analyseSermon, isApplication, pointStatement, isIllustration, splitSection, type Section, type SermonAnalysis } from './extractive.analysis.ts';
import { at, escapeHtml, titleCase, type Sentence } from './extractive.text.ts';
import { outlineSchema, devotionalSeriesSchema, schemaErrors } from './content.schema.ts';
import {
  GenerationError,
  type DevotionalDay,
  type DevotionalGenerator,
  type GenerationInput,
  type Outline,
  type OutlineGenerator,
  type PassageForm,
  type Reflection,
} from './content.types.ts';

const DAYS = 5;

export class ExtractiveGenerator implements OutlineGenerator, DevotionalGenerator {
  private readonly scriptureText: ScriptureTextProvider;
  // The pipeline asks for the outline then the devotionals of the same transcript.
  private last?: { input: GenerationInput; analysis: SermonAnalysis };

  constructor(options: { scriptureText: ScriptureTextProvider }) {
    this.scriptureText = options.scriptureText;
  }

  async generateOutline(input: GenerationInput): Promise<Outline> {
    const analysis = this.analyse(input);
    const outline = buildOutline(analysis);
    const errors = schemaErrors(outlineSchema, outline);
    if (errors.length) throw new GenerationError(`Extractive outline does not match the schema: ${errors.join('; ')}`);
    return outline;
  }

  async generateDevotionals(input: GenerationInput & { outline?: Outline }): Promise<DevotionalDay[]> {
    const analysis = this.analyse(input);
    const sections = daySections(analysis);
    const days = await Promise.all(Array.from({ length: DAYS }, (_, i) => this.buildDay(i + 1, at(sections, i), analysis)));
    const errors = schemaErrors(devotionalSeriesSchema, { days });
    if (errors.length) throw new GenerationError(`Extractive devotionals do not match the schema: ${errors.join('; ')}`);
    return days;
  }

  private analyse(input: GenerationInput): SermonAnalysis {
    const last = this.last;
    if (last && last.input.transcript === input.transcript && last.input.references === input.references) return last.analysis;
    const analysis = analyse(input);
    this.last = { input: { transcript: input.transcript, references: input.references }, analysis };
    return analysis;
  }

  private async buildDay(day: number, section: Section, analysis: SermonAnalysis): Promise<DevotionalDay> {
    const phrase = section.phrase;
    const ref = section.scripture;
    const reference = ref?.display ?? '';
    const text = ref ? await this.scriptureText.passage(ref.osis) : '';
    const citing = ref ? sentenceAt(analysis.sentences, ref.start) : undefined;
    const around = citing ? analysis.sentences.slice(Math.max(0, citing.index - 1), citing.index + 2) : [];
    const passage = (context: string): PassageForm => ({ reference, text, context });
    const ranked = section.ranked.filter((x) => !pointStatement(x));
    const summary = ranked[0]?.text ?? '';
    const takeaway = section.statement ? sentenceCase(section.statement) : summary;
    const application = section.sentences.find(isApplication) ?? ranked[2] ?? ranked[0];
    const observations = ranked.slice(1, 6).filter((s) => s !== application).sort(byIndex);
    const scripturePhrase = reference ? `${reference}` : 'your word';
    const quick: Reflection = {
      observations: observations.slice(0, 2).map((s) => s.text),
      interpretation: summary,
      application: application?.text ?? summary,
      keyTakeaway: takeaway,
      question: `What is one way you can live out this truth today: “${trimWords(takeaway, 25)}”?`,
    };
    const full: Reflection = {
      observations: observations.map((s) => s.text),
      interpretation: ranked.slice(0, 2).sort(byIndex).map((s) => s.text).join(' '),
      application: [application, ...section.sentences.filter((s) => isApplication(s) && s !== application).slice(0, 2)].filter(Boolean).map((s) => s!.text).join(' '),
      keyTakeaway: takeaway,
      question: `Read ${scripturePhrase} again with this line from the sermon in mind: “${trimWords(summary, 30)}” Where in your home, work or church will this truth about ${phrase} matter most this week, and what will you do differently?`,
    };
    const others = [...section.otherScriptures, ...analysis.distinct.filter((r) => r.osis !== ref?.osis && !section.otherScriptures.includes(r))].slice(0, 3);
    return {
      day_number: day,
      title: sectionTitle(section),
      theme: titleCase(phrase),
      opening_prayer: {
        quick: `Lord, as I read ${scripturePhrase}, teach me about ${phrase}. Amen.`,
        full: `Heavenly Father, I come to ${scripturePhrase} today. Open my eyes to see what it says about ${phrase}, quiet my heart to listen, and make me ready to obey. In Jesus’ name, amen.`,
      },
      scripture_passage: {
        quick: passage(citing?.text ?? ''),
        full: passage(around.map((s) => s.text).join(' ')),
      },
      reflection: { quick, full },
      closing_prayer: {
        quick: `Lord, let ${phrase} shape my day. Amen.`,
        full: `Father, thank you for ${scripturePhrase}. ${trimWords(summary, 40)} Help me carry ${phrase} into my home, my work and my church this week, and keep me faithful when it is hard. In Jesus’ name, amen.`,
      },
      additional_scripture: others.map((r) => ({ reference: r.display, note: trimWords(sentenceAt(analysis.sentences, r.start)?.text ?? '', 40) })),
    };
  }
}

function analyse(input: GenerationInput): SermonAnalysis {
  if (!input.transcript.trim()) throw new GenerationError('The transcript is empty');
  const analysis = analyseSermon(input.transcript, input.references);
  if (analysis.sections.length === 0) throw new GenerationError('The transcript has no sentences to work from');
  return analysis;
}

export function buildOutline(a: SermonAnalysis): Outline {
  const mainPoints = a.sections.map((section) => {
    const ranked = section.ranked.filter((x) => !pointStatement(x));
    const summary = ranked[0] ?? at(section.ranked, 0);
    const support = ranked.slice(1, 4).sort(byIndex);
    const scripture = section.scripture?.display ?? '';
    const details = [
      `<p>${escapeHtml(summary.text)}</p>`,
      support.length ? `<ul>${support.map((s) => `<li>“${escapeHtml(s.text)}”</li>`).join('')}</ul>` : '',
      scripture ? `<p><strong>Scripture:</strong> ${escapeHtml(scripture)}</p>` : '',
    ].join('');
    return { title: sectionTitle(section), summary: summary.text, details, scripture };
  });
  const used = new Set(a.sections.map((s) => at(s.ranked, 0).index));
  for (const s of a.sentences) if (pointStatement(s)) used.add(s.index);
  const keyPoints = a.globalRank.filter((s) => !used.has(s.index) && wordCount(s) <= 35).slice(0, 5).sort(byIndex).map((s) => s.text);
  const rankPos = new Map(a.globalRank.map((s, i) => [s.index, i]));
  const byRank = (x: Sentence, y: Sentence) => rankPos.get(x.index)! - rankPos.get(y.index)!;
  const applications = a.sentences.filter(isApplication).sort(byRank).slice(0, 5).sort(byIndex).map((s) => s.text);
  const illustrations = a.sentences.filter(isIllustration).sort(byRank).slice(0, 3).sort(byIndex).map((s) => s.text);
  const last = at(a.sections, a.sections.length - 1);
  const tailStart = a.sentences[Math.floor(a.sentences.length * 0.85)]?.index ?? 0;
  const conclusion = a.sentences.filter((s) => s.index >= tailStart).sort(byRank).slice(0, 3).sort(byIndex).map((s) => s.text);
  return {
    theme: titleCase(a.themePhrases[0] ?? last.phrase),
    mainPoints,
    keyPoints,
    scriptures: a.distinct.map((r) => r.display),
    applications,
    application: applications.slice(0, 3).map((t) => `<p>${escapeHtml(t)}</p>`).join(''),
    illustrations,
    conclusion,
  };
}

/** Five sections: the sermon's points, the largest split when there are fewer than five. */
function daySections(a: SermonAnalysis): Section[] {
  let sections = [...a.sections];
  while (sections.length < DAYS) {
    const largest = sections.reduce((best, s, i) => (s.sentences.length > at(sections, best).sentences.length ? i : best), 0);
    const section = at(sections, largest);
    if (section.sentences.length < 2) {
      // A transcript of a sentence or two: the days revisit the sermon's points in turn.
      sections = [...sections, at(a.sections, sections.length % a.sections.length)];
      continue;
    }
    sections = [...sections.slice(0, largest), ...splitSection(section, a.references, a.idf), ...sections.slice(largest + 1)];
  }
  return sections.slice(0, DAYS);
}

/** The preacher's own wording of the point when short enough, else the key phrase. */
function sectionTitle(section: Section): string {
  const statement = section.statement?.replace(/[,;:].*$/, '');
  if (statement && statement.split(/\s+/).length <= 9) return titleCase(statement);
  return titleCase(section.phrase);
}

function sentenceCase(text: string): string {
  const t = text.trim();
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
}

function sentenceAt(sentences: readonly Sentence[], offset: number): Sentence | undefined {
  return sentences.find((s) => s.end > offset) ?? sentences[sentences.length - 1];
}

const byIndex = (x: Sentence, y: Sentence) => x.index - y.index;

function wordCount(s: Sentence): number {
  return s.text.split(/\s+/).length;
}

function trimWords(text: string, max: number): string {
  const words = text.split(/\s+/);
  return words.length <= max ? text : `${words.slice(0, max).join(' ')}…`;
}
