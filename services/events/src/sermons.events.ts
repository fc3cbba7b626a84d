// Events published by the sermons service (topic `sermons.events`). Progress mirrors the
// sermon_progress row so a consumer can keep a projection without calling back.
import { Type } from 'typebox';

export const SermonStep = Type.Union([
  Type.Literal('upload'),
  Type.Literal('transcribe'),
  Type.Literal('outline'),
  Type.Literal('devotion'),
]);

const percent = Type.Integer({ minimum: 0, maximum: 100 });

export const sermonsEvents = {
  'sermons.sermon.created.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    title: Type.String({ minLength: 1 }),
    speaker: Type.Union([Type.String(), Type.Null()]),
    recordedOn: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    createdBy: Type.String({ format: 'uuid' }),
  }),
  'sermons.sermon.progressed.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    currentStep: SermonStep,
    uploadPct: percent,
    transcribePct: percent,
    outlinePct: percent,
    devotionPct: percent,
  }),
  'sermons.sermon.ready-for-review.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    title: Type.String(),
  }),
  'sermons.sermon.published.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    title: Type.String(),
    publishedBy: Type.String({ format: 'uuid' }),
    publishedAt: Type.String({ format: 'date-time' }),
  }),
  /** Back from PUBLISHED to REVIEW: members stop seeing it; their progress is kept for a re-publish. */
  'sermons.sermon.unpublished.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    title: Type.String(),
    unpublishedBy: Type.String({ format: 'uuid' }),
  }),
  'sermons.sermon.failed.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    step: SermonStep,
    errorMessage: Type.String(),
  }),
  'sermons.sermon.deleted.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    deletedBy: Type.String({ format: 'uuid' }),
  }),
  /** Staff saved an edited outline; the discussion guide was regenerated from it in the same transaction. */
  'sermons.outline.updated.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    updatedBy: Type.String({ format: 'uuid' }),
  }),
  'sermons.devotional.updated.v1': Type.Object({
    sermonId: Type.String({ format: 'uuid' }),
    devotionalId: Type.String({ format: 'uuid' }),
    dayNumber: Type.Integer({ minimum: 1, maximum: 5 }),
    updatedBy: Type.String({ format: 'uuid' }),
  }),
} as const;
