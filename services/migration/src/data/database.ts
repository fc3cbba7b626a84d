import type { KitTables } from '@lectern/service-kit';
// The migration service's tables (its Postgres schema `migration`).
import type { MigrationItemsTable } from './migration-items.table.ts';
import type { MigrationQueueTable } from './migration-queue.table.ts';
import type { MigrationStepsTable } from './migration-steps.table.ts';

export interface MigrationDatabase {
  migration_queue: MigrationQueueTable;
  migration_steps: MigrationStepsTable;
  migration_items: MigrationItemsTable;
}

/** The tables with the kit's outbox ones, as the app's Kysely instance sees them. */
export type MigrationDb = MigrationDatabase & KitTables;
