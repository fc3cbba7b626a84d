// Church notices: the part of a service that organises the congregation's week rather than
// teaches. Any church's notices are built from the same few things — a time or a day, a place in
// or around the building, a practical request (sign up, collect, bring, please …), a church
// occasion or group — said in the present or future to the people in the room. A sermon sentence
// may use one of them ("This week, forgive someone."); a notice uses two or more, or says that it
// is one ("A few notices.", "One more thing before we go"). Telling a story about Jesus or quoting
// scripture is never a notice, however many days and rooms it names ("On Thursday evening Jesus
// shared a meal in the upper room.").
import { findScriptureReferences } from '../scripture/scripture.references.ts';

export type NoticeCue = 'when' | 'where' | 'request' | 'occasion' | 'aside';

const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday|midnight|\\d{1,2}(?:[:.]\\d{2})?)';
// An aside that is a notice on its own ("A few notices.", "Quick note before we start."); the other
// asides below ("a reminder", "before you go") need a second cue: "Communion is a reminder of grace."
export const NOTICE_HEADER = new RegExp(
  [
    '\\bannouncements?\\b|\\bnotices\\s*[.,:;]|\\b(?:a|one|two|three|four|few|couple of|quick|short|some) notices?\\b(?! (?:that|how|what|the|it|who|when|where|something)\\b)',
    '\\b(?:quick|short|brief) (?:note|word|notice)\\b(?! of)|\\b(?:one|two|three|a couple of|a few) (?:more |quick |short )?things? (?:before|i (?:nearly |almost )?forgot|to (?:mention|pass on))\\b|\\bone (?:more|last|other) thing\\b',
    '\\bwhile i (?:remember|have you(?: all)?)\\b|\\b(?:has |have )?asked me to (?:say|mention|announce|tell|remind|pass on)\\b|\\bone practical thing\\b',
    // Handing over to the notices by naming what they are ("housekeeping", "bits of business", news
    // and a request), borrowing the congregation's time for them, or a note passed to the preacher.
    '\\bhousekeeping\\b|\\b(?:bits?|items?|pieces?) of (?:church |family |good |happy |sad )?(?:business|news)\\b',
    '\\b(?:news|a thank you|one thank you|thanks) and (?:a|one|two|three|some|a couple of|a few) (?:\\w+ )?requests?\\b',
    '\\b(?:steal|borrow) (?:a|one|two|three|\\d+|thirty|sixty|ninety)? ?(?:seconds|minutes?|moments?)\\b',
    '\\b(?:been|was|got) (?:just )?(?:passed|handed|given|sent) (?:a )?(?:note|message)\\b',
  ].join('|'),
  'i',
);

