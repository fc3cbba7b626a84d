// The small-group discussion guide, generated from the outline and grounded in the transcript:
// one section per main point with its scripture, a sentence the preacher actually said about it
// (verbatim from the transcript) and questions that move from observation to interpretation to
// application. Deterministic: no model is needed, so every sermon that has an outline gets one.

/** The parts of an outline the guide reads (the pipeline's Outline has them; an edited one is read leniently, see outlineForGuide). */
export interface GuideOutline {
  theme: string;
  mainPoints: { title: string; summary: string; scripture: string }[];
  keyPoints: string[];
  scriptures: string[];
  applications: string[];
  application: string;
}

export interface DiscussionGuideSection {
  point: string;
  scripture: string;
  /** A sentence of the transcript, verbatim ('' when nothing in it speaks to the point). */
  quote: string;
  questions: string[];
}

export interface DiscussionGuide {
  title: string;
  introduction: string;
  icebreaker: string;
  sections: DiscussionGuideSection[];
  closing: { application: string; prayer: string };
}

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have he her his i in is it its let me my of on or our so that the their them they this to us was we were what when who will with you your not do does did can could would should than then there these those into about also just very all one'.split(' '),
);

function plain(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
}

function stems(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z']+/g) ?? [])
      .map((w) => w.replace(/'s$/, '').replace(/(ing|ed|es|s)$/, ''))
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w)),
  );
}

/** The transcript's sentences (8 to 45 words: a quotable line, not a fragment or a paragraph). */
export function sentencesOf(transcript: string): string[] {
  return (transcript.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => {
      const words = s.split(' ').length;
      return words >= 6 && words <= 45;
    });
}

/** The sentence sharing the most content words with the point (ties: the earlier one). */
export function groundingQuote(sentences: string[], point: string, used: Set<string>): string {
  const wanted = stems(point);
  let best = '';
  let bestScore = 0;
  for (const sentence of sentences) {
    if (used.has(sentence)) continue;
    const have = stems(sentence);
    let score = 0;
    for (const stem of wanted) if (have.has(stem)) score += 1;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best;
}

function unquoted(text: string): string {
  return text.replace(/^["“”']+|["“”'.]+$/g, '').trim();
}

export function generateDiscussionGuide(input: { outline: GuideOutline; transcript: string; title?: string }): DiscussionGuide {
  const { outline } = input;
  const title = input.title?.trim() || outline.theme || 'This sermon';
  const sentences = sentencesOf(input.transcript);
  const used = new Set<string>();
  const points = outline.mainPoints.length > 0
    ? outline.mainPoints.map((p) => ({ title: plain(p.title), summary: plain(p.summary), scripture: plain(p.scripture) }))
    : outline.keyPoints.map((k) => ({ title: plain(k), summary: '', scripture: '' }));

  const sections = points.map((point, index) => {
    const quote = groundingQuote(sentences, `${point.title} ${point.summary}`, used);
    if (quote) used.add(quote);
    const scripture = point.scripture || outline.scriptures[index] || '';
    const questions: string[] = [];
    if (scripture) questions.push(`Read ${scripture} aloud. What do you notice in it about “${unquoted(point.title)}”?`);
    else questions.push(`What do you think the sermon meant by “${unquoted(point.title)}”?`);
    if (quote) questions.push(`The sermon said: “${unquoted(quote)}.” What does that mean to you, and where have you seen it to be true?`);
    if (point.summary && point.summary !== point.title) questions.push(`“${unquoted(point.summary)}.” Do you agree? What makes it hard to believe or to live?`);
    questions.push(`What is one way “${unquoted(point.title)}” could shape a decision you face this week?`);
    return { point: point.title, scripture, quote, questions };
  });

  const application = outline.applications[0] ? plain(outline.applications[0]) : plain(outline.application);
  const theme = unquoted(plain(outline.theme)) || unquoted(title);
  return {
    title: `${title} - Discussion Guide`,
    introduction: `This guide walks a small group through “${unquoted(title)}” in ${sections.length} ${sections.length === 1 ? 'part' : 'parts'}${sections.length > 0 ? `: ${sections.map((s) => unquoted(s.point)).join('; ')}` : ''}. Read each scripture aloud, then take the questions in order; about 45 minutes.`,
    icebreaker: `What is one thing you remember from the message on “${theme}”, and why did it stay with you?`,
    sections,
    closing: {
      application: application || `Each person names one step they will take this week in response to “${theme}”.`,
      prayer: `Close by praying for one another, asking God for help to live out “${theme}” this week.`,
    },
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A stored or edited outline (any JSON object) as the guide reads it: missing or mistyped parts are empty. */
export function outlineForGuide(outline: Record<string, unknown>): GuideOutline {
  const points = Array.isArray(outline.mainPoints) ? outline.mainPoints : [];
  return {
    theme: text(outline.theme),
    mainPoints: points
      .filter((point): point is Record<string, unknown> => point !== null && typeof point === 'object' && !Array.isArray(point))
      .map((point) => ({ title: text(point.title), summary: text(point.summary), scripture: text(point.scripture) }))
      .filter((point) => point.title.trim() !== ''),
    keyPoints: texts(outline.keyPoints),
    scriptures: texts(outline.scriptures),
    applications: texts(outline.applications),
    application: text(outline.application),
  };
}
