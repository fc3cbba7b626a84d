// The kit's own tables, created in every service's schema by the kit's migrations.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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

export interface KitTables {
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
}

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
