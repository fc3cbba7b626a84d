// Planning Center connected with OAuth 2 (ADR 0024): the authorization-code flow with PKCE (S256)
// and a state bound to the user and organization that started it; the code exchanged for tokens
// sealed with the kit's secret box; the access token refreshed a few minutes before it expires
// (one instance at a time: the row is locked, refresh tokens rotate); both tokens revoked when the
// integration is deleted. Production talks to api.planningcenteronline.com
// (PLANNING_CENTER_API_BASE), the local stack to its stand-in. Tokens are never logged or returned.
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@lectern/service-kit';
import type { IdentityContext } from '../context.ts';
import type { Db } from '../data/database.ts';
import type { IntegrationConfig } from '../data/integration-config.table.ts';
import { isValidEmail, normaliseEmail } from '../domain/signup.rules.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { INTEGRATION_MESSAGES } from './integration.rules.ts';

/** An authorization must come back within this long. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Refresh the access token when it has less than this left (a sync must not start on a dying token). */
export const OAUTH_REFRESH_MARGIN_MS = 5 * 60_000;
const SCOPE = 'people';
const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');
const sealContext = (orgId: string): string => `${orgId}:integration:planningCenter`;
const verifierContext = (orgId: string): string => `${orgId}:oauth-verifier:planningCenter`;

interface OAuthClient {
  id: string;
  secret: string;
  base: string;
}

interface TokenSet {
  accessToken: string;
  refreshToken: string;
}

/** The front-end page Planning Center sends the browser back to (it completes the flow with the API). */
export const oauthRedirectUri = (publicOrigin: string): string => `${publicOrigin.replace(/\/+$/, '')}/settings/integrations/oauth/planningCenter`;

function clientOf(ctx: IdentityContext): OAuthClient | null {
  const { PLANNING_CENTER_OAUTH_CLIENT_ID: id, PLANNING_CENTER_OAUTH_CLIENT_SECRET: secret, PLANNING_CENTER_API_BASE: base } = ctx.config;
  return id && secret ? { id, secret, base: base.replace(/\/+$/, '') } : null;
}

function requireClient(ctx: IdentityContext): OAuthClient {
  const client = clientOf(ctx);
  if (!client) throw identityError(ErrorCode.CONFLICT, 'oauth_not_configured', INTEGRATION_MESSAGES.oauthNotConfigured);
  return client;
}

export const oauthAvailable = (ctx: IdentityContext): boolean => clientOf(ctx) !== null;

/** Step 1: remembers the state (hashed) and PKCE verifier (sealed) for this user; returns where to send the browser. */
export async function startOAuth(ctx: IdentityContext, orgId: string, userId: string, input: { fromEmail?: string | null }): Promise<{ authorizeUrl: string }> {
  const client = requireClient(ctx);
  const fromEmail = normaliseEmail(input.fromEmail ?? '');
  if (!fromEmail) throw formError({ fromEmail: INTEGRATION_MESSAGES.fromEmailRequired }, ['fromEmail']);
  if (!isValidEmail(fromEmail)) throw formError({ fromEmail: INTEGRATION_MESSAGES.invalidFromEmail }, ['fromEmail']);
  const state = randomBytes(32).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  await ctx.db
    .insertInto('oauth_authorizations')
    .values({ state_hash: sha256(state), org_id: orgId, user_id: userId, integration_type: 'planningCenter', code_verifier_sealed: ctx.secrets.seal(verifier, verifierContext(orgId)), from_email: fromEmail, expires_at: new Date(Date.now() + OAUTH_STATE_TTL_MS), used_at: null })
    .execute();
  const url = new URL(`${client.base}/oauth/authorize`);
  url.search = new URLSearchParams({ client_id: client.id, redirect_uri: oauthRedirectUri(ctx.config.PUBLIC_ORIGIN), response_type: 'code', scope: SCOPE, state, code_challenge: sha256(verifier), code_challenge_method: 'S256' }).toString();
  return { authorizeUrl: url.toString() };
}

