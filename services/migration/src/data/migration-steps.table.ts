import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface MigrationStepsTable {
  id: Generated<string>;
  queue_id: string;
  step_name: string;
  step_message: string | null;
  error_message: string | null;
  step_status: string;
  step_progress: Generated<number>;
  created_at: Generated<Date>;
}

export type MigrationStepsRow = Selectable<MigrationStepsTable>;
export type NewMigrationSteps = Insertable<MigrationStepsTable>;
export type MigrationStepsUpdate = Updateable<MigrationStepsTable>;
