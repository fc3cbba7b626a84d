// Reads the evaluation sermons (format: README.md): the spoken text per voice and the annotations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const sermonsDir = fileURLToPath(new URL('./sermons/', import.meta.url));

/**
 * Sermons never looked at while changing code (README.md: the split). Written in session 24 by an
 * engineer who read no content code, after session 23's sealed set (149-156) had been measured
 * twice (before and after that session's content changes) and opened for tuning.
 */
export const SEALED = new Set(['157', '158', '159', '160', '161', '162', '163', '164']);

/** A sermon's id: the number its file name starts with ("07-….sermon" → "07", "100-….sermon" → "100"). */
export function sermonIdOf(file: string): string {
  const id = /^\d+/.exec(path.basename(file))?.[0];
  if (!id) throw new Error(`${file}: a sermon file's name starts with its number`);
  return id;
}

/** The sermon files in number order (100 after 99, not after 10). */
export function sermonFiles(dir = sermonsDir): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sermon'))
    .sort((a, b) => Number(sermonIdOf(a)) - Number(sermonIdOf(b)));
}

/** Which figures a sermon counts in: the tuning set or the sealed held-back set. */
export type EvalGroup = 'tune' | 'sealed';

export type Paragraph = { voice: 'main' | 'reader'; kind: 'content' | 'announce' | 'altar'; text: string };
export type AnnotatedReference = { osis: string; words: string };
export type AnnotatedQuotation = { osis: string; words: string; referenced: boolean };

export type EvalSermon = {
  id: string;
  file: string;
  heldBack: boolean;
  group: EvalGroup;
  title: string;
  speaker: string;
  style: string;
  voice: string;
  reader: string;
  speed: number;
  noise: number;
  announced: boolean;
  points: string[];
  theme: string[];
  illustrations: string[];
  paragraphs: Paragraph[];
  /** Everything spoken, markup removed. */
  spoken: string;
  references: AnnotatedReference[];
  quotations: AnnotatedQuotation[];
  /** Announcement paragraphs (must never appear in content). */
  announcements: string[];
  altarCalls: string[];
};

const SPOKEN_REF = /\{([^|{}]+)\|([^{}]+)\}/g;
const QUOTATION = /<<([^|<>]+)\|([^<>]+)>>/g;

export function stripMarkup(text: string): string {
  return text.replace(SPOKEN_REF, '$2').replace(QUOTATION, '$2');
}

export function parseSermon(file: string, source: string): EvalSermon {
  const [head, body] = source.split(/^---$/m);
  if (body === undefined) throw new Error(`${file}: no '---' line after the header`);
  const header = new Map<string, string>();
  for (const line of head!.split('\n')) {
    const m = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (m) header.set(m[1]!, m[2]!.trim());
  }
  const need = (key: string) => {
    const value = header.get(key);
    if (value === undefined) throw new Error(`${file}: header '${key}' missing`);
    return value;
  };
  const list = (key: string, sep: string) => (header.get(key) ?? '').split(sep).map((s) => s.trim()).filter(Boolean);
  const paragraphs: Paragraph[] = [];
  const references: AnnotatedReference[] = [];
  const quoted: Array<{ osis: string; words: string }> = [];
  for (const raw of body.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const m = /^@(reader|announce|altar)\s+(.*)$/.exec(raw);
    const marked = m ? m[2]! : raw;
    for (const r of marked.matchAll(SPOKEN_REF)) references.push({ osis: r[1]!, words: r[2]! });
    for (const q of marked.matchAll(QUOTATION)) quoted.push({ osis: q[1]!, words: q[2]! });
    paragraphs.push({
      voice: m?.[1] === 'reader' ? 'reader' : 'main',
      kind: m?.[1] === 'announce' ? 'announce' : m?.[1] === 'altar' ? 'altar' : 'content',
      text: stripMarkup(marked),
    });
  }
  const id = sermonIdOf(file);
  return {
    id,
    file,
    heldBack: SEALED.has(id),
    group: SEALED.has(id) ? 'sealed' : 'tune',
    title: need('title'),
    speaker: need('speaker'),
    style: need('style'),
    voice: need('voice'),
    reader: header.get('reader') ?? 'en-gb-x-rp',
    speed: Number(need('speed')),
    noise: Number(header.get('noise') ?? 0),
    announced: header.get('announced') === 'yes',
    points: list('points', '|'),
    theme: list('theme', ','),
    illustrations: list('illustrations', ','),
    paragraphs,
    spoken: paragraphs.map((p) => p.text).join('\n'),
    references,
    quotations: quoted.map((q) => ({ ...q, referenced: references.some((r) => overlaps(r.osis, q.osis)) })),
    announcements: paragraphs.filter((p) => p.kind === 'announce').map((p) => p.text),
    altarCalls: paragraphs.filter((p) => p.kind === 'altar').map((p) => p.text),
  };
}

