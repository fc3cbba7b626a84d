// "Every scripture the outline or a devotional cites comes from the sermon": citations are
// parsed and kept only when they fall inside a passage the transcript itself cites.
import { findScriptureReferences, type ScriptureReference } from '../scripture/scripture.references.ts';
import type { DevotionalDay, Outline } from './content.types.ts';

type Span = { book: string; from: number; to: number };

// chapter * 1000 + verse; a whole chapter spans its verses 0..999 (a run of chapters, to its last).
function spanOf(r: Pick<ScriptureReference, 'book' | 'chapter' | 'verseStart' | 'chapterEnd' | 'verseEnd'>): Span {
  const from = r.chapter * 1000 + (r.verseStart ?? 0);
  const to = r.verseEnd !== undefined ? (r.chapterEnd ?? r.chapter) * 1000 + r.verseEnd : r.verseStart !== undefined ? from : (r.chapterEnd ?? r.chapter) * 1000 + 999;
  return { book: r.book, from, to };
}

export class SermonScriptures {
  private readonly spans: Span[];
  readonly references: readonly ScriptureReference[];

  constructor(references: readonly ScriptureReference[]) {
    this.references = references;
    this.spans = references.map(spanOf);
  }

  /** The sermon's reference that a cited text ("Romans 8:28") matches or lies within. */
  match(citation: string): ScriptureReference | undefined {
    const [parsed] = findScriptureReferences(citation);
    if (!parsed) return undefined;
    const s = spanOf(parsed);
    const i = this.spans.findIndex((t) => t.book === s.book && t.from <= s.from && s.to <= t.to);
    return i >= 0 ? this.references[i] : undefined;
  }

  /** The citation in the sermon's own normal form, or undefined when the sermon never cites it. */
  normalise(citation: string): string | undefined {
    const ref = this.match(citation);
    if (!ref) return undefined;
    const [parsed] = findScriptureReferences(citation);
    return parsed?.display ?? ref.display;
  }
}

/** Outline with citations the sermon does not contain dropped (main points: replaced by the nearest sermon citation). */
export function groundOutline(outline: Outline, sermon: SermonScriptures): Outline {
  const fallback = sermon.references[0]?.display ?? '';
  return {
    ...outline,
    mainPoints: outline.mainPoints.map((p, i) => ({
      ...p,
      scripture: sermon.normalise(p.scripture) ?? sermon.references[Math.min(i, sermon.references.length - 1)]?.display ?? fallback,
    })),
    scriptures: unique(outline.scriptures.map((s) => sermon.normalise(s)).filter((s): s is string => s !== undefined)),
  };
}

/** Days whose passage is not from the sermon get one that is; extra scriptures not from it are dropped. */
export function groundDevotionals(days: readonly DevotionalDay[], sermon: SermonScriptures): DevotionalDay[] {
  const own = days.map((day) => sermon.normalise(day.scripture_passage.full.reference) ?? sermon.normalise(day.scripture_passage.quick.reference));
  // A replacement is a sermon citation no other day uses, while there is one.
  const unused = sermon.references.map((r) => r.display).filter((d) => !own.some((o) => o !== undefined && sermon.match(o) === sermon.match(d)));
  return days.map((day, i) => {
    const reference = own[i] ?? unused.shift() ?? sermon.references[i % Math.max(1, sermon.references.length)]?.display ?? '';
    return {
      ...day,
      scripture_passage: {
        quick: { ...day.scripture_passage.quick, reference },
        full: { ...day.scripture_passage.full, reference },
      },
      additional_scripture: day.additional_scripture
        .map((a) => ({ reference: sermon.normalise(a.reference), note: a.note }))
        .filter((a): a is { reference: string; note: string } => a.reference !== undefined),
    };
  });
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
