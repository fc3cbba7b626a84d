import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from './envelope.ts';
import type { EventMap, EventType } from './event-map.ts';
import { serviceOfType } from './topic.ts';

export interface CreateEventInput<T extends EventType> {
  orgId: string | null;
  subject: string;
  data: EventMap[T];
  requestId?: string | null;
  traceparent?: string | null;
  /** defaults to the service named by the type's first segment */
  source?: string;
  id?: string;
  time?: Date;
}

export function createEvent<T extends EventType>(type: T, input: CreateEventInput<T>): EventEnvelope<T> {
  return {
    id: input.id ?? randomUUID(),
    type,
    source: input.source ?? serviceOfType(type),
    time: (input.time ?? new Date()).toISOString(),
    orgId: input.orgId,
    subject: input.subject,
    data: input.data,
    requestId: input.requestId ?? null,
    traceparent: input.traceparent ?? null,
  };
}
