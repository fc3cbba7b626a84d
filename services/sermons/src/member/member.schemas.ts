// Request and response shapes of the member routes (API.md "Member area"): Fastify validates the
// requests (a bad body or query is a 400 that names the field) and serialises the answers with
// them, and the OpenAPI document shows them.
import { Type } from 'typebox';
import { DevotionalSchema, DiscussionGuideSchema, Iso, Nullable, OpenObject, Pct } from '../routes/sermon.schemas.ts';

export const LIBRARY_PAGE_SIZE_MAX = 100;

export const libraryQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  series: Type.Optional(Type.String({ maxLength: 200 })),
  favorites: Type.Optional(Type.Boolean()),
  page: Type.Integer({ minimum: 1, maximum: 10000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: LIBRARY_PAGE_SIZE_MAX, default: 12 }),
}, { additionalProperties: false });
export interface LibraryQuery {
  search?: string;
  series?: string;
  favorites?: boolean;
  page: number;
  pageSize: number;
}

/** Any id: one that is not a visible sermon's is "Sermon not found" (404), whatever its form. */
export const idParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const progressBody = Type.Object({
  outlineRead: Type.Optional(Type.Boolean()),
  devotionalCompleted: Type.Optional(Type.Boolean()),
  videoCompleted: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, minProperties: 1 });

export const dayProgressBody = Type.Object({ completed: Type.Boolean() }, { additionalProperties: false });

export const favoriteBody = Type.Object({ favorite: Type.Boolean() }, { additionalProperties: false });

const ProgressFlags = {
  outlineRead: Type.Boolean(),
  devotionalCompleted: Type.Boolean(),
  videoCompleted: Type.Boolean(),
};

/** The reader's own progress on one sermon: the three items, each devotional day, the favourite and the rounded percent. */
export const MemberProgressSchema = Type.Object({
  ...ProgressFlags,
  days: Type.Record(Type.String(), Type.Boolean(), { description: 'devotional id → completed' }),
  favorite: Type.Boolean(),
  percent: Pct,
});
export const MemberProgressAnswer = Type.Object({ progress: MemberProgressSchema });

const readerSermon = {
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  speaker: Nullable(Type.String()),
  recordedAt: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  createdAt: Nullable(Iso),
  publishedAt: Nullable(Iso),
  duration: Nullable(Type.Number({ description: 'seconds' })),
  series: Type.String(),
  theme: Nullable(Type.String()),
  hasMedia: Type.Boolean(),
};

/** A library card: the sermon with the reader's favourite and progress. */
export const MemberSermonSummarySchema = Type.Object({
  ...readerSermon,
  favorite: Type.Boolean(),
  progress: Type.Object({ ...ProgressFlags, percent: Pct }),
});

export const MemberLibrarySchema = Type.Object({
  sermons: Type.Array(MemberSermonSummarySchema),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});

export const MemberDashboardSchema = Type.Object({
  stats: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    completed: Type.Integer({ minimum: 0 }),
    inProgress: Type.Integer({ minimum: 0 }),
    favorites: Type.Integer({ minimum: 0 }),
    series: Type.Array(Type.String()),
  }),
  recentlyViewed: Type.Array(Type.Intersect([MemberSermonSummarySchema, Type.Object({ viewedAt: Nullable(Iso) })])),
});

/** One published sermon to read: outline, five days, the discussion guide and the reader's progress. */
export const MemberSermonSchema = Type.Object({
  sermon: Type.Object(readerSermon),
  outline: Nullable(OpenObject),
  devotionals: Type.Array(DevotionalSchema),
  discussionGuide: Nullable(DiscussionGuideSchema),
  progress: MemberProgressSchema,
});

/** The outline as a PDF file (an attachment). */
export const OutlinePdfResponse = { description: 'The outline as a PDF attachment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } as const;
