import type { Generated, Selectable } from 'kysely';
import type { IntegrationType } from './integration-config.table.ts';

export type MemberSyncStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface MemberSyncJobTable {
  id: Generated<string>;
  org_id: string;
  integration_type: IntegrationType;
  status: Generated<MemberSyncStatus>;
  requested_by: string | null;
  /** the next page to read (resume point); null before the first page and after the last */
  next_url: string | null;
  pages_processed: Generated<number>;
  synced_count: Generated<number>;
  added: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  skipped: Generated<number>;
  rate_limited_waits: Generated<number>;
  server_error_retries: Generated<number>;
  attempts: Generated<number>;
  /** the identity instance running it, until lease_expires_at */
  lease_owner: string | null;
  lease_expires_at: Date | null;
  error_reason: string | null;
  /** the outcome as the user reads it */
  message: string | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Generated<Date>;
}

export type MemberSyncJob = Selectable<MemberSyncJobTable>;
