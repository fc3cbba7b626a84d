// Outline editing (spec 000 §4, §5): view and edit modes; key points, scriptures and applications
// (and the other lists) are one item per line, neither trimmed nor filtered — what the user typed
// is what is saved. Main points are edited point by point (title, scripture, summary): they are
// what the page shows in preference to key points, and the two lists are different content.
import type { MainPoint, Outline } from './sermon.types.ts';
import { escapeHtml } from './html.escape.ts';
import { richBlocks } from './rich.text.ts';
import type { RichBlock } from './rich.text.ts';

export interface MainPointDraft {
  title: string;
  scripture: string;
  summary: string;
}

export interface OutlineDraft {
  theme: string;
  mainPoints: MainPointDraft[];
  keyPoints: string;
  scriptures: string;
  applications: string;
  illustrations: string;
  conclusion: string;
}

export type OutlineListField = 'keyPoints' | 'scriptures' | 'applications' | 'illustrations' | 'conclusion';

export const linesOf = (text: string): string[] => text.split('\n');
export const textOf = (items: readonly string[] | undefined): string => (items ?? []).join('\n');

export function outlineDraft(outline: Outline | null | undefined): OutlineDraft {
  return {
    theme: outline?.theme ?? '',
    mainPoints: (outline?.mainPoints ?? []).map((point) => ({
      title: point.title ?? '',
      scripture: point.scripture ?? '',
      summary: point.summary ?? '',
    })),
    keyPoints: textOf(outline?.keyPoints),
    scriptures: textOf(outline?.scriptures),
    applications: textOf(outline?.applications),
    illustrations: textOf(outline?.illustrations),
    conclusion: textOf(outline?.conclusion),
  };
}

/**
 * The generator's details repeat the summary as their first paragraph and end with
 * '<strong>Scripture:</strong> …': when the user changes the summary or the scripture, the same
 * text in the details follows, so the two never disagree.
 */
export function syncDetails(
  details: string | undefined,
  before: MainPoint,
  after: MainPointDraft,
): string | undefined {
  if (!details) return details;
  let next = details;
  if ((before.summary ?? '') !== after.summary && before.summary) {
    next = next.replace(
      `<p>${escapeHtml(before.summary)}</p>`,
      after.summary ? `<p>${escapeHtml(after.summary)}</p>` : '',
    );
  }
  if ((before.scripture ?? '') !== after.scripture && before.scripture) {
    next = next.replace(
      new RegExp(`<p><strong>Scripture:</strong>\\s*${escapeRegExp(escapeHtml(before.scripture))}</p>`),
      after.scripture ? `<p><strong>Scripture:</strong> ${escapeHtml(after.scripture)}</p>` : '',
    );
  }
  return next;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The outline to save: the draft's fields replace the stored ones; everything else is kept. */
export function outlineFromDraft(original: Outline | null | undefined, draft: OutlineDraft): Outline {
  const base: Outline = { ...(original ?? {}) };
  const saved: Outline = {
    ...base,
    theme: draft.theme,
    keyPoints: linesOf(draft.keyPoints),
    scriptures: linesOf(draft.scriptures),
    applications: linesOf(draft.applications),
    illustrations: linesOf(draft.illustrations),
    conclusion: linesOf(draft.conclusion),
  };
  if (base.mainPoints) {
    saved.mainPoints = draft.mainPoints.map((point, index) => {
      const before: MainPoint = base.mainPoints![index] ?? { title: '' };
      const details = syncDetails(before.details, before, point);
      return {
        ...before,
        title: point.title,
        scripture: point.scripture,
        summary: point.summary,
        ...(details === undefined ? {} : { details }),
      };
    });
  }
  return saved;
}

/**
 * What a main point shows under its title: its details (paragraphs and lists) without the
 * paragraphs that repeat the summary or the 'Scripture: …' line shown beside the title; the
 * summary first when the details do not carry it.
 */
export function mainPointBody(point: MainPoint): RichBlock[] {
  const summary = (point.summary ?? '').trim();
  const scriptureLine = point.scripture ? `Scripture: ${point.scripture}`.trim() : null;
  const blocks = richBlocks(point.details).filter(
    (block) => block.kind !== 'paragraph' || (block.text !== summary && block.text !== scriptureLine),
  );
  return summary ? [{ kind: 'paragraph', text: summary }, ...blocks] : blocks;
}