async function tokenRequest(client: OAuthClient, form: Record<string, string>): Promise<TokenSet & { expiresInSec: number }> {
  let response: Response;
  try {
    response = await fetch(`${client.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...form, client_id: client.id, client_secret: client.secret }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw identityError(ErrorCode.CONFLICT, 'oauth_unavailable', INTEGRATION_MESSAGES.oauthUnavailable);
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
  if (response.status === 400 || response.status === 401) throw identityError(ErrorCode.VALIDATION_FAILED, 'oauth_refused', INTEGRATION_MESSAGES.oauthRefused);
  if (!response.ok || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') throw identityError(ErrorCode.CONFLICT, 'oauth_unavailable', INTEGRATION_MESSAGES.oauthUnavailable);
  const expiresInSec = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 7200;
  return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresInSec };
}

/**
 * Step 2 (the browser came back with `code` and `state`): the state must be one this user started
 * for this organization, unused and fresh; then the code is exchanged (with the PKCE verifier) and
 * the integration saved with its sealed tokens.
 */
export async function completeOAuth(ctx: IdentityContext, orgId: string, userId: string, input: { code: string; state: string }): Promise<{ integration: IntegrationConfig; created: boolean }> {
  const client = requireClient(ctx);
  const now = new Date();
  // Used up first, in its own statement: a replayed state fails even if the exchange below does.
  const authorization = await ctx.db
    .updateTable('oauth_authorizations')
    .set({ used_at: now })
    .where('state_hash', '=', sha256(input.state))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .returning(['code_verifier_sealed', 'from_email'])
    .executeTakeFirst();
  if (!authorization) throw identityError(ErrorCode.VALIDATION_FAILED, 'oauth_state_invalid', INTEGRATION_MESSAGES.oauthStateInvalid);
  const verifier = ctx.secrets.open(authorization.code_verifier_sealed, verifierContext(orgId));
  const tokens = await tokenRequest(client, { grant_type: 'authorization_code', code: input.code, redirect_uri: oauthRedirectUri(ctx.config.PUBLIC_ORIGIN), code_verifier: verifier });
  const sealed = ctx.secrets.seal(JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } satisfies TokenSet), sealContext(orgId));
  const expiresAt = new Date(Date.now() + tokens.expiresInSec * 1000);
  const existing = await ctx.db.selectFrom('integration_configs').select('id').where('org_id', '=', orgId).where('integration_type', '=', 'planningCenter').executeTakeFirst();
  const oauthColumns = { auth_kind: 'oauth' as const, oauth_tokens_sealed: sealed, oauth_expires_at: expiresAt, api_key_sealed: null, from_email: authorization.from_email, updated_at: new Date() };
  const integration = await ctx.db
    .insertInto('integration_configs')
    .values({ org_id: orgId, integration_type: 'planningCenter', ...oauthColumns })
    .onConflict((oc) => oc.columns(['org_id', 'integration_type']).doUpdateSet(oauthColumns))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { integration, created: !existing };
}

function openTokens(ctx: IdentityContext, row: IntegrationConfig): TokenSet {
  return JSON.parse(ctx.secrets.open(row.oauth_tokens_sealed!, sealContext(row.org_id))) as TokenSet;
}

/** A usable access token for a sync: the stored one, or a refreshed one when it is close to expiring. */
export async function oauthAccessToken(ctx: IdentityContext, row: IntegrationConfig): Promise<string> {
  if (row.oauth_expires_at && row.oauth_expires_at.getTime() - Date.now() > OAUTH_REFRESH_MARGIN_MS) return openTokens(ctx, row).accessToken;
  const client = requireClient(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    // Another instance may have refreshed meanwhile (refresh tokens rotate: only one may use it).
    const locked = await trx.selectFrom('integration_configs').selectAll().where('id', '=', row.id).forUpdate().executeTakeFirst();
    if (!locked || locked.auth_kind !== 'oauth') throw identityError(ErrorCode.NOT_FOUND, 'integration_not_found', INTEGRATION_MESSAGES.notFound);
    const current = openTokens(ctx, locked);
    if (locked.oauth_expires_at && locked.oauth_expires_at.getTime() - Date.now() > OAUTH_REFRESH_MARGIN_MS) return current.accessToken;
    const fresh = await tokenRequest(client, { grant_type: 'refresh_token', refresh_token: current.refreshToken });
    await saveTokens(ctx, trx, locked, fresh);
    return fresh.accessToken;
  });
}

async function saveTokens(ctx: IdentityContext, db: Db, row: IntegrationConfig, tokens: TokenSet & { expiresInSec: number }): Promise<void> {
  await db
    .updateTable('integration_configs')
    .set({ oauth_tokens_sealed: ctx.secrets.seal(JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } satisfies TokenSet), sealContext(row.org_id)), oauth_expires_at: new Date(Date.now() + tokens.expiresInSec * 1000), updated_at: new Date() })
    .where('id', '=', row.id)
    .execute();
}

/** On disconnect: both tokens revoked at Planning Center (best effort: the row goes either way). */
export async function revokeOAuth(ctx: IdentityContext, row: IntegrationConfig): Promise<boolean> {
  const client = clientOf(ctx);
  if (!client || row.auth_kind !== 'oauth' || !row.oauth_tokens_sealed) return false;
  let tokens: TokenSet;
  try {
    tokens = openTokens(ctx, row);
  } catch {
    return false;
  }
  let revoked = true;
  for (const token of [tokens.refreshToken, tokens.accessToken]) {
    const response = await fetch(`${client.base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: client.id, client_secret: client.secret }).toString(),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    await response?.body?.cancel();
    if (!response?.ok) revoked = false;
  }
  return revoked;
}
