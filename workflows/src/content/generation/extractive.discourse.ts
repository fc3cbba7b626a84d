// Sermon structure: which sentences are housekeeping (greetings, "turn with me to…", "let us
// pray", bare signposts), which read the cited scripture aloud, and how a point the preacher
// announces becomes a short title.
import { findScriptureReferences } from '../scripture/scripture.references.ts';
import { readNumber, tokenize } from '../scripture/scripture.numbers.ts';
import { contentTerms } from './extractive.text.ts';
import { hasNoticeCue, isAnnouncement } from './extractive.notices.ts';

const GREETING = /^(?:well,?\s+|and\s+)?(?:good (?:morning|evening|afternoon)|welcome|hello|hi|hey|greetings)\b/i;
const WELCOME = /\b(?:so good to (?:be|see)|glad (?:you're|you are) here|please (?:be seated|sit down|stand|remain standing|take your seats?))\b/i;
const NAVIGATION = /\b(?:turn (?:with me )?(?:in your bibles? )?(?:to|with me to)|take your bibles?|open (?:it|them|your bibles?|with me) (?:to|at)|if you have (?:a|your) bible|grab your bible|find your place|(?:^|\. )listen to (?:[1-3] |first |second |third )?[a-z]+ (?:chapter )?[a-z0-9-]+)/i;
// "Today we read the Gospel of John…", "Our text this morning is Romans 8": announcing the
// reading (only with a reference in the sentence: "Today we look at why love waits." is content).
const READING_CUE = /^(?:so,? |now,? |and )?(?:(?:today|this morning|tonight|this evening),? we(?:'re| are| will| shall)? (?:read(?:ing)?|look(?:ing)? at|turn(?:ing)? to|open(?:ing)?|stud(?:y|ying))\b|(?:our|the) (?:text|passage|reading|scripture) (?:for )?(?:today|this morning|tonight|this evening) (?:is|comes from)\b)/i;
// The altar call: an invitation to respond during the service, not teaching: to come somewhere in
// the room (the front, the rail) or while the closing music plays ("come forward as we sing",
// heard "come for when as we sing"), or to be prayed with.
const ALTAR_CALL = new RegExp(
  [
    '\\b(?:come (?:to the front|forward|down to the front|up to the front)|raise your hands?|(?:will|would) (?:love to )?pray with you|respond to (?:this|the) invitation)\\b',
    '\\b(?:come|walk|make your way)\\b[^.!?]{0,30}\\b(?:at|to) the (?:front|rail|altar)\\b',
    '\\b(?:come|walk)\\b[^.!?]{0,40}\\b(?:as|while|when) (?:we sing|the band plays)\\b|\\b(?:come|walk)\\b[^.!?]{0,40}\\bduring the (?:last|closing|final) (?:song|hymn)\\b',
  ].join('|'),
  'i',
);
// (An altar call runs long: "If you have been …, and you want to …, come to the rail …, and …")
const ALTAR_CALL_MAX_WORDS = 50;
/** A sentence the altar-call rule reads as an invitation to respond. */
export function isAltarCall(text: string): boolean {
  const t = text.trim();
  return ALTAR_CALL.test(t) && wordsOf(t).length <= ALTAR_CALL_MAX_WORDS;
}
// What makes an invitation of the sentences around it: someone to pray with the listener, the
// closing song, giving a life to Christ, a response where the listener sits ("the prayer ministry
// team will be by the cross", "there are people here ready to pray with you", "I want to invite you
// to do that today", "if you want to talk about what that means, … come and find us there", "Right
// where you are, you can lay down your rifle", "If you have prayed that, I would love to hear about it").
const ALTAR_ANCHOR = /\b(?:pray (?:with|for|over) you|if you (?:want|would like|'d like) to talk (?:about|to|with)|come and find (?:me|us)|prayer (?:ministry )?team|as we (?:sing|seeing)|while we sing|(?:as|while) the (?:music|band|organ|piano) (?:plays|begins|starts)|stay (?:behind|back) (?:after|afterwards|at the end)|(?:glad|happy) to (?:talk|pray|speak|listen)|love to (?:talk|pray|speak) with you|(?:give|given|giving) your life|invite you to|come (?:down |up )?to the front|to the rail|kneel where you are|(?:right|stay|just) where you are|where you (?:sit|are sitting) (?:now|tonight|this morning|today)|love to hear (?:about it|from you))\b/i;
// The sentences an invitation is made of: said to the listener, conditional or bidding ("If you have
// never…", "Maybe there is something…", "Some of you have…", "You do not have to…", "Come…", "Tell him…",
// "Nobody needs to move.", "In a moment the band will play…", "So what are you waiting for?", the
// words given to pray: "Say, Lord, I trust your timing"), or asking for a response anywhere in
// them ("…would you tell God about it honestly", "kneel where you are or bow your head"), or opening
// a quiet moment for it ("So as we close, I am going to leave a few moments of silence.").
const ALTAR_TURN = /^(?:and |but |so |now )?(?:if (?:you|god|the lord|lord|jesus)|maybe|perhaps|some of you|you (?:do not|don't|can|may|need)|come\b|say with|it is never too late|there (?:will be|are) (?:people|someone)|someone will|today|this morning|tonight|(?:nobody|no one) (?:needs|has|is going) to|in a (?:moment|minute)|i am not going to ask you|i'm not going to ask you|i (?:will|won't|will not) ask (?:anyone|anybody|you)|before we sing|as we close|what are you waiting for|say,? (?:lord|father|jesus|god)\b)|\b(?:would|will) you (?:tell|pray|ask|take|give|let|say|talk|bring)\b|\b(?:kneel|bow your head|raise your hand|close your eyes|tell (?:him|god)|will come to you|in your own (?:heart|words)|(?:from )?where you are (?:sitting|standing)|pray something like this)\b|\bi (?:want|would like) to ask you\b|\byou do not (?:need|have) to (?:stand|move|say|come|raise|speak)\b|\b(?:give (?:us|you)|leave|take) (?:a|one|a few|some) (?:minutes?|moments?)\b/i;
// An invitation comes in the last part of a sermon (after it, only the closing notices and prayer).
const ALTAR_FROM = 0.6;
const ALTAR_REACH = 5;

/**
 * The altar call as a passage: a sentence that invites a response (`ALTAR_ANCHOR`, or the sentence
 * rule) in the last part of the sermon, with the sentences next to it that speak to the listener
 * the same way (`ALTAR_TURN`, or one sentence between two that do), up to five either side. Said to the congregation in the room, not
 * taught: never content.
 */
export function altarCallSentences(sentences: readonly { text: string }[]): Set<number> {
  const out = new Set<number>();
  const from = Math.floor(sentences.length * ALTAR_FROM);
  const invites = (text: string) => isAltarCall(text) || (ALTAR_ANCHOR.test(text) && wordsOf(text).length <= ALTAR_CALL_MAX_WORDS);
  for (let i = from; i < sentences.length; i += 1) {
    if (!invites(sentences[i]!.text)) continue;
    out.add(i);
    // (One sentence that is not itself a bidding, between two that are, belongs to the call too:
    // "Just close your eyes and say to God the name Hagar gave him. You are the God who sees me. If
    // you simply want someone to hear your story, the prayer ministry team…"; so does one between
    // two invitations: "…please stay behind after the service. Mark and I will be by the bookstall
    // with a pot of tea. Jesus was happy to talk at night, and so are we.")
    const turns = (j: number) => j >= from && j < sentences.length && Math.abs(j - i) <= ALTAR_REACH && (ALTAR_TURN.test(sentences[j]!.text.trim()) || invites(sentences[j]!.text));
    // (A call that reaches the sermon's last sentence but one takes that too: the words given to
    // pray, the promise it ends on.)
    // (Not a notice: "The coffee is in the hall afterwards.")
    const lastOne = (j: number) => j === sentences.length - 1 && j - i <= ALTAR_REACH && !hasNoticeCue(sentences[j]!.text) && !isAnnouncement(sentences[j]!.text);
    for (const step of [-1, 1]) {
      for (let j = i + step; turns(j) || turns(j + step) || (step === 1 && lastOne(j)); j += step) out.add(j);
    }
  }
  return out;
}
// "Turn to Second Corinthians 8:9…": finding the place, however long the sentence runs on.
const NAVIGATION_START = /^(?:so,? |now,? |please )?(?:turn|open|go back|flip) (?:with me |back )?(?:in your bibles? )?(?:to|at)\b/i;
const PRAYER_CALL = /^(?:so,? |now,? |and )?(?:let us|let's|let me) (?:pray|close in prayer|bow)\b|^(?:please )?bow (?:your|our) heads\b|^pray with me\b|^amen\b/i;
const SIGNPOSTS = [
  /^(?:so |now |and )?let me (?:ask you (?:a|one) question|give you|close|tell you (?:a|one) story|read|say this|share|start|begin|finish)\b/i,
  /^(?:so |now )?here is what (?:the|this) (?:text|passage|verse|bible|scripture) says\b/i,
  /^(?:so |and )?(?:how|what) (?:do|should|can) we (?:live|do|apply|make)\b.*\?$/i,
  /\b(?:point|truth|thing) (?:this morning |today |tonight )?is (?:simple|this|clear|easy|important|short)\.?$/i,
  /^(?:first|second|third|fourth|fifth|finally|lastly|next)[,.:]?$/i,
];

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/**
 * A sentence that organises the service rather than says something: greetings, seating,
 * "turn with me to…", "let us pray", bare signposts ("Our first point is simple."), fragments.
 * Such sentences may still locate a scripture; they never fill a content field.
 */
export function isHousekeeping(text: string): boolean {
  const t = text.trim();
  const words = wordsOf(t).length;
  if (contentTerms(t).length === 0 || words <= 1) return true;
  if (isAnnouncement(t)) return true;
  if (GREETING.test(t) && words <= 12) return true;
  if (WELCOME.test(t) && words <= 18) return true;
  if (NAVIGATION.test(t) && words <= 24) return true;
  if (READING_CUE.test(t) && words <= 16 && findScriptureReferences(t).length > 0) return true;
  if (PRAYER_CALL.test(t) && words <= 8) return true;
  if (isAltarCall(t)) return true;
  if (NAVIGATION_START.test(t) && findScriptureReferences(t).length > 0) return true;
  return SIGNPOSTS.some((re) => re.test(t)) && words <= 12;
}

// A prayer addresses God in its first words ("Father, thank you…", "Lord Jesus, …").
const PRAYER_ADDRESS = /^(?:(?:dear|heavenly|gracious|loving|almighty|o|oh) )*(?:father|lord|god|jesus)\b[^,.]{0,20},/i;
const PRAYER_MAX_SENTENCES = 12;

/**
 * The preacher's own prayer after "Let us pray.": from a sentence that addresses God to the one
 * that ends "Amen" or the end of the sermon (at most a dozen sentences). It is said to God, not taught: never content.
 */
export function prayerSentences(sentences: readonly { text: string }[]): Set<number> {
  const out = new Set<number>();
  sentences.forEach((s, i) => {
    if (!PRAYER_CALL.test(s.text.trim()) || !PRAYER_ADDRESS.test(sentences[i + 1]?.text.trim() ?? '')) return;
    const prayer: number[] = [];
    for (let k = i + 1; k < sentences.length && prayer.length < PRAYER_MAX_SENTENCES; k += 1) {
      prayer.push(k);
      // (A bare "Amen." may have been dropped as a sentence without content: the end counts.)
      if (/\bamen\b/i.test(sentences[k]!.text) || k === sentences.length - 1) {
        prayer.forEach((p) => out.add(p));
        return;
      }
    }
  });
  return out;
}

// The notices come first, if anywhere at the start: among the sermon's first three sentences.
const WELCOME_SPAN = 3;
const WELCOME_LINE_MAX_WORDS = 12;

/**
 * The welcome that opens a service: the greeting and the notices before the sermon begins. A short
 * line before a notice among the first sentences is the greeting ("Blessings to you all this
 * morning. The men's breakfast is on Saturday."), or a longer one that opens as a greeting does
 * ("Good morning, everyone, and a warm welcome if you are visiting us for the first time."), and a sentence that follows the greeting or a
 * notice needs only one notice cue to be one ("Hi everyone. The leaders are meeting after the
 * service, …"): a preacher who starts on the sermon does not start with the service's timetable.
 */
export function welcomeSentences(sentences: readonly { text: string }[]): Set<number> {
  const out = new Set<number>();
  const notices = sentences.slice(0, WELCOME_SPAN).flatMap((s, i) => (isAnnouncement(s.text) ? [i] : []));
  const lastNotice = notices.at(-1) ?? -1;
  for (let i = 0; i < lastNotice; i += 1) {
    const text = sentences[i]!.text;
    if ((wordsOf(text).length <= WELCOME_LINE_MAX_WORDS || GREETING.test(text)) && findScriptureReferences(text).length === 0) out.add(i);
  }
  // The opening run of housekeeping, and a sentence with one notice cue right after it.
  for (let i = 0; i < sentences.length; i += 1) {
    const text = sentences[i]!.text;
    if (out.has(i) || isHousekeeping(text)) continue;
    if (i > 0 && hasNoticeCue(text)) {
      out.add(i);
      continue;
    }
    break;
  }
  return out;
}

// Verbs that open an instruction ("Name one weight…", "Pray over each worry…").
const INSTRUCTION_VERBS = new Set(
  'ask be begin believe bring call choose come commit confess consider count do find follow forgive give go hold invite keep lay learn leave listen live look love make memorize memorise name obey offer open pick practice practise pray put read receive rejoice release remember rest return say seek serve share show sing speak spend start stop take tell thank trust turn wait walk write'.split(' '),
);
const SUBJECT_FOLLOWERS = new Set('is are was were has have had does did will would can could may might must should comes means makes gives takes looks says waits endures never always'.split(' '));
// Words an imperative "don't" is never followed by: prepositions, articles, conjunctions.
const NOT_AFTER_DONT = new Set('a an the at in on of to from with by for into onto about and or but as than'.split(' '));
const INSTRUCTION_LEAD = /^(?:(?:so|and|now|then|this week|today|tonight|tomorrow(?: morning)?|each (?:day|morning)|every (?:day|morning)|before you go|when [^,]{3,60})\b[, ]*)+/i;

// The preacher pointing at the text: "Look at what Ruth does next", "Listen to how the psalm ends",
// "Look at verse nine, …", or a short pointer and then the text explained ("Look at [verse
// twelve], Paul is telling us…"). The hearers are to read along, not to go and do something.
const POINTS_AT_TEXT = /^(?:look|listen|see|notice|watch)(?: at| to)? (?:what|how|who|whom|where|why|verses?\b|the (?:next|last|first|opening|closing) (?:lines?|verses?|words?))/i;
const SHORT_POINTER = /^(?:look at|listen to) (?:[\w']+ ){0,2}[\w']+, +(?!(?:and|but|because|so|then|or|for|if|when|while|until|since|as)\b)(.+)$/i;
// The story going on in the past after the command ("Go and wash, and the man went and washed"):
// a command said in the story, not the hearer's.
const STORY_GOES_ON = /\b(?:he|she|they|it|the (?:man|woman|crowd|people|boy|girl)|[A-Z][a-z]+) (?:could|was|were|went|came|told|chose|took|sprang|ran|saw|heard|got|threw|followed|answered|asked|looked|stood)\b/;

/**
 * A thing to do: a sentence whose main verb is an instruction ("So this week, name one weight
 * and lay it down."), not a reflection, a prayer or a question.
 */
export function isInstruction(text: string): boolean {
  return opensWithInstruction(text) && !storyGoesOn(text);
}

function storyGoesOn(text: string): boolean {
  const rest = text.trim().replace(INSTRUCTION_LEAD, '');
  return rest.includes(',') && STORY_GOES_ON.test(rest.slice(rest.indexOf(',') + 1));
}

/** An instruction opens the sentence (whatever follows it: a run-on is cut first). */
function opensWithInstruction(text: string): boolean {
  const t = text.trim();
  if (t.endsWith('?') || /^(?:father|lord|jesus|dear god)\b/i.test(t)) return false;
  const rest = t.replace(INSTRUCTION_LEAD, '');
  if (POINTS_AT_TEXT.test(rest)) return false;
  const pointer = SHORT_POINTER.exec(rest);
  if (pointer && !isInstruction(pointer[1]!)) return false;
  const [first = '', second = '', third = ''] = rest.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter(Boolean);
  if (first === "don't" || (first === 'do' && second === 'not')) {
    // "Don't" takes a verb ("Don't give up", "Don't ever stop"); before a preposition or an article
    // the words are misheard ("So don't at all…" for "So Jonah goes…").
    const next = first === "don't" ? second : third;
    return next !== '' && !NOT_AFTER_DONT.has(next);
  }
  if (first === "let's" || (first === 'let' && second === 'us')) return !/\bpray\b/i.test(rest.split(/\s+/).slice(1, 4).join(' '));
  // "Love comes before effort", "Rest is trust": the word is the subject, not a command.
  if (SUBJECT_FOLLOWERS.has(second)) return false;
  return INSTRUCTION_VERBS.has(first) && wordsOf(t).length >= 4;
}

// A run-on call to action ("So this week, sing one song…, turn off the radio…, and send a
// message…"): Whisper often writes several instructions as one sentence.
const RUN_ON_AT = 25;

/**
 * The instructions of a run-on call to action, each with its offset in `text`: cut before a
 * comma's "(and) <instruction verb>"; the text whole when it is short or not an instruction.
 */
export function instructionClauses(text: string): { text: string; offset: number }[] {
  if (wordsOf(text).length < RUN_ON_AT || !opensWithInstruction(text)) return [{ text, offset: 0 }];
  const cuts = [0];
  // ", and when the week is over, write…": the condition leads the next instruction, so the cut
  // comes before it (and not again at the verb it leads to). ("If …" is left to the clause before:
  // an instruction is read after a leading "when …,", not "if …,".)
  const leadsNext = (from: number, to: number) => /^,?\s*(?:and\s+)?when\b[^,]*$/i.test(text.slice(Math.max(0, from), to));
  for (const m of text.matchAll(/,\s+(?:and\s+)?([a-z]+)\b/gi)) {
    const word = m[1]!.toLowerCase();
    const condition = word === 'when' && /^,\s+and\s/i.test(m[0]);
    if ((condition || (INSTRUCTION_VERBS.has(word) && !leadsNext(cuts.at(-1)! - 1, m.index!))) && m.index! - cuts.at(-1)! > 12) cuts.push(m.index! + 1);
  }
  if (cuts.length === 1) return [{ text, offset: 0 }];
  return cuts.map((from, k) => {
    const raw = text.slice(from, cuts[k + 1] ?? text.length);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim().replace(/^and\s+/i, '').replace(/,$/, '');
    const offset = from + lead + (raw.trim().length - raw.trim().replace(/^and\s+/i, '').length);
    const sentence = body.charAt(0).toUpperCase() + body.slice(1);
    return { text: /[.!?]$/.test(sentence) ? sentence : `${sentence}.`, offset };
  });
}

/** Terms of a passage text and its pairs of neighbouring terms, for telling a sentence that reads it aloud. */
export function passageTerms(text: string): Set<string> {
  const terms = contentTerms(text);
  return new Set([...terms, ...neighbourPairs(terms)]);
}

function neighbourPairs(terms: readonly string[]): string[] {
  return terms.slice(1).map((t, i) => `${terms[i]} ${t}`);
}

/**
 * The preacher reading the passage aloud: most of the sentence's words are the passage's, and in
 * the passage's order. A sentence of four words or more that puts the passage's words in an order
 * of its own states a point ("The Father prunes the branches he loves", "God speaks in a still
 * small voice"): at most one pair of its neighbouring words, and at most half, are neighbours in
 * the passage (a reading with a misheard word or a reference before it keeps two pairs or more).
 */
export function readsPassage(text: string, passages: readonly Set<string>[]): boolean {
  const terms = contentTerms(text);
  if (terms.length < 2) return false;
  // A short line ("My cup runs over.") must be the passage's words throughout.
  const needed = terms.length < 4 ? 1 : 0.6;
  const pairs = neighbourPairs(terms);
  const inOrder = (p: Set<string>) => {
    const shared = pairs.filter((x) => p.has(x)).length;
    return terms.length < 4 || shared >= 2 || shared / pairs.length > 0.5;
  };
  return passages.some((p) => terms.filter((t) => p.has(t)).length / terms.length >= needed && inOrder(p));
}

// "Our second point is that…", "My first point is this: …", "Point one: …", "Number two, …",
// "The third point: …", "Second, …", "And so to the third thing, …".
const POINT_CUE = new RegExp(
  [
    '^(?:so,? |and |now,? |and then,? |then,? |and so,? )?(?:',
    '(?:(?:on )?to )?(?:our|my|the) (?:first|second|third|fourth|fifth|sixth|next|last|final) (?:point|truth|thing|lesson|principle|reason|scene|movement|heading|step|tip)(?: (?:this morning|today|tonight))?(?: is)?(?: this| that)?[:,.]? ',
    '|(?:point|number|reason) (?:one|two|three|four|five|six|[1-6])[:,.]? ',
    '|(?:first|second|third|fourth|fifth|firstly|secondly|thirdly|finally), ',
    ')(?:then, )?(?:that )?(.+?)[.!?]*$',
  ].join(''),
  'i',
);
const BARE_STATEMENT = /^(?:simple|this|clear|easy|important|short|straightforward)$/i;

const BARE_ORDINAL = /^(?:so,? |and |now,? )?(?:first|second|third|fourth|fifth|firstly|secondly|thirdly|finally), /i;

// "That brings us to the second point.", "That is our second scene.", "That brings us to the second
// thing.": the point is the next sentence.
const POINT_HANDOVER = /^(?:and |so |now )?(?:that|this|which) (?:brings|takes|leads) us to (?:our|my|the) (?:first|second|third|fourth|fifth|sixth|next|last|final) (?:point|scene|movement|thing)[.!:]*$|^(?:and |so )?(?:that|this) (?:is|was) (?:our|my|the) (?:second|third|fourth|fifth|sixth|next|last|final) (?:point|scene|movement)[.!:]*$/i;

// The same with the words before it misheard ("And I bring most of the second point.", "And
// atleast must at the third point, the kingdom shall be the Lord's."): a few words, then the
// point's number said, its statement after it or in the next sentence. (Not one looked back on:
// "as we saw in the second point".)
const POINT_HEARD = /^((?:[a-z']+,? ){1,5})(?:our|my|the) (?:second|third|fourth|fifth|sixth|next|last|final) (?:point|scene|movement|thing|part|heading)(?:[.!:]*$|[,:] (.+?)[.!?]*$)/i;
const LOOKED_BACK = /\b(?:in|from|about|like|with|on|saw|said|remember|back)[, ]*$/i;

/**
 * "Our second point is that love endures" → "love endures"; "simple" when the point follows;
 * "" for a hand-over ("That brings us to the second point."), whose point is the next sentence.
 * "First, admit that you need a shepherd." is a list of things to do, not a point.
 */
export function announcedPoint(text: string): string | undefined {
  if (POINT_HANDOVER.test(text.trim())) return '';
  const heard = POINT_HEARD.exec(text.trim());
  if (heard && !LOOKED_BACK.test(heard[1]!)) return heard[2] ?? '';
  const said = POINT_CUE.exec(text)?.[1];
  if (said !== undefined && BARE_ORDINAL.test(text) && isInstruction(said)) return undefined;
  return said;
}

const ORDINAL_RANK: Record<string, number> = { first: 1, firstly: 1, second: 2, secondly: 2, third: 3, thirdly: 3, fourth: 4, fifth: 5 };
const POINT_RANK: Record<string, number> = { ...ORDINAL_RANK, sixth: 6, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** The number an announced point gives itself ("Point two, …", "My third point is…", "Second, …"); none for "next", "last", "finally". */
export function pointRank(text: string): number | undefined {
  const said = announcedPoint(text);
  if (said === undefined) return undefined;
  const cue = /\b(first|firstly|second|secondly|third|thirdly|fourth|fifth|sixth|one|two|three|four|five|six|[1-6])\b/i.exec(text.slice(0, text.length - said.length - 1))?.[1];
  return cue === undefined ? undefined : (POINT_RANK[cue.toLowerCase()] ?? Number(cue));
}

/**
 * "Second, live one day at a time.": the rank and words after a bare ordinal, an instruction too
 * (which alone is a step of a procedure, not a point; a run of them through a sermon is its points).
 */
export function bareOrdinalStep(text: string): { rank: number; statement: string } | undefined {
  const m = /^(?:so,? |and |now,? )?(first|second|third|fourth|fifth|firstly|secondly|thirdly), (.+?)[.!?]*$/i.exec(text.trim());
  if (!m || wordsOf(m[2]!).length < 2) return undefined;
  return { rank: ORDINAL_RANK[m[1]!.toLowerCase()]!, statement: m[2]! };
}

/** A point announced with only "First, …" (weaker than "My first point is…"). */
export function isBareOrdinalPoint(text: string): boolean {
  return BARE_ORDINAL.test(text) && announcedPoint(text) !== undefined;
}

/** The announced point's own words; a bare "is simple." hands over to the next sentence. */
export function pointStatementOf(text: string, next?: string): { statement: string; fromNext: boolean } | undefined {
  const said = announcedPoint(text);
  if (said === undefined) return undefined;
  if (said !== '' && !BARE_STATEMENT.test(said.trim()) && wordsOf(said).length >= 2) return { statement: said, fromNext: false };
  if (next && !isHousekeeping(next) && wordsOf(next).length <= 16) return { statement: next.replace(/[.!?]+$/, ''), fromNext: true };
  return undefined;
}

const SMALL = new Set('a an the and but or nor for of in on at to by with from as into than via'.split(' '));
const FILLERS = /\b(?:own|very|really|just|simply|actually|truly)\s+/gi;
const PRONOUN_PP = /\s+\b(?:for|with|to|in|through|before|toward|towards|on|upon|among|around|beside|within) (?:us|me|you|them|him|her|it)\b/gi;
export const SUBORDINATE = /\s+\b(?:when|because|while|if|until|unless|although|though|so that|even though|whenever)\b/i;
const PREPOSITION = new Set('in on at to by with from into through before after over under toward towards upon among around beside within without for of'.split(' '));
// Where a clause may end early: its next words join another clause or phrase to it.
const JOINT = new Set(['and', 'but', 'or', 'yet', 'then', 'so', 'than', ...PREPOSITION]);
const MIN_BEFORE_JOINT = 3;
const BEFORE_COMPLEMENT = /^(?:is|are|was|were|be|been|am|not)$/i;
// "have to know", "want you to take": "to" opens the verb's complement, not a phrase to drop.
const TAKES_INFINITIVE = /^(?:want|wants|wanted|need|needs|needed|have|has|had|going|ought|able|used|try|tries|tried|seem|seems|seemed|like|love|hate|begin|began|start|started|learn|learned|choose|chose|refuse|refused|us|you|me|him|her|them)$/i;
const infinitiveAt = (words: readonly string[], i: number) => words[i]!.toLowerCase() === 'to' && TAKES_INFINITIVE.test(words[i - 1] ?? '');
const CANNOT_END = new Set([...SMALL, 'that', 'our', 'your', 'my', 'his', 'their', 'its', 'because', 'when', 'while', 'if', 'who', 'which']);

/**
 * A clause cut to at most `max` words, keeping its subject and verb: the title form of a point.
 * Empty when no cut keeps its sense.
 */
export function compressClause(clause: string, max = 6): string {
  let t = clause.trim().replace(/^(?:that|this:)\s+/i, '').replace(/[\s,;:—–-]+$/, '');
  const clauses = t.split(/\s*[,;:—–]\s*|\s+-\s+/);
  // A first clause that only leads into the next: who says it ("Paul says, love is patient"), when
  // ("When Ziklag was burned, David strengthened himself in the Lord"), or what it introduces ("The
  // first is this: bring your empty places to God"). The point is the next clause; one too short to
  // head anything after an introduction ("… says is, stop") gives no title.
  const [first = t, next] = clauses;
  const leadsIn = next !== undefined && [SPEECH_LEAD, LEADS_SUBORDINATE, INTRODUCES].some((lead) => lead.test(first));
  if (leadsIn && wordsOf(next).length >= 3) t = next;
  else if (next !== undefined && INTRODUCES.test(first)) return '';
  else t = first;
  t = t.replace(/[.!?"“”]+/g, '').trim();
  const chosen = t;
  const fits = () => wordsOf(t).length <= max;
  if (!fits()) t = t.replace(FILLERS, '');
  let cutAtPreposition = false;
  if (!fits()) {
    const untouched = t;
    t = t.replace(PRONOUN_PP, '');
    cutAtPreposition = t !== untouched;
  }
  if (!fits()) {
    const m = SUBORDINATE.exec(t);
    if (m && wordsOf(t.slice(0, m.index)).length >= 2) t = t.slice(0, m.index);
  }
  if (!fits()) t = t.replace(/^(?:the|a|an)\s+/i, '');
  let words = wordsOf(t);
  // Still long: drop trailing prepositional phrases.
  while (words.length > max) {
    let cut = -1;
    for (let i = words.length - 1; i >= 2; i -= 1) if (PREPOSITION.has(words[i]!.toLowerCase()) && !infinitiveAt(words, i)) { cut = i; break; }
    if (cut < 0) break;
    words = words.slice(0, cut);
    cutAtPreposition = true;
  }
  // Still long, with no phrase to drop: one word over, the clause says it whole; else it is kept up
  // to a joint, at most one word over ("Hearing God Means Answering Him | and obeying his voice").
  // The first words alone break off mid-phrase ("I Think Jesus Is Doing What a Good | teacher
  // does") and head nothing.
  if (words.length > max + 1) {
    let joint = max + 1;
    while (joint >= MIN_BEFORE_JOINT && !(JOINT.has(words[joint]!.toLowerCase()) && !infinitiveAt(words, joint))) joint -= 1;
    if (joint < MIN_BEFORE_JOINT) return '';
    words = words.slice(0, joint);
    cutAtPreposition = false;
  }
  // Every cut is at a joint, so the words before it end where a clause may end: its object stays
  // ("You Have to Know Who Jacob Was", "Jesus Will Not Break You", "Dig a Well for Someone Behind You").
  while (words.length > 1 && CANNOT_END.has(words[words.length - 1]!.toLowerCase())) words = words.slice(0, -1);
  // Its phrase dropped, a clause left before its complement says nothing ("You Are Not | with
  // someone who…", "To Sow to the Spirit Is | to put…").
  if (cutAtPreposition && BEFORE_COMPLEMENT.test(words.at(-1) ?? '')) return '';
  const cut = words.join(' ');
  // A cut that drops the negation says the opposite ("Grace is a gift we do [not earn]"); a
  // negation in a later clause ("…, that we won't be disgraced") is not the headline's. One word
  // over the length, the clause says it whole ("We Fix Our Eyes on What Cannot Be Seen").
  if (!NEGATION.test(chosen) || NEGATION.test(cut)) return cut;
  return wordsOf(chosen).length <= max + 1 ? chosen : '';
}

const NEGATION = /\b(?:not|never|no|nothing|nobody|cannot|\w+n't)\b/i;
const INTRODUCES = /\b(?:is|was|are|were|this|these|point|thing|lesson)$/i;
const LEADS_SUBORDINATE = /^(?:because|since|when|whenever|if|unless|although|though|while|after|before|until)\b/i;
const SPEECH_LEAD = /^(?:\w+\s+){0,3}(?:says?|said|writes|wrote|tells us|told us|reminds us|puts it)$/i;

/** Headline capitalisation: small words lower-case except first and last. */
export function headlineCase(phrase: string): string {
  const words = wordsOf(phrase);
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (i > 0 && i < words.length - 1 && SMALL.has(lower)) return lower;
      return w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(' ');
}

// "Today we think about hope.", "This morning we are going to look at…": the sermon's frame, not its message.
const FRAMING = /^(?:so,? |now,? )?(?:(?:today|this morning|tonight|this evening|this week),? )?(?:we|i)(?: are| am|'re|'m)?(?: going to| gonna| want to| will)?(?: \w+)? (?:think|talk|look|study|consider|learn|explore|see|read|begin|start)\b/i;
// "Our passage this morning is John 15", however the book's name was heard ("… is Done Fifteen"):
// the sermon naming its text.
const SERMON_TEXT = /^(?:so,? |now,? |and )?(?:our|the|my) (?:text|passage|reading|scripture)(?: (?:for )?(?:today|this morning|tonight|this evening))? (?:is|comes from)\b/i;
const CITES = /\b(?:genesis|exodus|psalms?|proverbs|isaiah|jeremiah|matthew|mark|luke|john|acts|romans|corinthians|galatians|ephesians|philippians|colossians|hebrews|james|peter|revelation|timothy|chapter|verses?)\b/i;

/** A passage named by its number ("Psalm Twenty", "Chapter Eleven"): shown beside a title, never one. */
export function namesPassage(text: string): boolean {
  const tokens = tokenize(text);
  return tokens.some((t, i) => CITES.test(t.text) && readNumber(tokens, i + 1) !== undefined);
}

/** The sermon talking about itself, or naming a passage: not a title, takeaway or prayer. */
export function isFrame(text: string): boolean {
  return FRAMING.test(text.trim()) || SERMON_TEXT.test(text.trim()) || CITES.test(text);
}

const PRONOUN_START = /^(?:it|that|this|these|those|they|he|she|him|them|there|and|but|or|so|because|then|which|who)\b/i;
const PERSONAL = /\b(?:i|i'm|i've|me|my|you|your|you're|yours|yourself)\b/i;

/** A sentence that leans on the one before it ("That is what patient love looks like."). */
export function leansBack(text: string): boolean {
  return PRONOUN_START.test(text.trim()) || /\bthe same (?:thing|pattern|way|truth|point)\b/i.test(text);
}

// A modal verb takes a verb ("must love"); before a determiner or an object pronoun ("loves and
// must our neighbours", Whisper's hearing of "love sends us to our neighbours") the words are
// misheard. Questions ("How can a young man…?") and blessings ("May the Lord…") are left alone.
const MODAL_BEFORE_NOUN = /\b(?<!(?:how|what|who|where|why|when|which)\s)(?:must|can|could|should|shall|will|would)\s+(?:our|the|a|an|his|her|their|my|your|its|us|them|him|me)\b/i;
const DOUBLED_DETERMINER = /\b(?:the|a|an|our|your|my|his|their)\s+(?:the|a|an|our|your|my|his|their)\b/i;

/** Words that cannot be what the preacher said (a recognition error that kept high confidence). */
export function isGarbled(text: string): boolean {
  const t = text.trim();
  if (t.endsWith('?')) return false;
  const body = t.replace(/^\S+\s+/, ''); // a sentence-initial modal asks or blesses
  return MODAL_BEFORE_NOUN.test(body) || DOUBLED_DETERMINER.test(t);
}

const ORDINAL_POINT = /\b(?:(?:first|second|third|fourth|fifth|last|final) point|point (?:one|two|three|four|five))\b/gi;
const BARE_ORDINAL_IN_LIST = /(?:^|[,;:] )(?:first|second|third|fourth|fifth|finally),/gi;

/**
 * "The first point is that A, the second point is that B, the third point is that C.", "First, A,
 * second, B.": the sermon's plan said in one breath, not the start of its first point.
 */
export function isPointPreview(text: string): boolean {
  return (text.match(ORDINAL_POINT) ?? []).length >= 2 || (text.match(BARE_ORDINAL_IN_LIST) ?? []).length >= 2;
}

// A story's verbs: was, went, said, and the regular past ("walked", not "need" or "seed").
const PAST_TENSE = /\b(?:was|were|had|did|went|came|said|told|saw|ran|took|gave|knew|made|found|left|sat|stood|got|heard|wrote|thought)\b|\b[a-z]{3,}(?<!e)ed\b/i;
const THESIS_OPENING = /^(?:and|so|or|then|because|now|if|when|notice|look|see|the same)\b/i;
// "Many of us know that feeling", "Some of you have been on a hill walk": the listeners' own
// experience, an aside on the way to the point, not its thesis; so is "You may remember…".
export const AUDIENCE = /^(?:many|most|some|all|few|none|several|each|one) of (?:us|you)\b/i;
const YOU_ASIDE = /^you (?:may|might|probably|all|know)\b/i;
const SPEAKER = /\b(?:i|i'm|i've|me|my)\b/i;

/**
 * A sentence that states a thesis: a short general claim in the present tense ("Grace sends the
 * runaway home.", "God is slow to anger, but he is not indifferent to evil.", "But you cannot run
 * far enough to escape God."), not the story told in the past, a question, the preacher's own
 * experience (I, my), an aside to the listeners ("Many of us…", "You may remember…"), a sentence
 * leaning on the one before, or one that joins on ("And…", "Notice…", "The same…").
 */
export function statesThesis(text: string): boolean {
  const t = text.trim();
  const words = wordsOf(t).length;
  // ("But …" sets the thesis against what came before: the rest must stand alone.)
  const claim = t.replace(/^but\s+/i, '');
  if (words < 4 || words > 12 || t.endsWith('?') || leansBack(claim) || SPEAKER.test(t) || AUDIENCE.test(claim) || YOU_ASIDE.test(claim)) return false;
  return !PAST_TENSE.test(t) && !THESIS_OPENING.test(t) && !isFrame(t) && !isInstruction(t);
}

/** A short sentence that stands on its own as a title ("Soldiers do not march alone."). */
export function standsAlone(text: string, maxWords = 6): boolean {
  const words = wordsOf(text).length;
  return words >= 3 && words <= maxWords && !text.trim().endsWith('?') && !PRONOUN_START.test(text.trim()) && !PERSONAL.test(text) && !isFrame(text) && !isHousekeeping(text);
}

/** A clause a prayer can say "…that <clause>" of: declarative, third person, not too long. */
export function prayableClause(text: string): string | undefined {
  const t = text.trim().replace(/[.!]+$/, '');
  if (t.endsWith('?') || PERSONAL.test(t) || PRONOUN_START.test(t) || isFrame(t) || wordsOf(t).length > 16 || wordsOf(t).length < 2) return undefined;
  return lowerFirst(t);
}

/** Lower-cases a leading word unless it is a name ("God", "Jesus", "Paul"). */
export function lowerFirst(text: string): string {
  const first = wordsOf(text)[0] ?? '';
  if (/^(?:God|God's|Jesus|Jesus'|Christ|Christ's|Lord|Lord's|Paul|David|Peter|Spirit|Holy|I)\b/.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
