// A synthetic event used by the kit's integration tests and the event-path benchmark to measure
// the outbox → relay → Kafka → consumer path without depending on a business service.
import { Type } from 'typebox';

export const diagnosticsEvents = {
  'diagnostics.probe.emitted.v1': Type.Object({
    seq: Type.Integer({ minimum: 0 }),
    /** epoch milliseconds at which the producing transaction committed (or was about to) */
    sentAtMs: Type.Number(),
    note: Type.Optional(Type.String()),
  }),
} as const;
