// The migration service's tables (its Postgres schema `migration`).
import type { MigrationQueueTable } from './migration-queue.table.ts';
import type { MigrationStepsTable } from './migration-steps.table.ts';

export interface MigrationDatabase {
  migration_queue: MigrationQueueTable;
  migration_steps: MigrationStepsTable;
}
