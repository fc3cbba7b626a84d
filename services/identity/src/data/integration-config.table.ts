import type { Generated, Selectable } from 'kysely';

export type IntegrationType = 'rockRms' | 'planningCenter';

export interface IntegrationConfigTable {
  id: Generated<string>;
  org_id: string;
  integration_type: IntegrationType;
  /** secret box value (context `<orgId>:integration:<type>`); never returned, never logged */
  api_key_sealed: string;
  from_email: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_synced_at: Date | null;
  last_sync_count: number | null;
}

export type IntegrationConfig = Selectable<IntegrationConfigTable>;
