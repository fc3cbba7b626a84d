// Passage text of a public-domain translation. The default reads the World English Bible from
// the SWORD module `engWEB2015eb` (Debian: diatheke + sword-text-web) — never generated text.
import { execFile } from 'node:child_process';

export interface ScriptureTextProvider {
  /** Text of an OSIS reference or range (`John.3.16`, `1Cor.13.4-1Cor.13.7`, `Ps.23`). */
  passage(osis: string): Promise<string>;
  /** Short name of the translation, e.g. `WEB`. */
  readonly translation: string;
}

export class ScriptureTextError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScriptureTextError';
  }
}

export type DiathekeOptions = { binary?: string; module?: string; timeoutMs?: number };

// Book names diatheke prints before each verse (locale "en"), longest first.
export const VERSE_PREFIX = new RegExp(
  `(?:^|\\s)((?:(?:I{1,3}|IV) )?(?:Genesis|Exodus|Leviticus|Numbers|Deuteronomy|Joshua|Judges|Ruth|Samuel|Kings|Chronicles|Ezra|Nehemiah|Esther|Job|Psalms|Proverbs|Ecclesiastes|Song of Solomon|Isaiah|Jeremiah|Lamentations|Ezekiel|Daniel|Hosea|Joel|Amos|Obadiah|Jonah|Micah|Nahum|Habakkuk|Zephaniah|Haggai|Zechariah|Malachi|Matthew|Mark|Luke|John|Acts|Romans|Corinthians|Galatians|Ephesians|Philippians|Colossians|Thessalonians|Timothy|Titus|Philemon|Hebrews|James|Peter|Jude|Revelation of John)) (\\d+):(\\d+): `,
);
const OSIS_REF = /^[1-3]?[A-Z][A-Za-z]+\.\d+(?:\.\d+)?(?:-[1-3]?[A-Z][A-Za-z]+\.\d+(?:\.\d+)?)?$/;

// What a module prints after its last verse is back matter, not verse text: the WEB's glossary
// (about 3,000 words) follows Revelation 22:21 on the same line, after the end of the book (in
// `-f osis` output its markup is stripped and leaves a long run of spaces; nowhere else in the WEB
// or KJV is there one of more than five).
const BACK_MATTER = /(?:<div\b[^>]*\btype="book"[^>]*\/>|\s{8,}(?=[^\s<]))[\s\S]*$/;

/** Cleans one verse of diatheke's OSIS output into plain text. */
export function cleanOsisVerse(markup: string): string {
  return markup
    .replace(BACK_MATTER, '')
    .replace(/<(title|note)\b[^>]*>[\s\S]*?<\/\1>/g, '')
    // The module drops the space where a word element follows text directly ("born<w>Son").
    .replace(/([\p{L}\p{N},.;:!?’”)])(?=<w[\s>])/gu, '$1 ')
    .replace(/<\/w>(?=\p{L}|<w[\s>])/gu, '</w> ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits diatheke `-f osis` output into verse texts. */
export function parseDiathekeOsis(output: string): string[] {
  const verses: string[] = [];
  for (const line of output.split('\n')) {
    const m = VERSE_PREFIX.exec(line);
    if (!m) continue;
    const text = cleanOsisVerse(line.slice(m.index + m[0].length));
    if (text) verses.push(text);
  }
  return verses;
}

export class DiathekeScriptureText implements ScriptureTextProvider {
  readonly translation = 'WEB';
  private readonly binary: string;
  private readonly module: string;
  private readonly timeoutMs: number;
  private readonly cache = new Map<string, Promise<string>>();

  constructor(options: DiathekeOptions = {}) {
    this.binary = options.binary ?? 'diatheke';
    this.module = options.module ?? 'engWEB2015eb';
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  passage(osis: string): Promise<string> {
    if (!OSIS_REF.test(osis)) return Promise.reject(new ScriptureTextError(`Not an OSIS reference: ${JSON.stringify(osis)}`));
    let pending = this.cache.get(osis);
    if (!pending) {
      pending = this.lookup(osis);
      pending.catch(() => this.cache.delete(osis));
      this.cache.set(osis, pending);
    }
    return pending;
  }

  private async lookup(osis: string): Promise<string> {
    const output = await this.run(['-b', this.module, '-f', 'osis', '-k', osis]);
    const verses = parseDiathekeOsis(output);
    if (verses.length === 0) {
      // diatheke exits 0 and prints nothing when the module is not installed.
      if (!output.includes(`(${this.module})`)) {
        throw new ScriptureTextError(`SWORD module ${this.module} is not installed (Debian package sword-text-web)`);
      }
      throw new ScriptureTextError(`No text for ${osis} in ${this.module}`);
    }
    return verses.join(' ');
  }

  private run(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(this.binary, args, { timeout: this.timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
        if (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') reject(new ScriptureTextError(`${this.binary} is not installed (Debian packages diatheke and sword-text-web)`, { cause: error }));
          else reject(new ScriptureTextError(`${this.binary} failed: ${error.message}`, { cause: error }));
          return;
        }
        resolve(stdout);
      });
    });
  }
}
