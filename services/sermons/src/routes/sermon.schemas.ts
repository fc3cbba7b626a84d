// Request and response shapes of the sermons routes (API.md "Bodies"): Fastify validates and
// serialises with them, and the OpenAPI document (and its fuzz test) shows them.
import { Iso, Nullable, Uuid } from '@lectern/service-kit';
import { Type, type TSchema } from 'typebox';

export { Iso, Nullable, Uuid };
/** JSON kept as the client or the pipeline wrote it (outline, devotional parts). */
export const AnyJson = Type.Unknown();
export const OpenObject = Type.Object({}, { additionalProperties: true });

export const SermonIdParams = Type.Object({ id: Uuid });
export const Pct = Type.Integer({ minimum: 0, maximum: 100 });
const Step = Type.Union([Type.Literal('upload'), Type.Literal('transcribe'), Type.Literal('outline'), Type.Literal('devotion')]);
const SermonStatus = Type.Union([Type.Literal('PROCESSING'), Type.Literal('REVIEW'), Type.Literal('PUBLISHED'), Type.Literal('FAILED')]);
const ProgressStatus = Type.Union([Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]);

export const SermonSchema = Type.Object({
  id: Uuid,
  orgId: Uuid,
  title: Type.String(),
  speaker: Nullable(Type.String()),
  recordedAt: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  duration: Nullable(Type.Number({ description: 'seconds' })),
  status: SermonStatus,
  temporaryMediaPath: Nullable(Type.String()),
  mediaUrl: Nullable(Type.String()),
  createdBy: Uuid,
  createdAt: Iso,
  updatedAt: Iso,
  publishedAt: Nullable(Iso),
});

export const ProgressSchema = Type.Object({
  sermonId: Uuid,
  uploadPct: Pct,
  transcribePct: Pct,
  outlinePct: Pct,
  devotionPct: Pct,
  currentStep: Step,
  status: ProgressStatus,
  errorMessage: Nullable(Type.String()),
  message: Nullable(Type.String()),
  updatedAt: Nullable(Iso),
});

export const LibraryItemSchema = Type.Intersect([
  SermonSchema,
  Type.Object({ progress: Type.Object({ currentStep: Step, status: ProgressStatus, uploadPct: Pct, transcribePct: Pct, outlinePct: Pct, devotionPct: Pct }) }),
]);

export const LibrarySchema = Type.Object({ sermons: Type.Array(LibraryItemSchema), nextCursor: Nullable(Type.String()) });

export const DashboardSchema = Type.Object({
  total: Type.Integer(),
  published: Type.Integer(),
  processing: Type.Integer(),
  thisMonth: Type.Integer(),
  recent: Type.Array(LibraryItemSchema),
});

export const QuotaSchema = Type.Object({ used: Type.Integer(), quota_limit: Type.Integer(), remaining: Type.Integer(), resets_at: Iso, plan: Type.String() });

export const DevotionalSchema = Type.Object({
  id: Uuid,
  sermonId: Uuid,
  dayNumber: Type.Integer({ minimum: 1, maximum: 5 }),
  title: Type.String(),
  theme: Type.String(),
  openingPrayer: AnyJson,
  scripturePassage: AnyJson,
  reflection: AnyJson,
  closingPrayer: AnyJson,
  additionalScripture: AnyJson,
  updatedAt: Iso,
});

export const WordSchema = Type.Object({ word: Type.String(), start: Type.Number(), end: Type.Number() }, { additionalProperties: true });

export const SermonDetailsSchema = Type.Object({
  sermon: SermonSchema,
  progress: ProgressSchema,
  transcript: Nullable(Type.Object({ text: Type.String(), characterCount: Type.Integer() })),
  outline: Nullable(OpenObject),
  devotionals: Type.Array(DevotionalSchema),
});

export const TranscriptSchema = Type.Object({ text: Type.String(), characterCount: Type.Integer(), words: Type.Array(WordSchema) });

