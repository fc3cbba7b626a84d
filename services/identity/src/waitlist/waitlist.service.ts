// The waiting list (spec 001 §2, §4, §7): `waitlist-signup` records an address captured on the
// landing page and queues a confirmation e-mail through comms (event in the same transaction);
// `waitlist-confirm` turns the link's token into a confirmed spot. A token is stored only as its
// SHA-256, works until WAITLIST_LINK_TTL_MS, confirms once (later uses answer already_confirmed)
// and never appears in a log (the kit and the edge redact `token=` in every URL they log).
//
// Answers: a bad address 400, an address already confirmed 409, too many requests 429 (per address
// and per client, the sign-in throttle's counting with its own rules), an expired link 410
// 'Token expired' (the page shows "Link Expired"), an unknown link 400.
import { appendEvent, ErrorCode, type SecretBox } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import type { Db } from '../data/database.ts';
import { tryAgainLater } from '../domain/sign-in.throttle.ts';
import { isValidEmail, normaliseEmail } from '../domain/signup.rules.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { hashToken, newOpaqueToken } from '../session/refresh-token.repository.ts';
import { sealMailLink } from '../signup/email-verification.service.ts';

/** The spec gives no lifetime for the link; Lectern's: 48 hours. */
export const WAITLIST_LINK_TTL_MS = 48 * 60 * 60_000;

export const WAITLIST_SOURCES = ['marketing-landing'] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

export const WAITLIST_MESSAGES = {
  // Spec 001 §5: 'Enter a valid email address'; §8: 'Token expired'. The rest is Lectern's wording.
  emailRequired: 'Email is required.',
  invalidEmail: 'Enter a valid email address',
  sent: 'Check your inbox: we sent you a link to confirm your spot on the waiting list.',
  alreadyConfirmed: 'This email address is already on the waiting list.',
  tokenExpired: 'Token expired',
  invalidToken: 'This confirmation link is not valid.',
  throttled: (retryAfterMs: number) => tryAgainLater('Too many requests to join the waiting list', retryAfterMs),
} as const;

export type WaitlistConfirmStatus = 'confirmed' | 'already_confirmed';

export const waitlistConfirmUrl = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}/waitlist/confirm?token=${encodeURIComponent(token)}`;

/** The link travels sealed for the signup (only comms opens it, to write the e-mail). */
async function issueLink(db: Db, secrets: SecretBox, origin: string, signup: { id: string; email: string; source: string }, now: Date): Promise<void> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + WAITLIST_LINK_TTL_MS);
  await db.insertInto('waitlist_tokens').values({ token_hash: hashToken(token), signup_id: signup.id, expires_at: expiresAt }).execute();
  await appendEvent(db, createEvent('identity.waitlist.confirmation-requested.v1', {
    orgId: null,
    subject: signup.id,
    data: { signupId: signup.id, email: signup.email, source: signup.source, sealedConfirmUrl: sealMailLink(secrets, signup.id, waitlistConfirmUrl(origin, token)), expiresAt: expiresAt.toISOString() },
  }));
}

/**
 * Joins the waiting list: a new address is recorded pending with a link; a pending one gets a
 * fresh link (the "Link Expired" page asks for exactly that); a confirmed one is refused (409).
 */
export async function joinWaitlist(ctx: IdentityContext, input: { email: string; source: WaitlistSource }, ip: string): Promise<{ message: string; email: string }> {
  const email = normaliseEmail(input.email);
  if (!email) throw formError({ email: WAITLIST_MESSAGES.emailRequired }, ['email']);
  if (!isValidEmail(email)) throw formError({ email: WAITLIST_MESSAGES.invalidEmail }, ['email']);
  const decision = await ctx.waitlistThrottle.begin(email, ip);
  if (!decision.allowed) {
    throw identityError(ErrorCode.RATE_LIMITED, 'throttled', WAITLIST_MESSAGES.throttled(decision.retryAfterMs), { retryAfterMs: decision.retryAfterMs });
  }
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    // Two requests for the same new address: the unique e-mail lets one insert, both then lock it.
    await trx.insertInto('waitlist_signups').values({ email, source: input.source }).onConflict((oc) => oc.column('email').doNothing()).execute();
    const signup = await trx.selectFrom('waitlist_signups').select(['id', 'email', 'source', 'status']).where('email', '=', email).forUpdate().executeTakeFirstOrThrow();
    if (signup.status === 'confirmed') throw identityError(ErrorCode.CONFLICT, 'already_on_waitlist', WAITLIST_MESSAGES.alreadyConfirmed);
    await issueLink(trx, ctx.secrets, ctx.config.PUBLIC_ORIGIN, signup, now);
  });
  return { message: WAITLIST_MESSAGES.sent, email };
}

/** Confirms the spot of the link's address; a link of an address already confirmed says so. */
export async function confirmWaitlist(ctx: IdentityContext, token: string): Promise<{ status: WaitlistConfirmStatus }> {
  const now = new Date();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('waitlist_tokens as t')
      .innerJoin('waitlist_signups as s', 's.id', 't.signup_id')
      .select(['t.token_hash', 't.expires_at', 's.id as signupId', 's.email', 's.source', 's.status'])
      .where('t.token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'invalid' as const;
    if (row.status === 'confirmed') return 'already_confirmed' as const;
    if (row.expires_at.getTime() <= now.getTime()) return 'expired' as const;
    await trx.updateTable('waitlist_signups').set({ status: 'confirmed', confirmed_at: now }).where('id', '=', row.signupId).execute();
    await trx.updateTable('waitlist_tokens').set({ used_at: now }).where('token_hash', '=', row.token_hash).execute();
    await appendEvent(trx, createEvent('identity.waitlist.confirmed.v1', { orgId: null, subject: row.signupId, data: { signupId: row.signupId, email: row.email, source: row.source } }));
    return 'confirmed' as const;
  });
  if (outcome === 'invalid') throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_token', WAITLIST_MESSAGES.invalidToken);
  if (outcome === 'expired') throw identityError(ErrorCode.GONE, 'token_expired', WAITLIST_MESSAGES.tokenExpired);
  return { status: outcome };
}
