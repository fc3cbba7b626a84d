import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface MigrationQueueTable {
  id: Generated<string>;
  org_id: string;
  feed_url: string;
  status: Generated<string>;
  processed_videos: Generated<number>;
  total_videos: Generated<number>;
  failed_videos: Generated<number>;
  current_video: number | null;
  current_video_title: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  requested_by: string | null;
  workflow_id: string | null;
  error_message: string | null;
  finished_at: Date | null;
}

/** pending → processing → completed | cancelled | failed (and processing again on Retry). */
export type MigrationStatus = 'pending' | 'processing' | 'completed' | 'cancelled' | 'failed';

export type MigrationQueueRow = Selectable<MigrationQueueTable>;
export type NewMigrationQueue = Insertable<MigrationQueueTable>;
export type MigrationQueueUpdate = Updateable<MigrationQueueTable>;
