// E-mail confirmation: a single-use token (24 h) in the link `${PUBLIC_ORIGIN}/confirmed?token=…`;
// confirming verifies the address and starts a session. Resend never reveals whether an account exists.
import { appendEvent, ErrorCode, type SecretBox } from '@lectern/service-kit';
import { createEvent, mailLinkContext } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import type { Db } from '../data/database.ts';
import { normaliseEmail } from '../domain/signup.rules.ts';
import { identityError } from '../http/identity.errors.ts';
import { findUserByEmail } from '../profile/user.repository.ts';
import { hashToken, newOpaqueToken } from '../session/refresh-token.repository.ts';
import { issueSession, type IssuedSession } from '../session/session.service.ts';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESEND_INTERVAL_MS = 60_000;

export const VERIFICATION_MESSAGES = {
  // Not quoted by the spec: Lectern's wording.
  invalidToken: 'This confirmation link is invalid or has expired.',
  resent: 'If an unconfirmed account exists for this address, we have sent a new confirmation link.',
} as const;

/** Seals a link for identity's events: only comms (same SECRET_KEYS) opens it, for that user only. */
export const sealMailLink = (secrets: SecretBox, userId: string, url: string): string => secrets.seal(url, mailLinkContext(userId));

export const confirmationUrl = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}/confirmed?token=${encodeURIComponent(token)}`;

/** Creates a token for `userId`; returns the link and its expiry. */
export async function createVerificationToken(db: Db, origin: string, userId: string, now = new Date()): Promise<{ url: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + VERIFICATION_TTL_MS);
  await db.insertInto('email_verification_tokens').values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt }).execute();
  return { url: confirmationUrl(origin, token), expiresAt };
}

export async function confirmEmail(ctx: IdentityContext, token: string): Promise<IssuedSession> {
  const now = new Date();
  const session = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('email_verification_tokens').selectAll().where('token_hash', '=', hashToken(token)).forUpdate().executeTakeFirst();
    if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) return null;
    await trx.updateTable('email_verification_tokens').set({ used_at: now }).where('token_hash', '=', row.token_hash).execute();
    const user = await trx.selectFrom('users').select(['id', 'email', 'email_verified_at', 'org_id']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    if (!user.email_verified_at) {
      await trx.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', user.id).execute();
      await appendEvent(trx, createEvent('identity.user.email-verified.v1', { orgId: user.org_id, subject: user.id, data: { userId: user.id, email: user.email } }));
    }
    return issueSession(ctx, trx, user.id, { newFamily: true });
  });
  if (!session) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_token', VERIFICATION_MESSAGES.invalidToken);
  return { body: session.body, refreshToken: session.refreshToken };
}

export async function resendVerification(ctx: IdentityContext, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user || user.email_verified_at) return;
    // Lock the user row so two concurrent resends send one e-mail.
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    const latest = await trx.selectFrom('email_verification_tokens').select('created_at').where('user_id', '=', user.id).orderBy('created_at', 'desc').executeTakeFirst();
    if (latest && now.getTime() - latest.created_at.getTime() < RESEND_INTERVAL_MS) return;
    const link = await createVerificationToken(trx, ctx.config.PUBLIC_ORIGIN, user.id, now);
    await appendEvent(trx, createEvent('identity.user.verification-requested.v1', {
      orgId: user.org_id,
      subject: user.id,
      data: { userId: user.id, email: user.email, firstName: user.first_name, sealedConfirmationUrl: sealMailLink(ctx.secrets, user.id, link.url), confirmationExpiresAt: link.expiresAt.toISOString() },
    }));
  });
}
