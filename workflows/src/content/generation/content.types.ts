// The spec's Outline and Devotional shapes (spec section 3) and the generator interfaces.
import type { ScriptureReference } from '../scripture/scripture.references.ts';

export type OutlineMainPoint = {
  title: string;
  summary: string;
  /** HTML. */
  details: string;
  scripture: string;
};

export type Outline = {
  theme: string;
  mainPoints: OutlineMainPoint[];
  keyPoints: string[];
  scriptures: string[];
  applications: string[];
  /** HTML. */
  application: string;
  illustrations: string[];
  conclusion: string[];
};

export type QuickFull<T> = { quick: T; full: T };

export type PassageForm = { reference: string; text: string; context: string };

export type Reflection = {
  observations: string[];
  interpretation: string;
  application: string;
  keyTakeaway: string;
  question: string;
};

/** One day of the series, as stored in the devotionals table minus id and sermon_id. */
export type DevotionalDay = {
  day_number: number;
  title: string;
  theme: string;
  opening_prayer: QuickFull<string>;
  scripture_passage: QuickFull<PassageForm>;
  reflection: QuickFull<Reflection>;
  closing_prayer: QuickFull<string>;
  additional_scripture: Array<{ reference: string; note: string }>;
};

export type GenerationInput = {
  transcript: string;
  /** Sermon title, when staff gave one. */
  title?: string;
  /** References detected in the transcript; detected again when absent. */
  references?: ScriptureReference[];
  /** Words the recogniser was unsure of (lower case): never in a title or theme. */
  lowConfidence?: ReadonlySet<string>;
  /** Words the recogniser was in doubt of (lower case; `DOUBTFUL`): an announced point's clause that holds one the sermon does not confirm is cut. */
  doubtful?: ReadonlySet<string>;
};

export interface OutlineGenerator {
  generateOutline(input: GenerationInput): Promise<Outline>;
}

export interface DevotionalGenerator {
  /** Exactly five days, day_number 1..5. */
  generateDevotionals(input: GenerationInput & { outline?: Outline }): Promise<DevotionalDay[]>;
}

export class GenerationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GenerationError';
  }
}
