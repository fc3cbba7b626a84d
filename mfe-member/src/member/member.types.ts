// The member API's bodies (services/sermons/API.md "Member area").
export interface ProgressFlags {
  outlineRead: boolean;
  devotionalCompleted: boolean;
  videoCompleted: boolean;
}

/** A published sermon as members see it (the library, the sermon page). */
export interface SermonFacts {
  id: string;
  title: string;
  speaker: string | null;
  recordedAt: string | null;
  createdAt: string;
  publishedAt: string | null;
  duration: number | null;
  series: string;
  theme: string | null;
  hasMedia: boolean;
}

export interface SermonSummary extends SermonFacts {
  favorite: boolean;
  progress: ProgressFlags & { percent: number };
  viewedAt?: string;
}

export interface LibraryPage {
  sermons: SermonSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MemberDashboard {
  stats: { total: number; completed: number; inProgress: number; favorites: number; series: string[] };
  recentlyViewed: SermonSummary[];
}

export interface MainPoint {
  title?: string;
  summary?: string;
  details?: string;
  scripture?: string;
}

export interface Outline {
  theme?: string;
  mainPoints?: MainPoint[];
  keyPoints?: string[];
  scriptures?: (string | { reference?: string; text?: string })[];
  applications?: string[];
  application?: string;
  illustrations?: string[];
  conclusion?: string[] | string;
}

export interface QuickFull<T> {
  quick: T;
  full: T;
}
export interface Passage {
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
  dayNumber: number;
  title: string;
  theme: string;
  openingPrayer: Partial<QuickFull<string>> | null;
  scripturePassage: Partial<QuickFull<Partial<Passage>>> | null;
  reflection: Partial<QuickFull<Partial<Reflection>>> | null;
  closingPrayer: Partial<QuickFull<string>> | null;
  additionalScripture: (string | { reference?: string; note?: string })[] | null;
}

export interface DiscussionGuide {
  title: string;
  introduction: string;
  icebreaker: string;
  sections: { point: string; scripture: string; quote: string; questions: string[] }[];
  closing: { application: string; prayer: string };
}

export interface ReaderProgress extends ProgressFlags {
  percent: number;
  favorite: boolean;
  days: Record<string, boolean>;
}

export interface MemberSermon {
  sermon: SermonFacts;
  outline: Outline | null;
  devotionals: Devotional[];
  discussionGuide: DiscussionGuide | null;
  progress: ReaderProgress;
}

export interface Playback {
  url: string;
  expiresAt: string | null;
  contentType: string | null;
  duration: number | null;
}