export const UploadTicketSchema = Type.Object({
  url: Type.String(),
  method: Type.Literal('PUT'),
  headers: Type.Object({ 'content-type': Type.String() }),
  expiresAt: Iso,
  key: Type.String(),
  maxBytes: Type.Integer(),
});

export const CreatedSermonSchema = Type.Object({
  sermon: SermonSchema,
  progress: ProgressSchema,
  upload: Type.Optional(UploadTicketSchema),
  message: Type.Optional(Type.String()),
});

export const UploadedSermonSchema = Type.Object({ sermon: SermonSchema, progress: ProgressSchema, message: Type.String() });

export const MessageSchema = Type.Object({ message: Type.String() });
export const NoContent = Type.Null({ description: 'No content' });

/** The create form: fields are checked in the handler so the spec's messages name each field. */
export const CreateSermonBody = Type.Object({
  title: Type.Optional(Type.Unknown()),
  speaker: Type.Optional(Type.Unknown()),
  recordedAt: Type.Optional(Type.Unknown()),
  file: Type.Optional(Nullable(Type.Object({ name: Type.Optional(Type.Unknown()), size: Type.Optional(Type.Unknown()), contentType: Type.Optional(Type.Unknown()) }))),
  sourceUrl: Type.Optional(Type.Unknown()),
});

export const OutlineBody = Type.Object({ outline: OpenObject });
/** A devotional as the editor sends it; missing parts become empty (devotional.input.ts). */
export const DevotionalBody = Type.Object({
  title: Type.Optional(Type.Unknown()),
  theme: Type.Optional(Type.Unknown()),
  openingPrayer: Type.Optional(Type.Unknown()),
  scripturePassage: Type.Optional(Type.Unknown()),
  reflection: Type.Optional(Type.Unknown()),
  closingPrayer: Type.Optional(Type.Unknown()),
  additionalScripture: Type.Optional(Type.Unknown()),
}, { additionalProperties: true });

/** The pipeline worker's view of a sermon (internal routes). */
export const SermonWithProgressSchema = Type.Object({ sermon: SermonSchema, progress: ProgressSchema });

/** What the pipeline's later steps read back: the transcript (with its words' timings and probabilities when asked) and the outline. */
export const PipelineContentSchema = Type.Object({
  transcript: Nullable(Type.Object({ text: Type.String(), words: Type.Optional(Type.Array(WordSchema)) })),
  outline: Nullable(OpenObject),
});

/** Where a recording plays from: a short-lived signed link into sermons-raw, or the sermon's own media URL (no expiry). */
export const PlaybackSchema = Type.Object({
  url: Type.String(),
  expiresAt: Nullable(Iso),
  contentType: Nullable(Type.String()),
  duration: Nullable(Type.Number({ description: 'seconds' })),
});

const guideOf = <T extends TSchema>(text: T, limits: { sections?: number; questions?: number } = {}) => Type.Object({
  title: text,
  introduction: text,
  icebreaker: text,
  sections: Type.Array(Type.Object({ point: text, scripture: text, quote: text, questions: Type.Array(text, limits.questions ? { maxItems: limits.questions } : {}) }), limits.sections ? { maxItems: limits.sections } : {}),
  closing: Type.Object({ application: text, prayer: text }),
});
/** The small-group discussion guide (@lectern/workflow-contract/discussion-guide) as it is answered. */
export const DiscussionGuideSchema = guideOf(Type.String());
/** As the pipeline stores it: each text at most 4,000 characters, 50 sections of 20 questions at most. */
export const DiscussionGuideBody = guideOf(Type.String({ maxLength: 4000 }), { sections: 50, questions: 20 });

/** Clear of a migrated sermon: removed, or kept because it reached review (status says which). */
export const MigratedSermonRemovalSchema = Type.Object({
  removed: Type.Boolean(),
  status: Nullable(SermonStatus),
});
