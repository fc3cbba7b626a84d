// Password recovery (spec 000 §4, §7): "Forgot password?" sends a single-use link valid for
// RESET_TTL_MS through comms; the link sets a new password under the password policy and
// revokes every session of the user. The request never reveals whether an address has an
// account (same answer, same event-free path for unknown addresses) and is throttled per
// address and per e-mail. Staff adding a member sends the same kind of link ('set-password').
import { appendEvent, ErrorCode, type SecretBox } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import type { Db } from '../data/database.ts';
import { evaluatePassword } from '../domain/password.policy.ts';
import { tryAgainLater } from '../domain/sign-in.throttle.ts';
import { isValidEmail, normaliseEmail } from '../domain/signup.rules.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { findUserByEmail } from '../profile/user.repository.ts';
import { hashToken, newOpaqueToken } from '../session/refresh-token.repository.ts';
import { revokeUserTokens } from '../session/token-revocation.ts';
import { sealMailLink } from '../signup/email-verification.service.ts';

/** A requested reset link works for 30 minutes; a staff-added member's set-password link for 7 days. */
export const RESET_TTL_MS = 30 * 60_000;
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60_000;

export const PASSWORD_RESET_MESSAGES = {
  // Not quoted by the spec: Lectern's wording.
  requested: 'If an account exists for this email address, we have sent a link to reset the password. The link works for 30 minutes.',
  emailRequired: 'Email is required.',
  invalidEmail: 'Enter a valid email address',
  invalidToken: 'This password link is invalid, has expired or was already used. Please ask for a new one.',
  updated: 'Your password has been updated. Please sign in with your new password.',
  throttled: (retryAfterMs: number) => tryAgainLater('Too many password reset requests', retryAfterMs),
} as const;

/** `${PUBLIC_ORIGIN}/reset-password#token=…`: in the fragment, so no server or proxy log ever sees it. */
export const passwordLink = (origin: string, token: string): string => `${origin.replace(/\/+$/, '')}/reset-password#token=${encodeURIComponent(token)}`;

export type PasswordLinkPurpose = 'reset' | 'set-password';

/** Creates a link for `userId` and queues its e-mail (event in the same transaction). */
export async function issuePasswordLink(
  db: Db,
  secrets: SecretBox,
  origin: string,
  user: { id: string; email: string; firstName: string | null; orgId: string | null; organizationName: string | null },
  purpose: PasswordLinkPurpose,
  now = new Date(),
): Promise<void> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + (purpose === 'reset' ? RESET_TTL_MS : SET_PASSWORD_TTL_MS));
  await db.insertInto('password_reset_tokens').values({ token_hash: hashToken(token), user_id: user.id, purpose, expires_at: expiresAt }).execute();
  await appendEvent(db, createEvent('identity.password-link.requested.v1', {
    orgId: user.orgId,
    subject: user.id,
    data: { userId: user.id, email: user.email, firstName: user.firstName, organizationName: user.organizationName, purpose, sealedLinkUrl: sealMailLink(secrets, user.id, passwordLink(origin, token)), expiresAt: expiresAt.toISOString() },
  }));
}

export async function requestPasswordReset(ctx: IdentityContext, rawEmail: string, ip: string): Promise<{ message: string }> {
  const email = normaliseEmail(rawEmail);
  if (!email) throw formError({ email: PASSWORD_RESET_MESSAGES.emailRequired }, ['email']);
  if (!isValidEmail(email)) throw formError({ email: PASSWORD_RESET_MESSAGES.invalidEmail }, ['email']);
  // Counted whether or not the address has an account, so the throttle reveals nothing either.
  const decision = await ctx.resetThrottle.begin(email, ip);
  if (!decision.allowed) {
    throw identityError(ErrorCode.RATE_LIMITED, 'throttled', PASSWORD_RESET_MESSAGES.throttled(decision.retryAfterMs), { retryAfterMs: decision.retryAfterMs });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) return;
    const organization = user.org_id ? await trx.selectFrom('organizations').select('name').where('id', '=', user.org_id).executeTakeFirst() : undefined;
    await issuePasswordLink(trx, ctx.secrets, ctx.config.PUBLIC_ORIGIN, { id: user.id, email: user.email, firstName: user.first_name, orgId: user.org_id, organizationName: organization?.name ?? null }, 'reset');
  });
  return { message: PASSWORD_RESET_MESSAGES.requested };
}

/**
 * Sets the new password from a link: the token is used once, every other outstanding link of the
 * user dies with it, every refresh-token family is revoked (each signed-in device must sign in
 * again) and every access token issued before it is refused (token-revocation.ts), and the address counts as verified (the link proved the user reads that mailbox).
 */
export async function resetPassword(ctx: IdentityContext, token: string, password: string): Promise<{ message: string }> {
  const verdict = evaluatePassword(password);
  if (!verdict.ok) throw formError({ password: verdict.message }, ['password'], verdict.reason === 'common' ? 'common_password' : 'invalid_form');
  const now = new Date();
  const passwordHash = await ctx.hasher.hash(password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', hashToken(token)).forUpdate().executeTakeFirst();
    if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) return false;
    await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
    const user = await trx.selectFrom('users').select(['id', 'email', 'org_id', 'email_verified_at']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now, updated_at: now }).where('id', '=', user.id).execute();
    await revokeUserTokens(trx, user.id, 'password-reset', now);
    await appendEvent(trx, createEvent('identity.user.password-changed.v1', { orgId: user.org_id, subject: user.id, data: { userId: user.id, email: user.email, via: row.purpose } }));
    return true;
  });
  if (!done) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_token', PASSWORD_RESET_MESSAGES.invalidToken);
  await ctx.revocations.refresh();
  return { message: PASSWORD_RESET_MESSAGES.updated };
}
