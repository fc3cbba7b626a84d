// Types shared by the RSS migration workflow, its activities (run by the migration service's
// worker) and the service that starts it. Kept free of imports so the workflow sandbox can use it.

export interface RssMigrationInput {
  migrationId: string;
  orgId: string;
  /** Task queue of the sermon pipeline workers the child runs go to. */
  pipelineTaskQueue: string;
  /** Feed positions (1-based) still to run, in order; ids only, the rows live in the migration service. */
  positions: number[];
  /** Positions already finished as failed in earlier runs of this chain (carried across continue-as-new). */
  failed?: number[];
}

export type MigrationOutcome = 'completed' | 'failed' | 'cancelled';

export interface MigrationItemRef {
  migrationId: string;
  position: number;
}

export interface PreparedItem {
  /** The sermon record (id chosen when the item was queued, so a repeated create finds it). */
  sermonId: string;
  orgId: string;
  title: string;
  /** Key in the sermons-raw bucket the recording is stored under. */
  mediaKey: string;
  /** The item already ran to the end in an earlier attempt (nothing left to do). */
  done: boolean;
}

export interface RssMigrationResult {
  status: 'completed' | 'cancelled';
  processed: number;
  failed: number;
}

/** What the migration workflow asks of the outside world (implemented by services/migration). */
export interface RssMigrationActivities {
  /** Marks the run started and the queue processing. */
  beginMigration(input: { migrationId: string }): Promise<void>;
  /** Current video number/title on the queue, the sermon record created (idempotent). */
  prepareItem(input: MigrationItemRef): Promise<PreparedItem>;
  /** Streams the item's media into storage (resumable, size-limited), then records it on the sermon. */
  downloadMedia(input: MigrationItemRef & { sermonId: string; mediaKey: string }): Promise<void>;
  /** Records a step row (the live list) for the item. */
  recordStep(input: MigrationItemRef & { name: string; message: string; status: 'running' | 'completed' | 'failed'; progress: number; error?: string }): Promise<void>;
  /** The item's outcome: counters on the queue, the item row, a step row. */
  finishItem(input: MigrationItemRef & { outcome: MigrationOutcome; message: string }): Promise<void>;
  /** A stopped or failed-before-processing item leaves nothing half-made: media and sermon removed. */
  discardItem(input: MigrationItemRef & { sermonId: string }): Promise<void>;
  /** The organization's quota ran out: every position left is failed at once with the quota's message. */
  failRemaining(input: { migrationId: string; positions: number[]; message: string }): Promise<void>;
  endMigration(input: { migrationId: string; status: 'completed' | 'cancelled' }): Promise<void>;
}

/** Failure type of an item problem retrying cannot fix (404, wrong type, too large, refused address). */
export const MIGRATION_ITEM_ERROR = 'MigrationItemError';

/** Failure type of a sermon refused by the organization's upload quota: no later item can succeed either. */
export const MIGRATION_QUOTA_ERROR = 'MigrationQuotaError';

/** Readable id, one chain per migration: `rss-migration-<orgId>-<migrationId>`. */
export function rssMigrationWorkflowId(orgId: string, migrationId: string): string {
  return `rss-migration-${orgId}-${migrationId}`;
}

/** Custom search attributes registered on the Temporal server (deploy/local temporal.ts). */
export const MIGRATION_SEARCH_ATTRIBUTES = { organization: 'LecternOrganization', migration: 'LecternMigration' } as const;
