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
  updated_at: Generated<Date>;
  /** The feed position (video number) the step belongs to. */
  position: number | null;
}

export type MigrationStepsRow = Selectable<MigrationStepsTable>;
export type NewMigrationSteps = Insertable<MigrationStepsTable>;
export type MigrationStepsUpdate = Updateable<MigrationStepsTable>;