/** The ids a group spans in the whole set, e.g. "01-36" (for the summary lines' labels). */
export function groupSpan(all: readonly EvalSermon[], group: EvalGroup): string {
  const ids = all.filter((s) => s.group === group).map((s) => s.id);
  return ids.length ? `${ids[0]}-${ids.at(-1)}` : '-';
}

export function loadSermons(dir = sermonsDir): EvalSermon[] {
  return sermonFiles(dir).map((f) => parseSermon(f, fs.readFileSync(path.join(dir, f), 'utf8')));
}

export type Selection = {
  /** EVAL_ONLY: these sermon ids only. */
  only?: readonly string[];
  /** EVAL_SET: tune | sealed | all; unset, the tuning set (or the EVAL_ONLY sermons). */
  set?: string;
  /** EVAL_SUMMARY=1: summary lines only for the sealed set. */
  summary?: boolean;
  /** EVAL_SEALED_ROWS=1: print the sealed rows too (only once the set is opened for tuning). */
  sealedRows?: boolean;
};

/**
 * The sermons a run takes, and whether a sermon's own row (and verbose detail, and JSON) may be
 * shown. A plain run takes the tuning set only: the sealed set's summary lines are figures too, so
 * they are printed only when asked for by name (EVAL_SET=sealed or all). Sealed rows stay hidden
 * unless asked for, and a part of the sealed set cannot be picked while they are hidden: the
 * summary of one sealed sermon is its row.
 */
export function selectSermons(all: readonly EvalSermon[], selection: Selection): { sermons: EvalSermon[]; showRow: (s: EvalSermon) => boolean } {
  const { only, set, summary = false, sealedRows = false } = selection;
  if (set && set !== 'tune' && set !== 'sealed' && set !== 'all') throw new Error(`EVAL_SET=${set}: the groups are tune and sealed, or all (README.md: the split)`);
  const group = set === 'all' ? undefined : (set ?? (only ? undefined : 'tune'));
  const sermons = all.filter((s) => (!only || only.includes(s.id)) && (!group || s.group === group));
  const hideSealed = summary || !sealedRows;
  const sealedTaken = sermons.filter((s) => s.group === 'sealed').length;
  const sealedAll = all.filter((s) => s.group === 'sealed').length;
  if (hideSealed && sealedTaken > 0 && sealedTaken < sealedAll) {
    throw new Error(`EVAL_ONLY picks ${sealedTaken} of the ${sealedAll} sealed sermons: their summary would show their rows (take all of them, or none)`);
  }
  return { sermons, showRow: (s) => !(s.group === 'sealed' && hideSealed) };
}

/**
 * EVAL_RESPEAK=n: the tuning sermons spoken again, each with the voices and speed of the tuning
 * sermon n places after it (wrapping round). The words and annotations stay; the recogniser's
 * mistakes are new, so rules fitted to one voice's mishearings meet others. Only the tuning set:
 * the sealed sermons are never respoken (their rows would be shown).
 */
export function respoken(sermons: readonly EvalSermon[], all: readonly EvalSermon[], shift: number): EvalSermon[] {
  if (!Number.isInteger(shift) || shift < 1) throw new Error(`EVAL_RESPEAK=${shift}: a whole number of places, 1 or more`);
  if (sermons.some((s) => s.group === 'sealed')) throw new Error('EVAL_RESPEAK takes the tuning set only (EVAL_SET=tune)');
  const tuning = all.filter((s) => s.group === 'tune');
  return sermons.map((s) => {
    const other = tuning[(tuning.findIndex((t) => t.id === s.id) + shift) % tuning.length]!;
    return { ...s, voice: other.voice, reader: other.reader, speed: other.speed };
  });
}

export type VerseSpan = { book: string; from: number; to: number };

/** `Lam.3.22-Lam.3.23` → book and chapter*1000+verse bounds (a whole chapter: verses 0..999). */
export function osisSpan(osis: string): VerseSpan {
  const [a, b] = osis.split('-');
  const [book, chapter, verse] = a!.split('.');
  const from = Number(chapter) * 1000 + (verse ? Number(verse) : 0);
  let to = verse ? from : Number(chapter) * 1000 + 999;
  if (b) {
    const [, c2, v2] = b.split('.');
    to = Number(c2) * 1000 + (v2 ? Number(v2) : 999);
  }
  return { book: book!, from, to };
}

export function overlaps(x: string, y: string): boolean {
  const a = osisSpan(x);
  const b = osisSpan(y);
  return a.book === b.book && a.from <= b.to && b.from <= a.to;
}