const CUES: Record<NoticeCue, RegExp> = {
  // A day, a date, a clock time, a deadline.
  when: new RegExp(
    [
      '\\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\\b(?! school)',
      '\\bweek(?:day|end|night)s?\\b',
      '\\b(?:next|this coming|the following) (?:week|month|term|sunday|weekend)\\b',
      "\\bnext week's\\b",
      '\\b(?:tonight|tomorrow)\\b',
      `\\b(?:at|by|from|until|till|before|after) ${NUMBER_WORD}(?: (?:thirty|fifteen|forty[- ]five|o'clock|[ap]\\.?m\\b\\.?))?(?![\\w-]| (?:point|time|another|with|of|in|and|accord|heart|mind|day|thing|voice|body|spirit|way|place|side|hand)\\b)`,
      "\\b\\d{1,2}(?:[:.]\\d{2})? ?[ap]\\.?m\\b|\\bo'clock\\b|\\bhalf past\\b",
      '\\b(?:on|from|by|until|till|before) the (?:\\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty[- ]\\w+|thirtieth|thirty[- ]first)\\b(?! (?!of\\b)[a-z])',
      '\\b(?:january|february|april|june|july|august|september|october|november|december)\\b',
      '\\bafter church\\b|\\bdeadline\\b|\\bthe end of the (?:month|week|term)\\b|\\b(?:every|each) (?:week|month)\\b',
    ].join('|'),
    'i',
  ),
  // A place in or around the church building, or where to find something.
  where: new RegExp(
    [
      '\\b(?:church |fellowship |community |parish |village |school |sports |main |lower |upper )?hall\\b',
      '\\b(?:lobby|foyer|porch|narthex|vestibule|vestry|lounge|cloakroom|noticeboard|notice board|car ?park|parking(?: lot)?|crèche|creche)\\b',
      '\\b(?:welcome|information|info|book) (?:desk|table|area|point)\\b|\\b(?:sound|tech|av|media|prayer) desk\\b',
      // Doors and facilities of the building ("by the side door", "the hearing loop").
      '\\b(?:side|front|main|fire|west|east|north|south) doors?\\b|\\bhearing (?:loop|aids?)\\b|\\bcharity shop\\b|\\bon the screens?\\b',
      '\\b(?:church|parish) office\\b|\\bthe office\\b',
      '\\broom (?:\\d+|one|two|three|four|five|six)\\b|\\b(?:prayer|side|back|youth|meeting|function|church|green|upstairs|downstairs) room\\b',
      '\\b(?:at|by) the (?:back|door|doors|exit|entrance|gate)\\b|\\bon (?:your|the) way (?:out|in)\\b|\\b(?:upstairs|downstairs)\\b',
      '\\b(?:on|in) the (?:app|website|web site|newsletter|bulletin|pews?|chairs|seats|aisles?)\\b|\\b(?:in|on|under) your (?:seats?|chairs?|pews?)\\b|\\b(?:church|our) (?:app|website)\\b',
      '\\b(?:across|down|up) the road\\b|\\bnext door\\b',
      // The service online: the livestream, watching at home.
      '\\blive ?stream(?:ed|ing)?\\b|\\bwatch (?:again|online|at home|live)\\b|\\bonline\\b',
    ].join('|'),
    'i',
  ),
  // Something asked of the congregation: sign up, bring, collect, come and see me, please …
  request: new RegExp(
    [
      '\\bsign[- ]?ups?\\b|\\bsign up\\b|\\btick (?:the|a) box(?:es)?\\b|\\bput your names? (?:down|on)\\b|\\bregist(?:er|ration)\\b|\\btickets?\\b|\\bforms?\\b(?! of)|\\brsvp\\b',
      '\\bvolunteers?\\b|\\bhelpers\\b|\\brota\\b|\\bclip ?boards?\\b',
      // A call for hands, counted: "we still need four drivers", "needs two more hosts".
      '\\b(?:need|needs|needing|looking for) (?:a few |a couple of |some |another |\\d+ |(?:one|two|three|four|five|six|seven|eight|ten|twelve) )(?:more |extra )?(?:people|drivers|hosts|hands|bakers|cooks|singers|readers|stewards|leaders|welcomers|servers|households|families|homes)\\b|\\b(?:need|needs) (?:\\w+ )?more (?:people|drivers|hosts|hands|bakers|cooks|singers|readers|stewards|leaders|welcomers|servers|households|families|homes)\\b',
      '\\b(?:meets|gathers)\\b',
      '\\b(?:(?:has|have) been|is|are|will be) (?:moved|cancell?ed|postponed|rescheduled|closed|open|available|served|on sale|due|locked|out of order|working again|back on|back this week|back next week)\\b|\\b(?:moved|moves) to\\b|\\b(?:closes|reopens)\\b',
      '\\b(?:starts|begins|resumes|leaves|finishes) (?:at|on|again|next|this|from|in)\\b',
      // A closing-down, a sale: "the bookstall is closing for good, so all the books are half-price".
      '\\b(?:is|are) closing\\b|\\bclosing (?:down|for good)\\b|\\bhalf[- ]price\\b',
      '\\bcollect(?:ing|ion)?\\b|\\bdonat(?:e|ions?)\\b|\\bselling\\b|\\bon sale\\b|\\bbring (?:a|an|your|something|along|some)\\b|\\bdrop(?:ped)? (?:off|in)\\b|\\bpick up\\b|\\bfill (?:in|out)\\b',
      '\\b(?:silence|switch off|turn off|mute) your (?:mobile )?phones?\\b',
      '\\bplease (?:also |do |just )?(?:use|park|move|check|collect|bring|remember|note|see|speak|talk|sign|fill|pick|silence|switch|turn off|take your|leave|let|join|be on time)\\b',
      '\\b(?:talk|speak) to (?:me|us|one of|\\w+|the \\w+) (?:at|after|afterwards|today|if you)\\b|\\bif you (?:want|would like|\'d like) to (?:join|help|come along|volunteer|sign up|know more)\\b|\\bsee me\\b|\\blet (?:me|us|the office) know\\b|\\bget in touch\\b|\\be-?mail\\b|\\b(?:would|\'d) love to hear from you\\b',
    ].join('|'),
    'i',
  ),
  // A church occasion, gathering or group.
  occasion: new RegExp(
    [
      "\\b(?:the|our|this|next|tonight's|today's|sunday's|evening|morning|first|second|early|late|baptism|family|carol|midweek|joint|communion|memorial)(?: (?!(?:of|to|for|in|on|and|with|as|our|your|their)\\b)\\w+){0,2} services?\\b(?! (?:of|to|for|as|unto)\\b)",
      '\\b(?:course|class|classes|club|council|committee|meeting|camp|trip|outing|picnic|potluck|barbecue|refreshments|retreat|conference|concert|choir|youth|toddlers?|nursery|childcare|child care|pantry|appeal|fundraiser|bookstall|directory|rehearsal|rehearsing)\\b',
      // A meal is an occasion when it is the church's ("the men's breakfast", "our harvest supper"), not a family "at dinner".
      "\\b(?:the|our|a|this|next|tonight's|sunday's)(?: (?!(?:at|to|for|with|in|on|of|from|over|after|before)\\b)[\\w']+){0,2} (?:breakfast|brunch|lunch|dinner|supper|tea party)\\b",
      '\\b(?:tea|coffee|cakes?)\\b(?! (?:cup|mug)s?\\b)',
      '\\bbook ?(?:store|shop)\\b|\\bfood ?bank\\b|\\bsunday school\\b|\\bbible study\\b|\\bfun run\\b|\\bprayer (?:meeting|chain|night|breakfast)\\b|\\bnight of prayer\\b',
      '\\b(?:house|small|home|life|youth|toddler|study|prayer|support|bereavement|parents|carers) groups?\\b|\\b(?:worship|welcome|prayer|hospitality|catering|tech|sound|flower|cleaning|coffee|refreshments|children\'s|kids) teams?\\b|\\bushers\\b|\\bstewards\\b',
      '\\boffering (?:envelopes?|boxes|box|plates?|bags?)\\b|\\bbaptisms? (?:class|service)\\b|\\b(?:building|mission|missions) fund\\b',
    ].join('|'),
    'i',
  ),
  // The notices announced as such, or the preacher stepping out of the sermon to give one.
  aside: new RegExp(
    [
      NOTICE_HEADER.source,
      '\\b(?:our|the|church|weekly) notices?\\b(?! (?:that|how|what|the|it|who|when|where|something)\\b)',
      '\\breminders?\\b',
      '\\b(?:quick|short|brief) things?\\b(?! of)',
      '\\bbefore (?:we|i) (?:begin|start|preach)\\b(?=\\s*(?:[,.;:]|$))|\\bbefore (?:we|you) (?:go|leave)\\b(?=\\s*(?:[,.;:]|$))|\\bbefore the (?:last|final|closing|next) (?:song|hymn)\\b',
      // The hand-over at the close: "before the blessing", "before the band plays us out".
      '\\bbefore the (?:blessing|benediction|dismissal)\\b|\\b(?:play|plays|lead|leads|sing|sings|take|takes) us out\\b',
      '\\bjust so (?:you|everyone) knows?\\b|\\bsave the date\\b|\\bmark your (?:calendars?|diar(?:y|ies))\\b|\\bfor your diar(?:y|ies)\\b',
      "\\b(?:welcome|hello) to (?:all )?(?:our |any )?(?:visitors|guests|newcomers)\\b|\\bif (?:you are|you're) (?:new|visiting|a visitor|a guest|joining us)\\b|\\bif (?:you are|you're) (?:with us|here|visiting) for the first time\\b|\\bif you (?:drove|parked)\\b",
      // The preacher breaking off for a moment ("Let me stop here for a moment, because I promised…").
      '\\b(?:stop|pause|break (?:off|in)|interrupt(?: myself)?)(?: here)?(?: for)? (?:a|one|just a) (?:moment|minute|second)\\b',
    ].join('|'),
    'i',
  ),
};

