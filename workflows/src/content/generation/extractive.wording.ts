// Titles, themes, prayers and questions of the extractive generator. Titles and themes are the
// preacher's own words (the announced point, a short sentence, a noun phrase); prayers and
// questions are fixed grammatical frames around those words.
import type { Section, SermonAnalysis } from './extractive.analysis.ts';
import { compressClause, headlineCase, lowerFirst, prayableClause, standsAlone } from './extractive.discourse.ts';
import { phraseTitle, type NounPhrase } from './extractive.phrases.ts';
import { isStopword, titleCase, type Sentence } from './extractive.text.ts';

const MAX_TITLE_WORDS = 6;

const norm = (t: string) => t.toLowerCase().replace(/[^a-z' ]/g, '').replace(/\b(?:the|a|an)\b/g, '').replace(/\s+/g, ' ').trim();

/**
 * The section's title: the announced point cut to six words, else a short sentence that stands
 * alone, else its best noun phrase; never one of `taken`.
 */
export function sectionTitle(section: Section, a: SermonAnalysis, pool: readonly Sentence[], taken: ReadonlySet<string>): string {
  const candidates: string[] = [];
  if (section.statement) candidates.push(compressClause(section.statement, MAX_TITLE_WORDS));
  for (const s of pool) if (standsAlone(s.text, MAX_TITLE_WORDS)) candidates.push(compressClause(s.text, MAX_TITLE_WORDS));
  for (const p of section.nounPhrases.slice(0, 4)) candidates.push(phraseTitle(p.surface));
  for (const s of pool) if (standsAlone(s.text, 9)) candidates.push(compressClause(s.text, MAX_TITLE_WORDS));
  for (const p of a.sermonPhrases.slice(0, 8)) candidates.push(phraseTitle(p.surface));
  // Nothing but housekeeping: the section's key word, so the day still has a heading.
  candidates.push(titleCase(section.phrase));
  const chosen = candidates.find((c) => c && !taken.has(norm(c))) ?? candidates.find(Boolean) ?? '';
  return headlineCase(chosen);
}

/** A noun phrase for the day's theme, distinct from its title and from other days' themes. */
export function themePhrase(section: Section, a: SermonAnalysis, title: string, taken: ReadonlySet<string>): NounPhrase | undefined {
  const fits = (p: NounPhrase) => {
    const t = norm(phraseTitle(p.surface));
    return !taken.has(t) && t !== norm(title) && p.surface.split(/\s+/).length <= MAX_TITLE_WORDS;
  };
  return section.nounPhrases.find(fits);
}

const NOUN_SUFFIX = /(?:ing|ness|tion|sion|ment|ity|ance|ence|ship|hood|dom)$/;

/**
 * A theme when the section has no noun phrase of its own: the subject of its point
 * ("suffering"), its key word when the sermon uses it as a noun, else a phrase of the sermon no
 * later day needs.
 */
export function themeWord(section: Section, a: SermonAnalysis, taken: ReadonlySet<string>, later: ReadonlySet<string>): string | undefined {
  const nounish = (w: string) => a.nouns.has(w.toLowerCase()) || NOUN_SUFFIX.test(w.toLowerCase());
  // "Love comes before effort": a content word followed by a verb is the point's subject.
  const [subject, verb] = section.statement?.split(/\s+/) ?? [];
  const isSubject = subject !== undefined && /^[a-z]{4,}$/i.test(subject) && !isStopword(subject.toLowerCase()) && verb !== undefined && /^(?:is|are|was|were|will|can|does|has|[a-z]+[^s]s)$/i.test(verb);
  const words = [...(isSubject ? [subject] : []), ...section.phrases.filter((p) => !p.includes(' ') && nounish(p))];
  const word = words.map(titleCase).find((w) => !taken.has(norm(w)));
  if (word) return word;
  const phrase = a.sermonPhrases.find((p) => !later.has(p.key) && !taken.has(norm(phraseTitle(p.surface))));
  return phrase ? phraseTitle(phrase.surface) : undefined;
}

export function outlineTheme(a: SermonAnalysis): string {
  // A phrase of two words or more names a sermon better than a lone noun ("The Good Shepherd").
  const best = a.sermonPhrases.slice(0, 3).find((p) => p.terms.length > 1) ?? a.sermonPhrases[0];
  if (best) return phraseTitle(best.surface);
  const noun = a.themePhrases.find((p) => p.split(' ').every((w) => a.nouns.has(w.toLowerCase())));
  return noun ? titleCase(noun) : '';
}

export type Wording = {
  reference: string;
  /** The point as a clause a prayer can complete ("love comes before effort"). */
  clause?: string;
  /** The key takeaway as written. */
  takeaway: string;
  /** The day's noun phrase as said ("the gift of a Son"). */
  phrase?: string;
  /** The sentence that best explains the passage. */
  line: string;
};

export function pointClause(statement: string | undefined, takeaway: string): string | undefined {
  return (statement ? prayableClause(statement) : undefined) ?? prayableClause(takeaway);
}

const quoted = (text: string) => `“${trimWords(text.trim(), 30).replace(/[.!?…]+$/, '')}.”`;
const subject = (w: Wording) => (w.reference ? w.reference : 'your word');

/** The day's phrase, unless the point already says it ("…through the dark valley"). */
function freshPhrase(w: Wording): string | undefined {
  if (!w.phrase) return undefined;
  const key = w.phrase.toLowerCase().replace(/^(?:the|a|an) /, '');
  return w.clause?.toLowerCase().includes(key) ? undefined : lowerFirst(w.phrase);
}

export function openingPrayer(w: Wording): { quick: string; full: string } {
  const phrase = freshPhrase(w);
  const about = phrase ? ` about ${phrase}` : '';
  if (w.clause) {
    return {
      quick: `Lord, as I read ${subject(w)}, open my heart to this truth: ${w.clause}. Amen.`,
      full: `Heavenly Father, I come to ${subject(w)} today. Quiet my heart, open my eyes to what it says${about}, and teach me that ${w.clause}. Make me ready to obey what I read. In Jesus’ name, amen.`,
    };
  }
  return {
    quick: `Lord, as I read ${subject(w)}, let this word settle in my heart: ${quoted(w.takeaway)} Amen.`,
    full: `Heavenly Father, I come to ${subject(w)} today. Quiet my heart and open my eyes to what it says${about}. Let this word from the sermon take root in me: ${quoted(w.takeaway)} Make me ready to obey what I read. In Jesus’ name, amen.`,
  };
}

export function closingPrayer(w: Wording): { quick: string; full: string } {
  const carry = w.clause ? `Help me live this week as someone who believes that ${w.clause}.` : `Help me carry this word into my week: ${quoted(w.takeaway)}`;
  return {
    quick: w.clause ? `Lord, thank you that ${w.clause}. Help me live it today. Amen.` : `Lord, help me live out what I heard today: ${quoted(w.takeaway)} Amen.`,
    full: `Father, thank you for ${subject(w)}${freshPhrase(w) ? ` and for what it shows me about ${freshPhrase(w)}` : ''}. ${carry} Where it is hard, keep me faithful; where I fall short, forgive me and lift me up. In Jesus’ name, amen.`,
  };
}

export function questions(w: Wording): { quick: string; full: string } {
  return {
    quick: w.clause ? `How does knowing that ${w.clause} change the way you will live today?` : `What is one way you can live out this truth today: ${quoted(w.takeaway)}?`.replace('.”?', '”?'),
    full: `Read ${subject(w)} again with this line from the sermon in mind: ${quoted(w.line)} Where in your home, work or church will this truth matter most this week, and what will you do differently?`,
  };
}

export function trimWords(text: string, max: number): string {
  const words = text.split(/\s+/);
  return words.length <= max ? text : `${words.slice(0, max).join(' ')}…`;
}
