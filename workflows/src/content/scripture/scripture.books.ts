// The 66 books of the Protestant canon: OSIS id, display name, chapter count and the names and
// abbreviations people write or say. Numbered books list the name without the number.
export type BookInfo = {
  osis: string;
  name: string;
  chapters: number;
  /** Prefix number for 1/2/3 books, else undefined. */
  ordinal?: 1 | 2 | 3;
  /** Lower-case names and abbreviations (without the ordinal), longest first is not required. */
  aliases: string[];
};

const raw: Array<[string, string, number, string]> = [
  ['Gen', 'Genesis', 50, 'genesis|gen|gn'],
  ['Exod', 'Exodus', 40, 'exodus|exod|exo|ex'],
  ['Lev', 'Leviticus', 27, 'leviticus|lev|lv'],
  ['Num', 'Numbers', 36, 'numbers|num|nm'],
  ['Deut', 'Deuteronomy', 34, 'deuteronomy|deut|dt'],
  ['Josh', 'Joshua', 24, 'joshua|josh|jos'],
  ['Judg', 'Judges', 21, 'judges|judg|jdg'],
  ['Ruth', 'Ruth', 4, 'ruth|rth'],
  ['1Sam', '1 Samuel', 31, '1:samuel|sam|sa'],
  ['2Sam', '2 Samuel', 24, '2:samuel|sam|sa'],
  ['1Kgs', '1 Kings', 22, '1:kings|kgs|ki'],
  ['2Kgs', '2 Kings', 25, '2:kings|kgs|ki'],
  ['1Chr', '1 Chronicles', 29, '1:chronicles|chron|chr'],
  ['2Chr', '2 Chronicles', 36, '2:chronicles|chron|chr'],
  ['Ezra', 'Ezra', 10, 'ezra|ezr'],
  ['Neh', 'Nehemiah', 13, 'nehemiah|neh'],
  ['Esth', 'Esther', 10, 'esther|esth|est'],
  ['Job', 'Job', 42, 'job'],
  ['Ps', 'Psalms', 150, 'psalms|psalm|pss|psa|ps'],
  ['Prov', 'Proverbs', 31, 'proverbs|prov|prv|pro'],
  ['Eccl', 'Ecclesiastes', 12, 'ecclesiastes|eccles|eccl|ecc'],
  ['Song', 'Song of Solomon', 8, 'song of solomon|song of songs|song'],
  ['Isa', 'Isaiah', 66, 'isaiah|isa'],
  ['Jer', 'Jeremiah', 52, 'jeremiah|jer'],
  ['Lam', 'Lamentations', 5, 'lamentations|lam'],
  ['Ezek', 'Ezekiel', 48, 'ezekiel|ezek|ezk'],
  ['Dan', 'Daniel', 12, 'daniel|dan|dn'],
  ['Hos', 'Hosea', 14, 'hosea|hos'],
  ['Joel', 'Joel', 3, 'joel'],
  ['Amos', 'Amos', 9, 'amos'],
  ['Obad', 'Obadiah', 1, 'obadiah|obad'],
  ['Jonah', 'Jonah', 4, 'jonah|jon'],
  ['Mic', 'Micah', 7, 'micah|mic'],
  ['Nah', 'Nahum', 3, 'nahum|nah'],
  ['Hab', 'Habakkuk', 3, 'habakkuk|hab'],
  ['Zeph', 'Zephaniah', 3, 'zephaniah|zeph'],
  ['Hag', 'Haggai', 2, 'haggai|hag'],
  ['Zech', 'Zechariah', 14, 'zechariah|zech'],
  ['Mal', 'Malachi', 4, 'malachi|mal'],
  ['Matt', 'Matthew', 28, 'matthew|matt|mt'],
  ['Mark', 'Mark', 16, 'mark|mk'],
  ['Luke', 'Luke', 24, 'luke|lk'],
  ['John', 'John', 21, 'john|jn'],
  ['Acts', 'Acts', 28, 'acts'],
  ['Rom', 'Romans', 16, 'romans|rom|rm'],
  ['1Cor', '1 Corinthians', 16, '1:corinthians|cor|co'],
  ['2Cor', '2 Corinthians', 13, '2:corinthians|cor|co'],
  ['Gal', 'Galatians', 6, 'galatians|gal'],
  ['Eph', 'Ephesians', 6, 'ephesians|eph'],
  ['Phil', 'Philippians', 4, 'philippians|phil|php'],
  ['Col', 'Colossians', 4, 'colossians|col'],
  ['1Thess', '1 Thessalonians', 5, '1:thessalonians|thess|th'],
  ['2Thess', '2 Thessalonians', 3, '2:thessalonians|thess|th'],
  ['1Tim', '1 Timothy', 6, '1:timothy|tim|ti'],
  ['2Tim', '2 Timothy', 4, '2:timothy|tim|ti'],
  ['Titus', 'Titus', 3, 'titus|tit'],
  ['Phlm', 'Philemon', 1, 'philemon|phlm|philem'],
  ['Heb', 'Hebrews', 13, 'hebrews|heb'],
  ['Jas', 'James', 5, 'james|jas'],
  ['1Pet', '1 Peter', 5, '1:peter|pet|pe'],
  ['2Pet', '2 Peter', 3, '2:peter|pet|pe'],
  ['1John', '1 John', 5, '1:john|jn'],
  ['2John', '2 John', 1, '2:john|jn'],
  ['3John', '3 John', 1, '3:john|jn'],
  ['Jude', 'Jude', 1, 'jude'],
  ['Rev', 'Revelation', 22, 'revelation|revelations|rev'],
];

export const BOOKS: readonly BookInfo[] = raw.map(([osis, name, chapters, spec]) => {
  const m = /^([123]):(.*)$/.exec(spec);
  if (m) return { osis, name, chapters, ordinal: Number(m[1]) as 1 | 2 | 3, aliases: m[2]!.split('|') };
  return { osis, name, chapters, aliases: spec.split('|') };
});

export const BOOK_BY_OSIS: ReadonlyMap<string, BookInfo> = new Map(BOOKS.map((b) => [b.osis, b]));

/** Looks up a book by (ordinal, lower-case alias); `undefined` when there is no such book. */
export function findBook(ordinal: number | undefined, alias: string): BookInfo | undefined {
  const a = alias.toLowerCase().replace(/\.$/, '');
  return BOOKS.find((b) => b.ordinal === ordinal && b.aliases.includes(a));
}
