// The sermons service's resources as the staff screens read them (services/sermons/API.md).
export type SermonStatus = 'PROCESSING' | 'REVIEW' | 'PUBLISHED' | 'FAILED';
export type PipelineStep = 'upload' | 'transcribe' | 'outline' | 'devotion';
export type ProgressStatus = 'processing' | 'completed' | 'failed';

export interface MainPoint {
  title: string;
  summary?: string;
  /** HTML. */
  details?: string;
  scripture?: string;
}

export interface Outline {
  theme?: string;
  mainPoints?: MainPoint[];
  keyPoints?: string[];
  scriptures?: string[];
  applications?: string[];
  /** HTML. */
  application?: string;
  illustrations?: string[];
  conclusion?: string[];
}

export interface Sermon {
  id: string;
  title: string;
  speaker: string;
  recordedAt: string | null;
  duration: number | null;
  status: SermonStatus;
  createdAt: string;
  updatedAt?: string;
  temporaryMediaPath: string | null;
  mediaUrl?: string | null;
  publishedAt?: string | null;
}

export interface SermonSummary extends Sermon {
  progress: Pick<
    SermonProgress,
    'currentStep' | 'status' | 'uploadPct' | 'transcribePct' | 'outlinePct' | 'devotionPct'
  >;
}

export interface SermonDetails {
  sermon: Sermon;
  progress: SermonProgress;
  transcript: { text: string; characterCount: number } | null;
  outline: Outline | null;
  devotionals: Devotional[];
}

export interface DashboardSummary {
  total: number;
  published: number;
  processing: number;
  thisMonth: number;
  recent: SermonSummary[];
}

export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
  key: string;
  maxBytes: number;
}

export interface SermonProgress {
  sermonId: string;
  uploadPct: number;
  transcribePct: number;
  outlinePct: number;
  devotionPct: number;
  currentStep: PipelineStep;
  status: ProgressStatus;
  errorMessage: string | null;
  message?: string | null;
  updatedAt?: string;
}

export interface QuickFull<T> {
  quick: T;
  full: T;
}

export interface ScripturePassage {
  reference: string;
  text: string;
  context: string;
}

export interface Reflection {
  observations: string[];
  interpretation: string;
  application: string;
  keyTakeaway: string;
  question: string;
}

export interface Devotional {
  id: string;
  sermonId: string;
  title: string;
  dayNumber: number;
  theme: string;
  openingPrayer: QuickFull<string>;
  scripturePassage: QuickFull<ScripturePassage>;
  reflection: QuickFull<Reflection>;
  closingPrayer: QuickFull<string>;
  additionalScripture: { reference: string; note: string }[] | null;
}

/** The spec's server-function names, kept snake_case by the API. */
export interface QuotaUsage {
  used: number;
  quota_limit: number;
  remaining: number;
  resets_at: string | null;
  plan?: string;
}

/** The progress row a sermon has before the server wrote one (spec 000 §3). */
export function defaultProgress(sermonId: string): SermonProgress {
  return {
    sermonId,
    uploadPct: 0,
    transcribePct: 0,
    outlinePct: 0,
    devotionPct: 0,
    currentStep: 'upload',
    status: 'processing',
    errorMessage: null,
  };
}

/** One recognised word with its position in the recording (seconds). */
export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
}

/** The small-group discussion guide the pipeline generates from the outline. */
export interface DiscussionGuide {
  title: string;
  introduction: string;
  icebreaker: string;
  sections: { point: string; scripture: string; quote: string; questions: string[] }[];
  closing: { application: string; prayer: string };
}
