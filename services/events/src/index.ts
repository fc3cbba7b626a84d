export { createEvent } from './create-event.ts';
export type { CreateEventInput } from './create-event.ts';
export { EnvelopeSchema, EVENT_TYPE_PATTERN } from './envelope.ts';
export type { AnyEventEnvelope, EventEnvelope } from './envelope.ts';
export { InvalidEventError, parseEnvelope, serializeEnvelope } from './envelope.parse.ts';
export type { ParseOptions } from './envelope.parse.ts';
export { eventSchemas, isKnownEventType } from './event-map.ts';
export type { EventMap, EventType } from './event-map.ts';
export { serviceOfType, topicFor, topicOfType } from './topic.ts';
