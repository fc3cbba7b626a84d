// Spoken English numbers ("twenty-eight", "one hundred nineteen") as they appear in transcripts.
const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};

export type Token = { text: string; lower: string; start: number; end: number; kind: 'word' | 'num' | 'punct' };

/** Splits text into words, digit runs and single punctuation marks, keeping offsets. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /([A-Za-z][A-Za-z']*)|(\d+)|([^\sA-Za-z\d])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const kind = m[1] ? 'word' : m[2] ? 'num' : 'punct';
    out.push({ text: m[0], lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length, kind });
  }
  return out;
}

export type ParsedNumber = { value: number; next: number };

/**
 * Small numbers said alone, as Whisper writes them: the words they sound like ("Philippians for 6
 * and 7", "one, too", "free and for" for "three and four").
 */
export const NUMBER_HOMOPHONES: Readonly<Record<string, number>> = { for: 4, to: 2, too: 2, won: 1, free: 3 };

/** A number (`readNumber`) or a word that sounds like a small one (`NUMBER_HOMOPHONES`). */
export function readNumberOrHomophone(tokens: readonly Token[], i: number): (ParsedNumber & { homophone: boolean }) | undefined {
  const number = readNumber(tokens, i);
  if (number) return { ...number, homophone: false };
  const t = tokens[i];
  const value = t?.kind === 'word' ? NUMBER_HOMOPHONES[t.lower] : undefined;
  return value === undefined ? undefined : { value, next: i + 1, homophone: true };
}

/** Reads a number (digits or words) starting at token `i`; `undefined` if none starts there. */
export function readNumber(tokens: readonly Token[], i: number): ParsedNumber | undefined {
  const t = tokens[i];
  if (!t) return undefined;
  if (t.kind === 'num') return { value: Number(t.text), next: i + 1 };
  if (t.kind !== 'word') return undefined;
  let value = 0;
  let j = i;
  const w = (k: number) => (tokens[k]?.kind === 'word' ? tokens[k].lower : undefined);
  // hundreds: "one hundred (and) ..."
  const hundreds = UNITS[w(j) ?? ''];
  // "one oh five", "one-oh-five": 105.
  const oh = (k: number) => (tokens[k]?.text === '-' ? k + 1 : k);
  if (hundreds && /^(oh|o|zero)$/.test(w(oh(j + 1)) ?? '')) {
    const unit = UNITS[w(oh(oh(j + 1) + 1)) ?? ''];
    if (unit !== undefined) return { value: hundreds * 100 + unit, next: oh(oh(j + 1) + 1) + 1 };
  }
  if (hundreds && w(j + 1) === 'hundred') {
    value = hundreds * 100;
    j += 2;
    if (w(j) === 'and' && isSmallNumberWord(w(j + 1))) j += 1;
    const rest = readBelowHundred(tokens, j);
    if (rest) return { value: value + rest.value, next: rest.next };
    return { value, next: j };
  }
  return readBelowHundred(tokens, i);
}

function isSmallNumberWord(word: string | undefined): boolean {
  return word !== undefined && (word in UNITS || word in TEENS || word in TENS);
}

function readBelowHundred(tokens: readonly Token[], i: number): ParsedNumber | undefined {
  const t = tokens[i];
  if (!t || t.kind !== 'word') return undefined;
  const tens = TENS[t.lower];
  if (tens !== undefined) {
    // "twenty-eight" (hyphen token) or "twenty eight"
    let j = i + 1;
    if (tokens[j]?.text === '-' && tokens[j]!.start === t.end) j += 1;
    const u = tokens[j];
    const unit = u?.kind === 'word' ? UNITS[u.lower] : undefined;
    if (unit) return { value: tens + unit, next: j + 1 };
    return { value: tens, next: i + 1 };
  }
  const small = TEENS[t.lower] ?? UNITS[t.lower];
  if (small !== undefined) return { value: small, next: i + 1 };
  return undefined;
}

const ORDINAL_UNITS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9,
};
const ORDINAL_TEENS: Record<string, number> = {
  tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16,
  seventeenth: 17, eighteenth: 18, nineteenth: 19,
};
const ORDINAL_TENS: Record<string, number> = {
  twentieth: 20, thirtieth: 30, fortieth: 40, fiftieth: 50, sixtieth: 60, seventieth: 70, eightieth: 80, ninetieth: 90,
};

/** Reads an ordinal ("twenty-third", "one hundred and nineteenth", "23rd") at token `i`. */
export function readOrdinal(tokens: readonly Token[], i: number): ParsedNumber | undefined {
  const t = tokens[i];
  if (!t) return undefined;
  const suffix = tokens[i + 1];
  if (t.kind === 'num' && suffix?.kind === 'word' && suffix.start === t.end && /^(st|nd|rd|th)$/.test(suffix.lower)) {
    return { value: Number(t.text), next: i + 2 };
  }
  let j = i;
  let value = 0;
  const w = (k: number) => (tokens[k]?.kind === 'word' ? tokens[k]!.lower : '');
  const hundreds = UNITS[w(j)];
  if (hundreds && w(j + 1) === 'hundred') {
    value = hundreds * 100;
    j += 2;
    if (w(j) === 'and') j += 1;
  }
  const tens = TENS[w(j)];
  if (tens !== undefined) {
    let k = j + 1;
    if (tokens[k]?.text === '-') k += 1;
    const unit = ORDINAL_UNITS[w(k)];
    if (unit !== undefined) return { value: value + tens + unit, next: k + 1 };
    return undefined;
  }
  const single = ORDINAL_UNITS[w(j)] ?? ORDINAL_TEENS[w(j)] ?? ORDINAL_TENS[w(j)];
  if (single !== undefined) return { value: value + single, next: j + 1 };
  return undefined;
}

/**
 * Chapters a recogniser confuses with `chapter`: another tens word with the same units ("thirty
 * seven" / "forty seven"), teen / tens ("fourteen" / "forty") and a unit written for its tens.
 */
export function soundAlikeChapters(chapter: number): number[] {
  const out = new Set<number>();
  if (chapter >= 100) {
    for (const d of [-30, -20, -10, 10, 20, 30]) if (chapter + d >= 100) out.add(chapter + d);
  } else if (chapter >= 21 && chapter % 10 !== 0) {
    // Another tens word, the same units: "thirty-seven" / "forty-seven".
    for (const d of [-30, -20, -10, 10, 20, 30]) if (chapter + d >= 21 && chapter + d <= 99) out.add(chapter + d);
  }
  // A unit and its teen ("eight" / "eighteen", from "three" / "thirteen" up; "one" and "eleven"
  // or "two" and "twelve" do not sound alike), a teen and its tens ("fourteen" / "forty"); a unit
  // and the tens word written as it, the ending lost ("thirty" written "3"; not back: "sixty" heard
  // for "sixteen" is the teen).
  if (chapter >= 3 && chapter <= 9) out.add(chapter + 10).add(chapter * 10);
  if (chapter >= 13 && chapter <= 19) out.add(chapter - 10).add((chapter - 10) * 10);
  if (chapter >= 30 && chapter <= 90 && chapter % 10 === 0) out.add(chapter / 10 + 10);
  out.delete(chapter);
  return [...out];
}
