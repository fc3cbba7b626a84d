// Writing an event = inserting it into the service's outbox inside the caller's transaction, so
// the event exists if and only if the state change committed.
import type { EventEnvelope } from '@lectern/events';
import { topicOfType } from '@lectern/events';
import type { Kysely, Transaction } from 'kysely';
import type { KitTables } from '../data/kit.tables.ts';
import { currentRequestContext } from '../http/request-context.ts';

type OutboxExecutor = Transaction<KitTables> | Kysely<KitTables>;

/**
 * Append events to the outbox. Pass the transaction that makes the state change; events without
 * a request id or trace context take them from the HTTP request being served, if any.
 */
export async function appendEvent<DB>(trx: Transaction<DB> | Kysely<DB>, event: EventEnvelope | EventEnvelope[]): Promise<void> {
  const events = Array.isArray(event) ? event : [event];
  if (events.length === 0) return;
  const context = currentRequestContext();
  const rows = events.map((e) => {
    const envelope = {
      ...e,
      requestId: e.requestId ?? context?.requestId ?? null,
      traceparent: e.traceparent ?? context?.traceparent ?? null,
    };
    return {
      id: e.id,
      // the relay prepends its configured topic prefix when it publishes
      topic: topicOfType(e.type),
      key: e.subject,
      type: e.type,
      envelope: JSON.stringify(envelope),
    };
  });
  await (trx as unknown as OutboxExecutor).insertInto('outbox').values(rows).execute();
}