// The sermon's own matter: God or Jesus named, a story told in the past tense, or a scene the
// preacher asks the hearers to picture ("Imagine the youth group on a Friday night, …").
const NAMES_GOD = /\b(?:god|god's|jesus|jesus'|christ|lord|lord's|spirit|disciples?|apostles?|prophet|pharisees?|israel|israelites)\b/i;
const TEACHING = new RegExp(
  `${NAMES_GOD.source}|\\b(?:new|old) testament\\b|\\b(?:was|were|went|came|said|sat|stood|ate|told|replied|answered|met|kept|took|gave|knew|thought|felt|ran|fell|saw|heard|became|began|brought|wrote)\\b|\\b(?:imagine|picture|for example|for instance|i remember|years ago|when i was)\\b`,
  'i',
);
// A notice is told in a sentence, not a chapter: "A few notices." alone, or a whole run-on.
const ASIDE_ALONE_MAX_WORDS = 16;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Which kinds of notice cue a sentence carries. */
export function noticeCues(text: string): Set<NoticeCue> {
  return new Set((Object.keys(CUES) as NoticeCue[]).filter((cue) => CUES[cue].test(text)));
}

/** God or Jesus named, a story told in the past, a scene to picture, or a scripture: the sermon's own matter. */
export function teaches(text: string): boolean {
  return TEACHING.test(text) || findScriptureReferences(text).length > 0;
}

// Thanks given to people of the church, not to God: "a huge thank you to Mary and her team for the
// flowers", "thank you to everyone who gave", "thank you for your patience", "thank you for listening".
const THANKS_TO_THE_CHURCH = new RegExp(
  [
    "\\b[Tt]hank(?:s| you) (?:so much |very much )?to (?:everyone|everybody|all (?:of you|who|those)|each (?:of you|one)|whoever|(?:the|our) [\\w']+(?: [\\w']+)? teams?\\b)",
    '\\b[Tt]hank(?:s| you) (?:so much |very much )?for (?:your patience|listening|coming|being here|joining us|all your help)\\b',
    // "thank you for the coats you gave to the winter drive"
    "\\b[Tt]hank(?:s| you) (?:so much |very much )?(?:to everyone )?for (?:the|all the) [\\w']+(?: [\\w']+)? (?:you|that you|everyone) (?:gave|brought|donated|made|baked|sent|knitted|collected)\\b",
    // "a huge thank you to Mary and her team", "you can thank Bill and his team"
    '\\b[Tt]hank(?:s| you)?(?: so much| very much)?(?: to)? [A-Z][a-z]+ and (?:his|her|their|the) (?:team|helpers|crew)\\b',
  ].join('|'),
);

/**
 * A notice about church life (the picnic, the car park, the sign-up sheet): never content. It
 * says it is a notice and gives one ("Quick note: the trip has moved to Saturday"), or combines
 * two kinds of cue while teaching nothing ("The youth are selling cakes in the hall"), or thanks
 * the church's people for something (God not named: a story of who did it is no sermon's).
 */
export function isAnnouncement(text: string): boolean {
  if (THANKS_TO_THE_CHURCH.test(text) && !NAMES_GOD.test(text) && findScriptureReferences(text).length === 0) return true;
  const cues = noticeCues(text);
  const aside = cues.delete('aside');
  if (aside && cues.size >= 1) return true;
  if (aside ? wordCount(text) > ASIDE_ALONE_MAX_WORDS || !NOTICE_HEADER.test(text) : cues.size < 2)
    return false;
  return !teaches(text);
}

/**
 * A cue other than a day or a time ("Please be on time.", "The choir needs tenors.") in a sentence
 * that teaches nothing: a notice, when it stands next to one. (A day alone is how sermons speak
 * too: "We sing on Sunday and snap at our family on Monday.")
 */
export function hasNoticeCue(text: string): boolean {
  const cues = noticeCues(text);
  cues.delete('when');
  return cues.size >= 1 && !teaches(text);
}

/**
 * An aside said as a sentence of its own ("Let me stop here for a moment.") and a cue of the
 * notice in the next ("The blood donation van is in the car park on Thursday."): one notice said
 * in two sentences, as "aside and one other cue" is in one. The next sentence needs a cue other
 * than a day or a time, and names neither God nor a scripture (its verbs may be the story's:
 * "van" is heard "ran").
 */
function asideCarriesOver(aside: string, next: string): boolean {
  const cues = noticeCues(next);
  cues.delete('when');
  cues.delete('aside');
  return noticeCues(aside).has('aside') && cues.size >= 1 && !NAMES_GOD.test(next) && findScriptureReferences(next).length === 0;
}

// How many sentences that teach nothing may stand between two notices and still be the notices
// ("… a new baby girl, so a meal train has started!" between the building fund and the sign-up).
const NOTICE_GAP = 2;

/**
 * The rest of a notice passage: next to a notice, a sentence with one cue that teaches nothing
 * ("If you drove here in a blue van, your lights are on.", "Please be on time.") belongs to it,
 * before or after, and so do up to two sentences that teach nothing between two notices (a
 * preacher who goes back to the sermon teaches). The passage stops where the cues stop.
 */
export function noticePassages(sentences: readonly { text: string }[]): Set<number> {
  const notice = sentences.map((s) => isAnnouncement(s.text));
  const cue = new Map<number, boolean>();
  const oneCue = (i: number) => {
    if (!cue.has(i)) cue.set(i, hasNoticeCue(sentences[i]!.text));
    return cue.get(i)!;
  };
  const out = new Set<number>();
  sentences.forEach((s, i) => {
    if (i === 0 || notice[i] || !asideCarriesOver(sentences[i - 1]!.text, s.text)) return;
    notice[i] = true;
    out.add(i - 1);
  });
  notice.forEach((isNotice, i) => {
    if (!isNotice) return;
    out.add(i);
    for (let k = i + 1; k < sentences.length && !notice[k] && oneCue(k); k += 1) out.add(k);
    // A hand-over ("A few notices.", "I've been handed a note") opens the notices: the sentence
    // before it is the sermon's, whatever cue it carries ("people selling much and bringing in little").
    if (NOTICE_HEADER.test(sentences[i]!.text)) return;
    for (let k = i - 1; k >= 0 && !notice[k] && oneCue(k); k -= 1) out.add(k);
  });
  // The gaps: a short run that teaches nothing between two notices.
  const marked = [...out].sort((x, y) => x - y);
  marked.forEach((from, k) => {
    const to = marked[k + 1] ?? from + 1;
    if (to - from - 1 > NOTICE_GAP) return;
    const run = sentences.slice(from + 1, to);
    if (run.every((s) => !teaches(s.text))) for (let i = from + 1; i < to; i += 1) out.add(i);
  });
  // The line that closes them: "Okay, phones away, and thank you.", "Thank you, now let's hear from
  // the Lord.", "We carry all of that to God as we worship."; the way back to the sermon ("Now, back
  // to the sun going down."); the farewell after the last ("Go safely, and God bless you.").
  // (Two of them: "So thank you, you are a generous church. Now, back to the sun going down.")
  for (const i of [...out].sort((x, y) => x - y)) {
    for (let k = i + 1; k <= i + 2 && out.has(k - 1); k += 1) {
      const next = sentences[k]?.text;
      if (next !== undefined && !out.has(k) && next.split(/\s+/).length <= CLOSING_MAX_WORDS && CLOSES_NOTICES.test(next)) out.add(k);
    }
  }
  return out;
}
const CLOSES_NOTICES = /\b(?:thank you|thanks)\b|\bphones (?:away|off|down)\b|\b(?:now )?let(?:'s| us) (?:hear|turn|listen|worship)\b|\bas we worship\b|\bcarry (?:all )?(?:of )?(?:that|this|these|them|it) (?:to god|into (?:our|this) worship)\b|^(?:(?:now|anyway|right|okay|ok|so)\W+)?back to\b|\bgo safely\b|\bgod bless (?:you|you all)\W*$|\bsee you (?:all )?next (?:week|sunday)\b|\bhave a (?:good|great|lovely|blessed) (?:week|sunday|evening)\b/i;
const CLOSING_MAX_WORDS = 12;
