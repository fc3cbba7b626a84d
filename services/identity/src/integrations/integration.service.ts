// Integration configs (spec 001 §2 Integrations, §7 integration_configs): list, add or update,
// delete, the connection test, and the member sync with the stored key. The API key is sealed
// with the kit's secret box, bound to its organization and system; it never leaves this service.
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, SecretBoxError } from '@lectern/service-kit';
import type { IdentityContext } from '../context.ts';
import type { IntegrationAuthKind, IntegrationConfig, IntegrationType } from '../data/integration-config.table.ts';
import { oauthAccessToken, revokeOAuth } from './planning-center.oauth.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { CONNECTION_TEST_WAIT_MS, INTEGRATION_MESSAGES, INTEGRATION_NAMES, validateIntegrationForm } from './integration.rules.ts';
import type { MemberSyncJob, MemberSyncStatus } from '../data/member-sync-job.table.ts';
import { enqueueSync, latestJob } from './member-sync.jobs.ts';
import { planningCenterApi, rockRmsApi, type PeopleApi } from './people.source.ts';

export interface IntegrationView {
  id: string;
  integrationType: IntegrationType;
  name: string;
  /** the key and tokens themselves are never returned */
  credentials: { fromEmail: string; apiKeySet: boolean; authKind: IntegrationAuthKind };
  createdAt: string;
  updatedAt: string;
  lastSyncedAt: string | null;
  lastSyncCount: number | null;
}

export const view = (row: IntegrationConfig): IntegrationView => ({
  id: row.id,
  integrationType: row.integration_type,
  name: INTEGRATION_NAMES[row.integration_type],
  credentials: { fromEmail: row.from_email, apiKeySet: row.api_key_sealed !== null, authKind: row.auth_kind },
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  lastSyncedAt: row.last_synced_at?.toISOString() ?? null,
  lastSyncCount: row.last_sync_count,
});

const sealContext = (orgId: string, type: IntegrationType): string => `${orgId}:integration:${type}`;

const notFound = () => identityError(ErrorCode.NOT_FOUND, 'integration_not_found', INTEGRATION_MESSAGES.notFound);

export async function listIntegrations(ctx: IdentityContext, orgId: string): Promise<IntegrationView[]> {
  const rows = await ctx.db.selectFrom('integration_configs').selectAll().where('org_id', '=', orgId).orderBy('created_at', 'desc').execute();
  return rows.map(view);
}

async function find(ctx: IdentityContext, orgId: string, type: IntegrationType): Promise<IntegrationConfig | undefined> {
  return ctx.db.selectFrom('integration_configs').selectAll().where('org_id', '=', orgId).where('integration_type', '=', type).executeTakeFirst();
}

export async function getIntegration(ctx: IdentityContext, orgId: string, type: IntegrationType): Promise<IntegrationView> {
  const row = await find(ctx, orgId, type);
  if (!row) throw notFound();
  return view(row);
}

