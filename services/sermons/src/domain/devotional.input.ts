// A devotional as staff or the pipeline send it → the stored columns (spec §5): missing fields
// become empty text / empty quick-full; observations trimmed, empties dropped.
import type { DevotionalColumns } from '../data/sermon.repository.ts';

export interface DevotionalInput {
  title?: unknown;
  theme?: unknown;
  openingPrayer?: unknown;
  scripturePassage?: unknown;
  reflection?: unknown;
  closingPrayer?: unknown;
  additionalScripture?: unknown;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
function quickFull(value: unknown) {
  const r = record(value);
  return { quick: text(r.quick), full: text(r.full) };
}
function passage(value: unknown) {
  const r = record(value);
  return { reference: text(r.reference), text: text(r.text), context: text(r.context) };
}
function reflectionPart(value: unknown) {
  const r = record(value);
  const observations = Array.isArray(r.observations) ? r.observations.filter((o): o is string => typeof o === 'string').map((o) => o.trim()).filter((o) => o !== '') : [];
  return { observations, interpretation: text(r.interpretation), application: text(r.application), keyTakeaway: text(r.keyTakeaway), question: text(r.question) };
}

export function normaliseDevotional(input: DevotionalInput): DevotionalColumns {
  const sp = record(input.scripturePassage);
  const rf = record(input.reflection);
  return {
    title: text(input.title),
    theme: text(input.theme),
    opening_prayer: JSON.stringify(quickFull(input.openingPrayer)),
    scripture_passage: JSON.stringify({ quick: passage(sp.quick), full: passage(sp.full) }),
    reflection: JSON.stringify({ quick: reflectionPart(rf.quick), full: reflectionPart(rf.full) }),
    closing_prayer: JSON.stringify(quickFull(input.closingPrayer)),
    additional_scripture: JSON.stringify(Array.isArray(input.additionalScripture)
      ? input.additionalScripture.map((a) => ({ reference: text(record(a).reference), note: text(record(a).note) }))
      : null),
  };
}
