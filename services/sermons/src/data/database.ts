// The sermons service's tables (its Postgres schema `sermons`).
import type { SermonsTable } from './sermons.table.ts';
import type { SermonProgressTable } from './sermon-progress.table.ts';

export interface SermonsDatabase {
  sermons: SermonsTable;
  sermon_progress: SermonProgressTable;
}