export async function saveIntegration(ctx: IdentityContext, orgId: string, type: IntegrationType, input: { apiKey?: string | null; fromEmail?: string | null }): Promise<{ integration: IntegrationView; message: string; created: boolean }> {
  const existing = await find(ctx, orgId, type);
  const checked = validateIntegrationForm(input, !existing);
  if (!checked.ok) throw formError(checked.errors, ['apiKey', 'fromEmail']);
  const sealed = checked.apiKey ? ctx.secrets.seal(checked.apiKey, sealContext(orgId, type)) : null;
  const saved = existing
    ? await ctx.db
        .updateTable('integration_configs')
        // A new key replaces an OAuth connection (whose tokens are revoked below).
        .set({ from_email: checked.fromEmail, ...(sealed ? { api_key_sealed: sealed, auth_kind: 'apiKey' as const, oauth_tokens_sealed: null, oauth_expires_at: null } : {}), updated_at: new Date() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await ctx.db
        .insertInto('integration_configs')
        .values({ org_id: orgId, integration_type: type, api_key_sealed: sealed!, from_email: checked.fromEmail })
        // Two first saves at once: the later one updates.
        .onConflict((oc) => oc.columns(['org_id', 'integration_type']).doUpdateSet({ api_key_sealed: sealed!, from_email: checked.fromEmail, updated_at: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow();
  if (existing && sealed && existing.auth_kind === 'oauth') await revokeOAuth(ctx, existing);
  return { integration: view(saved), message: existing ? INTEGRATION_MESSAGES.updated : INTEGRATION_MESSAGES.added, created: !existing };
}

export async function deleteIntegration(ctx: IdentityContext, orgId: string, type: IntegrationType): Promise<{ message: string }> {
  const deleted = await ctx.db.deleteFrom('integration_configs').where('org_id', '=', orgId).where('integration_type', '=', type).returningAll().executeTakeFirst();
  if (!deleted) throw notFound();
  // Disconnect: Lectern's access ends at Planning Center too.
  if (deleted.auth_kind === 'oauth') await revokeOAuth(ctx, deleted);
  return { message: INTEGRATION_MESSAGES.deleted };
}

/** The spec's connection test: a 1-second simulated wait that always succeeds (for a saved integration). */
export async function testConnection(ctx: IdentityContext, orgId: string, type: IntegrationType): Promise<{ ok: true; message: string }> {
  if (!(await find(ctx, orgId, type))) throw notFound();
  await sleep(CONNECTION_TEST_WAIT_MS);
  return { ok: true, message: INTEGRATION_MESSAGES.connectionOk(INTEGRATION_NAMES[type]) };
}

/** The vendor API of an organization's integration, its key opened from the secret box (never logged). */
export async function openPeopleSource(ctx: IdentityContext, orgId: string, type: IntegrationType): Promise<PeopleApi> {
  const row = await find(ctx, orgId, type);
  if (!row) throw notFound();
  let apiKey: string;
  try {
    // An OAuth access token has no ':' and goes as Bearer (planningCenterApi).
    apiKey = row.auth_kind === 'oauth' ? await oauthAccessToken(ctx, row) : ctx.secrets.open(row.api_key_sealed!, sealContext(orgId, type));
  } catch (error) {
    // e.g. its key was removed from SECRET_KEYS after a rotation without re-sealing
    if (error instanceof SecretBoxError) throw identityError(ErrorCode.CONFLICT, 'integration_key_unreadable', INTEGRATION_MESSAGES.keyUnreadable);
    throw error;
  }
  if (type === 'planningCenter') return planningCenterApi(ctx.config.PLANNING_CENTER_API_BASE, apiKey);
  if (!ctx.config.ROCK_RMS_API_BASE) throw identityError(ErrorCode.CONFLICT, 'integration_not_configured', INTEGRATION_MESSAGES.notConfigured(INTEGRATION_NAMES[type]));
  return rockRmsApi(ctx.config.ROCK_RMS_API_BASE, apiKey);
}

export interface SyncJobView {
  id: string;
  integrationType: IntegrationType;
  status: MemberSyncStatus;
  pagesProcessed: number;
  syncedCount: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rateLimitedWaits: number;
  serverErrorRetries: number;
  /** the outcome in words once finished (success or the reason it failed) */
  message: string | null;
  errorReason: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const jobView = (job: MemberSyncJob): SyncJobView => ({
  id: job.id,
  integrationType: job.integration_type,
  status: job.status,
  pagesProcessed: job.pages_processed,
  syncedCount: job.synced_count,
  added: job.added,
  updated: job.updated,
  unchanged: job.unchanged,
  skipped: job.skipped,
  rateLimitedWaits: job.rate_limited_waits,
  serverErrorRetries: job.server_error_retries,
  message: job.message,
  errorReason: job.error_reason,
  createdAt: job.created_at.toISOString(),
  startedAt: job.started_at?.toISOString() ?? null,
  finishedAt: job.finished_at?.toISOString() ?? null,
});

/** sync-members: queues a background sync (or answers with the one already queued or running). */
export async function startMemberSync(ctx: IdentityContext, orgId: string, type: IntegrationType, userId: string): Promise<{ job: SyncJobView; message: string; created: boolean }> {
  if (!(await find(ctx, orgId, type))) throw notFound();
  const { job, created } = await enqueueSync(ctx.db, orgId, type, userId);
  if (created) ctx.memberSync.kick();
  return { job: jobView(job), message: created ? INTEGRATION_MESSAGES.syncQueued : INTEGRATION_MESSAGES.syncRunning, created };
}

/** The latest sync of an integration: its progress while it runs, its outcome after. */
/** The latest sync of a connected integration, or null when it has never synced (an expected state, not an error). */
export async function latestMemberSync(ctx: IdentityContext, orgId: string, type: IntegrationType): Promise<SyncJobView | null> {
  const job = await latestJob(ctx.db, orgId, type);
  if (job) return jobView(job);
  if (!(await find(ctx, orgId, type))) throw notFound();
  return null;
}
