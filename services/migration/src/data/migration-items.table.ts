import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type MigrationItemStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'cleared';

export interface MigrationItemsTable {
  id: Generated<string>;
  queue_id: string;
  org_id: string;
  position: number;
  title: string;
  media_url: string;
  guid: string;
  published_at: Date | null;
  duration: number | null;
  status: Generated<MigrationItemStatus>;
  /** Chosen when queued, so a repeated create finds the same sermon (a crash never duplicates it). */
  sermon_id: string;
  error_message: string | null;
  updated_at: Generated<Date>;
}

export type MigrationItemRow = Selectable<MigrationItemsTable>;
export type NewMigrationItem = Insertable<MigrationItemsTable>;
export type MigrationItemUpdate = Updateable<MigrationItemsTable>;
