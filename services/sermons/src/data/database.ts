// The sermons service's tables (its Postgres schema `sermons`).
import type { KitTables } from '@lectern/service-kit';
import type { SermonsTable } from './sermons.table.ts';
import type { DevotionalsTable, OrgPlansTable, OutlinesTable, QuotaUsageTable, TranscriptsTable } from './content.tables.ts';
import type { SermonProgressTable } from './sermon-progress.table.ts';

export interface SermonsDatabase {
  sermons: SermonsTable;
  sermon_progress: SermonProgressTable;
  transcripts: TranscriptsTable;
  outlines: OutlinesTable;
  devotionals: DevotionalsTable;
  org_plans: OrgPlansTable;
  quota_usage: QuotaUsageTable;
}

/** The tables queries see: the service's plus the kit's (outbox, processed_events). */
export type SermonsDb = SermonsDatabase & KitTables;
