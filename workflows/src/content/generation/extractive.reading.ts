// How the content steps read a transcript into sentences. Whisper's beam search (and its segment
// joins) runs sentences together with commas ("…share a meal with a neighbour, let us pray,
// Father, …", "…where you go, I will go, And where you stay…") and doubles a word where one
// 30-second window hands over to the next ("that all all winter", "while While"): those are read
// back into the sentences the preacher said.
import { NUMBER_HOMOPHONES } from '../scripture/scripture.numbers.ts';
import { isAnnouncement } from './extractive.notices.ts';
import { contentTerms, isCommonWord, repeatedByRecogniser, splitSentences, wordCase, type Sentence, type WordCase } from './extractive.text.ts';

/** The transcript's sentences, comma-joined ones apart and window-edge doubles dropped. */
export function readSentences(transcript: string): Sentence[] {
  const usage = wordCase(transcript);
  return withPointNumbers(splitSentences(transcript))
    .flatMap((s) => clausesOf(s, usage))
    .map((s, index) => {
      const text = withoutDoubledWords(s.text);
      return text === s.text ? { ...s, index } : { ...s, index, text, terms: contentTerms(text) };
    });
}

// "Point three, …" written as a decimal ("0.3. Praise makes us…"), and "Number two, …" as a bare
// list number ("2. God holds us…"), alone or at the head of the point's sentence.
const POINT_NUMBER = /^(?:0?\.([1-6])|([1-6])\.)(?:[.,]?\s+|[.,]?$)/;
// The same count written in words ("One, the church prayed…", "Two, God answered…"): the preacher
// counting the points by number alone, as "1. …" is written for it elsewhere.
const POINT_WORD = /^(one|two|three|four|five|six)[,:]\s+(?=\S)/i;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6 };
// "Point two", "Number 2", "my second point", "Second, …": how far the sermon has counted its points.
const POINT_COUNTED = /\b(?:point|number) (one|two|three|four|five|six|[1-6])\b|\b(first|second|third|fourth|fifth|sixth) point\b|^(first|second|third|fourth|fifth|sixth),/gi;

function pointsCounted(text: string): number {
  let most = 0;
  for (const m of text.matchAll(POINT_COUNTED)) {
    const said = (m[1] ?? m[2] ?? m[3]!).toLowerCase();
    most = Math.max(most, NUMBER_WORDS[said] ?? Number(said));
  }
  return most;
}

/**
 * A point number the recogniser wrote as a bare number is said as "Point N, …", where the sermon
 * is counting its points: the first or second, or the one after a point already counted (a bare
 * "5." after "How many loaves did he have?" answers the question).
 */
function withPointNumbers(sentences: readonly Sentence[]): Sentence[] {
  const out: Sentence[] = [];
  let counted = 0;
  for (let k = 0; k < sentences.length; k += 1) {
    const s = sentences[k]!;
    const homophone = pointHeardAs(s.text, counted);
    const heard = homophone ?? pointInWords(s.text, counted);
    const m = heard ? undefined : POINT_NUMBER.exec(s.text);
    if (heard) {
      // "Point 3." alone, its words in the next sentence; "point to guard your mouth" after point one.
      // (A count in words that starts again at one has still counted as far as before: "3." follows.)
      counted = homophone ? heard.n : Math.max(counted, heard.n);
      const said = `Point ${heard.n}, `;
      const next = sentences[k + 1];
      if (heard.rest) out.push({ ...s, text: said + heard.rest, terms: contentTerms(said + heard.rest) });
      else if (next) {
        out.push({ ...s, text: said + next.text, end: next.end, terms: contentTerms(said + next.text) });
        k += 1;
      } else out.push(s);
      continue;
    }
    const n = m ? Number(m[1] ?? m[2]) : 0;
    if (!m || (n > 2 && n > counted + 1)) {
      counted = Math.max(counted, pointsCounted(s.text));
      out.push(s);
      continue;
    }
    counted = Math.max(counted, n);
    const said = `Point ${n}, `;
    const rest = s.text.slice(m[0].length);
    const next = sentences[k + 1];
    if (rest) out.push({ ...s, text: said + rest, terms: contentTerms(said + rest) });
    else if (next) {
      out.push({ ...s, text: said + next.text, end: next.end, terms: contentTerms(said + next.text) });
      k += 1;
    } else out.push(s);
  }
  return out;
}

// "Point 3." said as a sentence of its own; "point to guard your mouth": the number heard as a word
// that sounds like it (to, too, for, free, won), which is the point only as the next of the count.
const POINT_ALONE = /^(?:so,? |and |now,? )?(?:point|number) (one|two|three|four|five|six|[1-6])[.!:]?$/i;
const POINT_HOMOPHONE = /^(?:so,? |and |now,? )?point (to|too|for|free|won)\b[,:]?\s+(\S.*)$/i;

/**
 * "One, …", "Two, …" as the count of the points: the first, the count starting again, or the next
 * one (a bare "Three, …" before anything was counted is no point number).
 */
function pointInWords(text: string, counted: number): { n: number; rest: string } | undefined {
  const m = POINT_WORD.exec(text.trim());
  const n = m ? NUMBER_WORDS[m[1]!.toLowerCase()]! : 0;
  const rest = m ? text.trim().slice(m[0].length) : '';
  return m && n <= counted + 1 && rest.split(/\s+/).length >= 2 ? { n, rest } : undefined;
}

