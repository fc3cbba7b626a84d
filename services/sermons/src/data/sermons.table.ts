import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
}

export type SermonsRow = Selectable<SermonsTable>;
export type NewSermons = Insertable<SermonsTable>;
export type SermonsUpdate = Updateable<SermonsTable>;
