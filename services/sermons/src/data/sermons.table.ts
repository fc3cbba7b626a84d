import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type SermonStatus = 'PROCESSING' | 'REVIEW' | 'PUBLISHED' | 'FAILED';

export interface SermonsTable {
  id: Generated<string>;
  org_id: string;
  title: string;
  speaker: string | null;
  recorded_on: string | null;
  status: Generated<SermonStatus>;
  temporary_media_path: string | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  published_at: Date | null;
  duration: number | null;
  media_url: string | null;
  /** Key reserved in sermons-raw at creation; becomes temporary_media_path once the upload is verified. */
  upload_key: string | null;
  upload_content_type: string | null;
  upload_size: ColumnType<string | null, number | null, number | null>;
}

export type SermonsRow = Selectable<SermonsTable>;
export type NewSermons = Insertable<SermonsTable>;
export type SermonsUpdate = Updateable<SermonsTable>;