function pointHeardAs(text: string, counted: number): { n: number; rest: string } | undefined {
  const alone = POINT_ALONE.exec(text.trim());
  if (alone) {
    const said = alone[1]!.toLowerCase();
    return { n: NUMBER_WORDS[said] ?? Number(said), rest: '' };
  }
  const homophone = POINT_HOMOPHONE.exec(text.trim());
  const n = homophone ? NUMBER_HOMOPHONES[homophone[1]!.toLowerCase()] : undefined;
  return homophone && n !== undefined && counted >= 1 && n === counted + 1 ? { n, rest: homophone[2]! } : undefined;
}

// After these a capitalised word starts a quotation, not a new sentence ("He says, Your way is…").
const SPEECH_BEFORE = /\b(?:says?|said|saying|asks?|asked|answers?|answered|writes|wrote|written|prays?|prayed|cried|cries|(?:tells?|told|reminds?) (?:us|you|them|him|her)|loud|this|is|are)$/i;
const PRAYER_CALL = /^(?:let us|let's) pray\b/i;
// "…, Philippians 4, 6 and 7 says, …", "…, Jesus said in Matthew 6.34, …": someone (a name, a
// book) said to speak starts a sentence of its own; after a clause that leads into it ("When
// enemies mocked them, Nehemiah said…", "And on the third day, God said…") it does not.
const NAMED_SPEAKER = /^[A-Z][a-z']*(?: (?:[A-Za-z0-9.:-]+|\d+,)){0,5}? (?:says|said|tells us|told us|writes|wrote|gives us|reminds us|answered|replied|asked)\b/;
// "…, but James tells us what to do about him, …": the same speaker after "and" or "but".
const JOINED_SPEAKER = new RegExp(`^(?:and|but) ${NAMED_SPEAKER.source.slice(1)}`);
// "My third point, …", "Number two, …": the point's own words follow.
const POINT_BEFORE = /\b(?:point|number (?:one|two|three|four|five|six|\d))$/i;
const LEADS_IN = /^(?:(?:and|but|then|now|yet),? )?(?:when|whenever|while|if|as|because|since|after|before|until|though|although|once|in|on|at|so)\b/i;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Where a new sentence clearly starts after a comma: a capitalised word the sermon otherwise
 * writes in lower case (so not a name, not "I"), a named speaker, or "let us pray". A church notice stays whole,
 * so that none of its clauses passes for content.
 */
function clauseStarts(text: string, usage: WordCase): number[] {
  const cuts: number[] = [];
  if (isAnnouncement(text)) return cuts;
  for (const m of text.matchAll(/, +(?=\S)/g)) {
    const at = m.index + m[0].length;
    const before = text.slice(cuts.at(-1) ?? 0, m.index);
    const rest = text.slice(at);
    const next = /^[A-Za-z][a-z']*\b/.exec(rest)?.[0] ?? '';
    const commonWord = /^[A-Z]/.test(next) && isCommonWord(next, usage);
    if (commonWord && words(before) >= 3 && words(rest) >= 3 && !SPEECH_BEFORE.test(before.trim()) && !POINT_BEFORE.test(before.trim())) cuts.push(at);
    else if ((NAMED_SPEAKER.test(rest) || JOINED_SPEAKER.test(rest)) && words(before) >= 3 && !LEADS_IN.test(before.trim()) && !SPEECH_BEFORE.test(before.trim()) && !POINT_BEFORE.test(before.trim())) cuts.push(at);
    else if (PRAYER_CALL.test(rest) || PRAYER_CALL.test(before.trim())) cuts.push(at);
  }
  return cuts;
}

function clausesOf(s: Sentence, usage: WordCase): Sentence[] {
  const cuts = clauseStarts(s.text, usage);
  if (!cuts.length) return [s];
  return [0, ...cuts].map((from, k) => {
    const raw = s.text.slice(from, cuts[k] ?? s.text.length);
    const body = raw.trim().replace(/,$/, '');
    const start = s.start + from + (raw.length - raw.trimStart().length);
    const sentence = `${body.charAt(0).toUpperCase()}${body.slice(1)}${/[.!?]["”’)]*$/.test(body) ? '' : '.'}`;
    return { ...s, text: sentence, start, end: start + body.length, terms: contentTerms(sentence) };
  });
}


/**
 * "that all all winter" → "that all winter"; "in that while While we were" → "in that while we
 * were". A word said three times running is left as heard (a stutter the content steps reject).
 */
export function withoutDoubledWords(text: string): string {
  const tokens = text.split(/( +)/);
  const token = (i: number) => tokens[i] ?? '';
  const bare = (i: number) => token(i).replace(/[,;:.!?]+$/, '');
  // (Punctuation after the first word is a pause between two real words: "Tomorrow, tomorrow".)
  const same = (i: number, j: number) => /^[A-Za-z][a-z']*$/.test(token(i)) && token(i).toLowerCase() === bare(j).toLowerCase();
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    // Tokens alternate word, space, word…: i and i + 2 are neighbouring words.
    const doubled = i % 2 === 0 && same(i, i + 2) && !same(i + 2, i + 4) && !same(i - 2, i);
    const first = token(i);
    const second = bare(i + 2);
    if (doubled && repeatedByRecogniser(first, second)) {
      out.push(first + token(i + 2).slice(second.length));
      i += 2;
      continue;
    }
    out.push(token(i));
  }
  return out.join('');
}
