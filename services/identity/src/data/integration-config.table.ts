import type { Generated, Selectable } from 'kysely';

export type IntegrationType = 'rockRms' | 'planningCenter';
export type IntegrationAuthKind = 'apiKey' | 'oauth';

export interface IntegrationConfigTable {
  id: Generated<string>;
  org_id: string;
  integration_type: IntegrationType;
  /** how the integration signs in to the system */
  auth_kind: Generated<IntegrationAuthKind>;
  /** secret box value (context `<orgId>:integration:<type>`); never returned, never logged (auth_kind apiKey) */
  api_key_sealed: string | null;
  /** the OAuth access and refresh tokens, sealed as JSON (same context; auth_kind oauth) */
  oauth_tokens_sealed: string | null;
  /** when the access token expires (refreshed a few minutes before) */
  oauth_expires_at: Date | null;
  from_email: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_synced_at: Date | null;
  last_sync_count: number | null;
}

export type IntegrationConfig = Selectable<IntegrationConfigTable>;

export interface OAuthAuthorizationTable {
  /** sha256 of the state sent to the provider */
  state_hash: string;
  org_id: string;
  user_id: string;
  integration_type: 'planningCenter';
  code_verifier_sealed: string;
  from_email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}
