import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type SermonStep = 'upload' | 'transcribe' | 'outline' | 'devotion';
export type ProgressStatus = 'processing' | 'completed' | 'failed';

export interface SermonProgressTable {
  sermon_id: string;
  upload_pct: Generated<number>;
  transcribe_pct: Generated<number>;
  outline_pct: Generated<number>;
  devotion_pct: Generated<number>;
  current_step: Generated<SermonStep>;
  status: Generated<ProgressStatus>;
  error_message: string | null;
  message: string | null;
  updated_at: Generated<Date>;
}

export type SermonProgressRow = Selectable<SermonProgressTable>;
export type NewSermonProgress = Insertable<SermonProgressTable>;
export type SermonProgressUpdate = Updateable<SermonProgressTable>;
