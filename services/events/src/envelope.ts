// The versioned envelope every event travels in (CloudEvents-like field names).
import { Type } from 'typebox';
import type { EventMap, EventType } from './event-map.ts';

/** `<service>.<entity>.<verb-past>.v<N>` */
export const EVENT_TYPE_PATTERN = '^[a-z][a-z0-9]*\\.[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*\\.v[1-9][0-9]*$';

export const EnvelopeSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.String({ pattern: EVENT_TYPE_PATTERN }),
  source: Type.String({ minLength: 1 }),
  time: Type.String({ format: 'date-time' }),
  orgId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  subject: Type.String({ minLength: 1 }),
  data: Type.Unknown(),
  requestId: Type.Union([Type.String(), Type.Null()]),
  traceparent: Type.Union([Type.String(), Type.Null()]),
});

export interface EventEnvelope<T extends EventType = EventType> {
  /** unique per event; consumers deduplicate on it */
  id: string;
  type: T;
  /** producing service, e.g. `sermons` */
  source: string;
  /** ISO 8601 time the event was created */
  time: string;
  /** tenant; null only for events that precede an organisation */
  orgId: string | null;
  /** aggregate id; also the Kafka message key, so one aggregate's events stay ordered */
  subject: string;
  data: EventMap[T];
  /** the `x-request-id` of the HTTP request that caused the event, when there was one */
  requestId: string | null;
  /** W3C trace context */
  traceparent: string | null;
}

/** Any envelope, discriminated on `type` (narrow with `if (event.type === '…')`). */
export type AnyEventEnvelope = { [K in EventType]: EventEnvelope<K> }[EventType];
