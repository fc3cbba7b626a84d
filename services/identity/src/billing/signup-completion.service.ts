// Create mode, after payment (spec 001 §4): the ADMIN user is created from the lead (the password
// chosen at step 1), the lead becomes converted with converted_at, and the confirmation e-mail
// goes out (identity.user.registered.v1 → comms). Only once billing has reported the
// organization's subscription as paid (active or trialing); until then the answer is 409
// `payment_pending` and the browser asks again. One transaction: nothing half-made.
import { appendEvent, ErrorCode } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import { identityError } from '../http/identity.errors.ts';
import { SIGNUP_MESSAGES } from '../domain/signup.rules.ts';
import { isUniqueViolation, isUuid } from '../organizations/organization.repository.ts';
import { emailTaken } from '../profile/user.repository.ts';
import { hashToken } from '../session/refresh-token.repository.ts';
import { createVerificationToken, sealMailLink } from '../signup/email-verification.service.ts';

export const COMPLETION_MESSAGES = {
  sessionError: 'A session error occurred. Please contact support.',
  accountFailed: 'Your payment was successful, but we failed to create your account. Please contact support.',
  // Lectern's wording: the spec quotes none for a payment still being confirmed.
  paymentPending: 'Your payment is still being confirmed. Please wait a moment.',
} as const;

const PAID = ['active', 'trialing'];

export async function completeSignup(ctx: IdentityContext, input: { organizationId: string; checkoutToken: string }): Promise<{ userId: string; email: string; organizationId: string }> {
  const sessionError = () => identityError(ErrorCode.NOT_FOUND, 'no_checkout', COMPLETION_MESSAGES.sessionError);
  if (!isUuid(input.organizationId)) throw sessionError();
  const now = new Date();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const lead = await trx
        .selectFrom('leads')
        .selectAll()
        .where('org_id', '=', input.organizationId)
        .where('checkout_token_hash', '=', hashToken(input.checkoutToken))
        .where('status', '=', 'initiated')
        .forUpdate()
        .executeTakeFirst();
      if (!lead?.password_hash) throw sessionError();
      const org = await trx.selectFrom('organizations').select(['id', 'name', 'subscription_status']).where('id', '=', lead.org_id).executeTakeFirstOrThrow();
      if (!PAID.includes(org.subscription_status ?? '')) throw identityError(ErrorCode.CONFLICT, 'payment_pending', COMPLETION_MESSAGES.paymentPending);
      if (await emailTaken(trx, lead.email)) throw identityError(ErrorCode.CONFLICT, 'email_taken', SIGNUP_MESSAGES.emailTaken);
      const user = await trx
        .insertInto('users')
        .values({ org_id: org.id, email: lead.email, first_name: lead.first_name, last_name: lead.last_name, phone: lead.phone, role: 'ADMIN', password_hash: lead.password_hash, email_verified_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('leads').set({ status: 'converted', converted_at: now, password_hash: null, checkout_token_hash: null }).where('id', '=', lead.id).execute();
      await trx.updateTable('organizations').set({ created_by: user.id, updated_at: now }).where('id', '=', org.id).where('created_by', 'is', null).execute();
      const link = await createVerificationToken(trx, ctx.config.PUBLIC_ORIGIN, user.id, now);
      await appendEvent(trx, createEvent('identity.user.registered.v1', {
        orgId: org.id,
        subject: user.id,
        data: { userId: user.id, email: lead.email, firstName: lead.first_name, lastName: lead.last_name, role: 'ADMIN', orgId: org.id, organizationName: org.name, sealedConfirmationUrl: sealMailLink(ctx.secrets, user.id, link.url), confirmationExpiresAt: link.expiresAt.toISOString(), viaInvite: false },
      }));
      return { userId: user.id, email: lead.email, organizationId: org.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw identityError(ErrorCode.CONFLICT, 'email_taken', SIGNUP_MESSAGES.emailTaken);
    throw error;
  }
}

/** The Organization section of settings: the organization and its subscription as billing reported it. */
export async function organizationBilling(ctx: IdentityContext, orgId: string) {
  const org = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'name', 'subdomain', 'plan_id', 'plan_label', 'billing_interval', 'active_seat_count', 'current_price_id', 'subscription_status', 'cancel_at_period_end', 'trial_ends_at', 'subscription_renewal_at'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  if (!org) throw identityError(ErrorCode.NOT_FOUND, 'no_organization', 'User not associated with an organization');
  const seats = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', '=', orgId).where('role', 'in', ['ADMIN', 'PASTOR', 'STAFF']).executeTakeFirstOrThrow();
  return {
    id: org.id,
    name: org.name,
    subdomain: org.subdomain,
    planId: org.plan_id,
    planLabel: org.plan_label,
    billingInterval: org.billing_interval,
    activeSeatCount: org.active_seat_count,
    seatsUsed: Number(seats.n),
    seatsTotal: 4,
    currentPriceId: org.current_price_id,
    subscriptionStatus: org.subscription_status,
    cancelAtPeriodEnd: org.cancel_at_period_end,
    trialEndsAt: org.trial_ends_at?.toISOString() ?? null,
    renewalAt: org.subscription_renewal_at?.toISOString() ?? null,
  };
}
