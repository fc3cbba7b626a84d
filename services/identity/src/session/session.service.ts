// Sign-in, refresh (rotation with reuse detection), sign-out, and starting a session for a user
// (also used by e-mail confirmation and onboarding).
import { ErrorCode } from '@lectern/service-kit';
import type { IdentityContext } from '../context.ts';
import type { Db } from '../data/database.ts';
import { normaliseEmail } from '../domain/signup.rules.ts';
import { credentialFailureAnswer, SIGN_IN_MESSAGES } from '../domain/sign-in.throttle.ts';
import { identityError } from '../http/identity.errors.ts';
import { loadProfile, type Profile } from '../profile/profile.service.ts';
import { findForUpdate, insertRefreshToken, markUsed, revokeFamily } from './refresh-token.repository.ts';

export const SESSION_MESSAGES = {
  // Not quoted by the spec: Lectern's wording.
  emailNotVerified: 'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  accountInactive: 'Your membership is inactive. Please contact your church to restore access.',
} as const;

export interface SessionBody {
  accessToken: string;
  tokenType: 'Bearer';
  expiresAt: number;
  expiresIn: number;
  user: Profile;
  redirect?: string;
}

export interface IssuedSession {
  body: SessionBody;
  /** the new refresh token (cookie value); never logged, never in a body */
  refreshToken: string | null;
}

const refreshExpiry = (ctx: IdentityContext, now: number): Date => new Date(now + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);

/** An access token and profile for `userId`; with `newFamily`, also a refresh token starting a new family. */
export async function issueSession(ctx: IdentityContext, db: Db, userId: string, options: { newFamily: boolean; familyId?: string }): Promise<IssuedSession & { refreshId: string | null }> {
  const loaded = await loadProfile(db, userId, ctx.companyDomains);
  if (!loaded) throw identityError(ErrorCode.UNAUTHENTICATED, 'refresh_invalid', SESSION_MESSAGES.sessionExpired);
  // A deactivated member gets no new session (sign-in, refresh, e-mail confirmation alike).
  if (!loaded.active) throw identityError(ErrorCode.FORBIDDEN, 'account_inactive', SESSION_MESSAGES.accountInactive);
  const access = await ctx.tokens.sign(loaded.claims);
  let refresh: { id: string; token: string } | null = null;
  if (options.newFamily || options.familyId) {
    refresh = await insertRefreshToken(db, { userId, expiresAt: refreshExpiry(ctx, Date.now()), ...(options.familyId ? { familyId: options.familyId } : {}) });
  }
  return {
    body: { accessToken: access.token, tokenType: 'Bearer', expiresAt: access.expiresAt, expiresIn: access.expiresIn, user: loaded.profile },
    refreshToken: refresh?.token ?? null,
    refreshId: refresh?.id ?? null,
  };
}

export interface SignInInput {
  email: string;
  password: string;
  captcha?: string | null | undefined;
}

/** Order (ADR 0009): captcha → throttle → password (an unknown e-mail costs a verification too) → verified check. */
export async function signIn(ctx: IdentityContext, input: SignInInput, ip: string): Promise<IssuedSession> {
  const verdict = await ctx.captcha.verify(input.captcha);
  if (!verdict.ok) {
    throw identityError(ErrorCode.VALIDATION_FAILED, verdict.reason === 'missing' ? 'captcha_required' : 'captcha_failed', verdict.message);
  }
  const email = normaliseEmail(input.email);
  const decision = await ctx.throttle.begin(email, ip);
  if (!decision.allowed) {
    throw identityError(ErrorCode.RATE_LIMITED, 'throttled', decision.message, { retryAfterMs: decision.retryAfterMs, scope: decision.scope });
  }
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'email_verified_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  const ok = await ctx.hasher.verify(user?.password_hash ?? null, input.password);
  if (!user || !ok) {
    const answer = credentialFailureAnswer(!user ? 'unknown-email' : user.password_hash ? 'wrong-password' : 'no-password');
    throw identityError(ErrorCode.UNAUTHENTICATED, answer.code, answer.message);
  }
  await ctx.throttle.succeeded(email, ip);
  if (!user.email_verified_at) throw identityError(ErrorCode.FORBIDDEN, 'email_not_verified', SESSION_MESSAGES.emailNotVerified);
  if (user.password_hash && ctx.hasher.needsRehash(user.password_hash)) {
    await ctx.db.updateTable('users').set({ password_hash: await ctx.hasher.hash(input.password), updated_at: new Date() }).where('id', '=', user.id).execute();
  }
  const session = await issueSession(ctx, ctx.db, user.id, { newFamily: true });
  return { body: session.body, refreshToken: session.refreshToken };
}

export const welcomeMessage = SIGN_IN_MESSAGES.welcome;

/**
 * Rotation: the presented token becomes used and a new one of the same family is issued. A used
 * or revoked token presented again is a reuse: the whole family is revoked (committed even though
 * the request fails).
 */
export async function refreshSession(ctx: IdentityContext, token: string | null): Promise<IssuedSession> {
  if (!token) throw identityError(ErrorCode.UNAUTHENTICATED, 'refresh_invalid', SESSION_MESSAGES.sessionExpired);
  const now = new Date();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await findForUpdate(trx, token);
    if (!row) return { kind: 'invalid' as const };
    if (row.used_at || row.revoked_at) {
      await revokeFamily(trx, row.family_id, 'reuse', now);
      return { kind: 'reused' as const, familyId: row.family_id };
    }
    if (row.expires_at.getTime() <= now.getTime()) return { kind: 'invalid' as const };
    const session = await issueSession(ctx, trx, row.user_id, { newFamily: false, familyId: row.family_id });
    await markUsed(trx, row.id, session.refreshId!, now);
    return { kind: 'ok' as const, session };
  });
  if (outcome.kind === 'reused') throw identityError(ErrorCode.UNAUTHENTICATED, 'refresh_reused', SESSION_MESSAGES.sessionExpired);
  if (outcome.kind === 'invalid') throw identityError(ErrorCode.UNAUTHENTICATED, 'refresh_invalid', SESSION_MESSAGES.sessionExpired);
  return { body: outcome.session.body, refreshToken: outcome.session.refreshToken };
}

/** Revokes the family of the presented token (all its rotations). Unknown tokens are ignored. */
export async function signOut(ctx: IdentityContext, token: string | null): Promise<void> {
  if (!token) return;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findForUpdate(trx, token);
    if (row) await revokeFamily(trx, row.family_id, 'sign-out', new Date());
  });
}
