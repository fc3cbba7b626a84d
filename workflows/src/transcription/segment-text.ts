// How a recogniser's segments become the transcript's text. Whisper writes each segment as if it
// began a sentence: the first word capitalised ("…where you go, I will go, And where you stay…")
// even mid-sentence, no full stop before a new sentence that starts a segment ("…every day this
// week If it is safe…"), and at times the window's last word again ("…in that while While we were
// yet sinners…"). The join mends those three; everything inside a segment is left as heard.
import { isCommonWord, repeatedByRecogniser, wordCase, type WordCase } from '../content/generation/extractive.text.ts';

// A segment ending on one of these runs on into the next ("…and || The old…", "…the day of || Jesus…",
// "…and then he || Went home…", "…who came to Jesus was || Healed…"): a sentence seldom ends on
// them, and when one does Whisper writes its full stop.
const RUNS_ON = new Set(
  ('a an the and or but nor of to in on at by for with from into than that this these those his her its our your their my as if so then when while who whom whose which what where ' +
    'i he she we they am is are was were be been being shall should would could must might').split(' '),
);

/** The transcript's text from its segments, in order. */
export function segmentsText(segments: readonly { text: string }[]): string {
  const texts = segments.map((s) => s.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const usage = wordCase(texts.join(' '));
  let text = texts[0] ?? '';
  for (const next of texts.slice(1)) text = join(text, next, usage);
  return text;
}

function join(before: string, after: string, usage: WordCase): string {
  const last = /([A-Za-z][a-z']*)?([^A-Za-z\s]*)$/.exec(before)!;
  const lastWord = last[1] ?? '';
  const ending = last[2] ?? '';
  let next = after;
  let first = /^[A-Za-z][a-z']*/.exec(next)?.[0] ?? '';
  if (lastWord && !ending && first && repeatedByRecogniser(lastWord, first)) {
    next = next.slice(first.length).trimStart();
    if (!next) return before;
    first = /^[A-Za-z][a-z']*/.exec(next)?.[0] ?? '';
  }
  const common = /^[A-Z]/.test(first) && isCommonWord(first, usage);
  if (common && /^[,;:]$/.test(ending)) next = `${first.toLowerCase()}${next.slice(first.length)}`;
  else if (common && (/^\d+$/.test(ending) || (lastWord && !ending)) && !RUNS_ON.has(lastWord.toLowerCase())) return `${before}. ${next}`;
  return `${before} ${next}`;
}
