// Devotional editing (spec 000 §3, §5): observations one per line, trimmed, empty lines dropped;
// on save, a missing field goes as empty text or an empty quick/full structure; additional
// scripture is null when it is not a list. Stored JSON strings are parsed, and unreadable ones
// read as empty.
import type { Devotional, QuickFull, Reflection, ScripturePassage } from './sermon.types.ts';

export type Form = 'quick' | 'full';

const emptyReflection = (): Reflection => ({
  observations: [],
  interpretation: '',
  application: '',
  keyTakeaway: '',
  question: '',
});
const emptyPassage = (): ScripturePassage => ({ reference: '', text: '', context: '' });

export function observationsFromText(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function quickFull<T>(value: unknown, each: (part: unknown) => T): QuickFull<T> {
  const object = parsed(value);
  const record = object && typeof object === 'object' ? (object as Record<string, unknown>) : {};
  return { quick: each(record.quick), full: each(record.full) };
}

function passage(raw: unknown): ScripturePassage {
  const value = parsed(raw);
  if (!value || typeof value !== 'object') return emptyPassage();
  const v = value as Record<string, unknown>;
  return { reference: text(v.reference), text: text(v.text), context: text(v.context) };
}

function reflection(raw: unknown): Reflection {
  const value = parsed(raw);
  if (!value || typeof value !== 'object') return emptyReflection();
  const v = value as Record<string, unknown>;
  return {
    observations: Array.isArray(v.observations)
      ? v.observations.filter((o): o is string => typeof o === 'string')
      : [],
    interpretation: text(v.interpretation),
    application: text(v.application),
    keyTakeaway: text(v.keyTakeaway),
    question: text(v.question),
  };
}

/** A devotional as the server sent it, with every field in its full shape. */
export function normalizeDevotional(raw: Partial<Devotional> & Record<string, unknown>): Devotional {
  const scriptures = parsed(raw.additionalScripture);
  return {
    id: String(raw.id),
    sermonId: String(raw.sermonId ?? ''),
    title: text(raw.title),
    dayNumber: Number(raw.dayNumber ?? 0),
    theme: text(raw.theme),
    openingPrayer: quickFull(raw.openingPrayer, text),
    scripturePassage: quickFull(raw.scripturePassage, passage),
    reflection: quickFull(raw.reflection, reflection),
    closingPrayer: quickFull(raw.closingPrayer, text),
    additionalScripture: Array.isArray(scriptures)
      ? scriptures.map((entry: unknown) => {
          const e = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
          return { reference: text(e.reference), note: text(e.note) };
        })
      : null,
  };
}

/** The update body (title, theme, opening prayer, passage, reflection, closing prayer, additional scripture). */
export function devotionalUpdate(devotional: Devotional): Omit<Devotional, 'id' | 'sermonId' | 'dayNumber'> {
  const normalized = normalizeDevotional(
    devotional as unknown as Partial<Devotional> & Record<string, unknown>,
  );
  return {
    title: normalized.title,
    theme: normalized.theme,
    openingPrayer: normalized.openingPrayer,
    scripturePassage: normalized.scripturePassage,
    reflection: normalized.reflection,
    closingPrayer: normalized.closingPrayer,
    additionalScripture: normalized.additionalScripture,
  };
}

/** One line per additional scripture: 'Romans 5:8 — While we were still sinners'. */
export function additionalScriptureText(list: Devotional['additionalScripture']): string {
  return (list ?? [])
    .map((entry) => (entry.note ? `${entry.reference} — ${entry.note}` : entry.reference))
    .join('\n');
}

/**
 * The lines back into { reference, note }: the note follows the first dash set off by spaces
 * (so 'John 3:16-18' stays one reference); lines are trimmed and empty ones dropped, like observations.
 */
export function additionalScriptureFromText(text: string): { reference: string; note: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const split = /\s+[—–-]\s+/.exec(line);
      if (!split) return { reference: line, note: '' };
      return {
        reference: line.slice(0, split.index).trim(),
        note: line.slice(split.index + split[0].length).trim(),
      };
    });
}

export const PLACEHOLDERS = {
  theme: 'No theme provided',
  openingPrayer: 'No opening prayer provided',
  reference: 'No reference provided',
  closingPrayer: 'No closing prayer provided',
} as const;
