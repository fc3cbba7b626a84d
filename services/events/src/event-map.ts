// The one catalogue of event types: a producer and its consumers share these definitions.
import type { Static, TSchema } from 'typebox';
import { billingEvents } from './billing.events.ts';
import { commsEvents } from './comms.events.ts';
import { diagnosticsEvents } from './diagnostics.events.ts';
import { identityEvents } from './identity.events.ts';
import { sermonsEvents } from './sermons.events.ts';

export const eventSchemas = {
  ...identityEvents,
  ...sermonsEvents,
  ...commsEvents,
  ...billingEvents,
  ...diagnosticsEvents,
} as const satisfies Record<string, TSchema>;

type EventSchemas = typeof eventSchemas;

/** type → payload, e.g. EventMap['sermons.sermon.published.v1'].sermonId */
export type EventMap = { [K in keyof EventSchemas]: Static<EventSchemas[K]> };
export type EventType = keyof EventMap;

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}
