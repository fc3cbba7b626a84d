// Outline editing (spec 000 §5): key points, scriptures and applications are one item per line,
// neither trimmed nor filtered — what the user typed is what is saved.
import type { Outline } from './sermon.types.ts';

export interface OutlineDraft {
  theme: string;
  keyPoints: string;
  scriptures: string;
  applications: string;
  conclusion: string;
}

export const linesOf = (text: string): string[] => text.split('\n');
export const textOf = (items: readonly string[] | undefined): string => (items ?? []).join('\n');

export function outlineDraft(outline: Outline | null | undefined): OutlineDraft {
  return {
    theme: outline?.theme ?? '',
    keyPoints: textOf(outline?.keyPoints ?? outline?.mainPoints?.map((point) => point.title)),
    scriptures: textOf(outline?.scriptures),
    applications: textOf(outline?.applications),
    conclusion: textOf(outline?.conclusion),
  };
}

/** The outline to save: the draft's lists replace the stored ones, other fields are kept. */
export function outlineFromDraft(original: Outline | null | undefined, draft: OutlineDraft): Outline {
  const keyPoints = linesOf(draft.keyPoints);
  const base: Outline = { ...(original ?? {}) };
  // Main points win over key points on display: when edited, keep main points in step with the lines.
  if (base.mainPoints && base.mainPoints.length > 0) {
    base.mainPoints = keyPoints.map((title, index) => ({ ...(base.mainPoints![index] ?? {}), title }));
  }
  return {
    ...base,
    theme: draft.theme,
    keyPoints,
    scriptures: linesOf(draft.scriptures),
    applications: linesOf(draft.applications),
    conclusion: linesOf(draft.conclusion),
  };
}
