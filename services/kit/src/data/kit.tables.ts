// The kit's own tables, created in every service's schema by the kit's migrations.
import type { ColumnType, Generated, Insertable, RawBuilder, Selectable } from 'kysely';

export interface OutboxTable {
  seq: Generated<string>;
  id: string;
  topic: string;
  /** Kafka message key = the event's subject (aggregate id) */
  key: string;
  type: string;
  envelope: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  available_at: Generated<Date>;
  attempts: Generated<number>;
  last_error: string | null;
  published_at: Date | null;
}

export interface ProcessedEventsTable {
  consumer: string;
  event_id: string;
  type: string;
  processed_at: Generated<Date>;
}

/** A client's key for one creation (data/idempotency.ts, ADR 0033), written in the creation's transaction. */
export interface IdempotencyKeysTable {
  org_id: string;
  /** what the key creates, e.g. `sermons.create` */
  scope: string;
  key: string;
  user_id: string;
  /** hash of the request the key first came with */
  fingerprint: string;
  /** id of what that request created */
  resource_id: string;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date | string | RawBuilder<Date>, Date | string | RawBuilder<Date>>;
}

export interface KitTables {
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
