// Signup (spec 001 §2, §4, §5, §6, §8): join (list/typed organization, or invite) creates an
// unverified user and sends the confirmation e-mail; create step 1 records the organization and
// the lead (the ADMIN user comes after payment, with billing). Every rule is checked here.
import { appendEvent, ErrorCode } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import { applyInvite, INVITE_MESSAGES } from '../domain/invite.rules.ts';
import { evaluatePassword } from '../domain/password.policy.ts';
import { emailDomain } from '../domain/role.resolution.ts';
import {
  decideSubdomain,
  domainCheck,
  INTERVALS,
  organizationDomainFor,
  PLANS,
  resolveJoinOrganization,
  roleForNewUser,
  SIGNUP_MESSAGES,
  validateSignupForm,
  type BillingInterval,
  type Plan,
  type SignupForm,
} from '../domain/signup.rules.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { readFlags } from '../flags/flag.repository.ts';
import { findInviteWithOrganization } from '../invites/invite.repository.ts';
import { findOrganization, findOrganizationByDomain, findSubdomainHolder, insertOrganization, isUniqueViolation, isUuid } from '../organizations/organization.repository.ts';
import { emailTaken } from '../profile/user.repository.ts';
import { holdsSeat, SEAT_MESSAGES, seatsFull } from '../domain/seat.rules.ts';
import { countSeats, lockOrganization } from '../team/seat.repository.ts';
import { hashToken, newOpaqueToken } from '../session/refresh-token.repository.ts';
import { createVerificationToken, sealMailLink } from './email-verification.service.ts';

export const SIGNUP_EXTRA_MESSAGES = {
  // Not quoted by the spec: Lectern's wording.
  disabled: 'Signup is not available yet.',
  paymentNext: 'Your organization is saved. Complete the payment to create your account.',
} as const;

export const PLAN_LABELS: Record<Plan, string> = { standard: '$297/month', premium: '$497/month' };

const FORM_ORDER = ['organizationName', 'organizationId', 'firstName', 'lastName', 'email', 'password', 'captchaToken'] as const;

export interface SignupInput extends Omit<SignupForm, 'captchaToken'> {
  captcha?: string | null;
  plan?: string | null;
  interval?: string | null;
}

export type SignupResult =
  | { mode: 'join'; userId: string; email: string; next: '/verify-email'; message: string }
  | { mode: 'create'; organizationId: string; subdomain: string; leadId: string; plan: Plan; interval: BillingInterval; next: 'payment'; paymentAvailable: true; checkoutToken: string; message: string };

export async function signUp(ctx: IdentityContext, input: SignupInput): Promise<SignupResult> {
  const flags = await readFlags(ctx.db, null);
  if (flags.signup_enabled !== true) throw identityError(ErrorCode.FORBIDDEN, 'signup_disabled', SIGNUP_EXTRA_MESSAGES.disabled);

  const validation = validateSignupForm({ ...input, captchaToken: input.captcha ?? null });
  if (!validation.ok) {
    const errors: Record<string, string | undefined> = { ...validation.errors };
    const captchaMessage = errors.captchaToken;
    delete errors.captchaToken;
    if (captchaMessage) errors.captcha = captchaMessage;
    throw formError(errors, FORM_ORDER.map((f) => (f === 'captchaToken' ? 'captcha' : f)));
  }
  const form = validation.value;
  const password = evaluatePassword(form.password);
  if (!password.ok) throw formError({ password: password.message }, ['password'], password.reason === 'common' ? 'common_password' : 'invalid_form');

  const captcha = await ctx.captcha.verify(input.captcha);
  if (!captcha.ok) throw identityError(ErrorCode.VALIDATION_FAILED, 'captcha_failed', captcha.message, { fieldErrors: { captcha: captcha.message } });

  return form.mode === 'join' ? join(ctx, form) : createStepOne(ctx, form, input);
}

type ValidForm = Extract<ReturnType<typeof validateSignupForm>, { ok: true }>['value'];

async function join(ctx: IdentityContext, form: ValidForm): Promise<SignupResult> {
  const now = new Date();
  let target: { email: string; orgId: string; organizationName: string | null; role: ReturnType<typeof roleForNewUser>; inviteId: string | null };
  if (form.inviteId) {
    const lookup = isUuid(form.inviteId) ? await findInviteWithOrganization(ctx.db, form.inviteId).then((invite) => ({ ok: true as const, invite: invite ?? null }), () => ({ ok: false as const })) : { ok: true as const, invite: null };
    const applied = applyInvite(lookup, now);
    if (!applied.ok) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_invite', applied.message);
    target = { email: applied.value.email, orgId: applied.value.orgId, organizationName: applied.value.organizationName, role: roleForNewUser('join', applied.value.role), inviteId: applied.value.inviteId };
  } else {
    const found = form.organizationId ? await findOrganization(ctx.db, form.organizationId) : undefined;
    const resolved = resolveJoinOrganization(form.organizationId, found ?? null);
    if (!resolved.ok) throw formError({ organizationId: resolved.message }, ['organizationId'], 'invalid_organization');
    target = { email: form.email, orgId: resolved.organizationId, organizationName: found!.name, role: roleForNewUser('join', null), inviteId: null };
  }
  if (await emailTaken(ctx.db, target.email)) throw identityError(ErrorCode.CONFLICT, 'email_taken', SIGNUP_MESSAGES.emailTaken);
  const passwordHash = await ctx.hasher.hash(form.password);

  try {
    const userId = await ctx.db.transaction().execute(async (trx) => {
      if (holdsSeat(target.role)) {
        // Seat check and the new user in one transaction, under the organization's lock: two
        // invitees accepting at once cannot both take the last seat.
        await lockOrganization(trx, target.orgId);
        if (seatsFull(await countSeats(trx, target.orgId))) throw identityError(ErrorCode.CONFLICT, 'seats_full', SEAT_MESSAGES.full);
      }
      const user = await trx
        .insertInto('users')
        .values({ org_id: target.orgId, email: target.email, first_name: form.firstName, last_name: form.lastName, phone: form.phone, role: target.role, password_hash: passwordHash, email_verified_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (target.inviteId) {
        // Only a still-pending invite can be used, once: a concurrent use or revocation loses here.
        const used = await trx
          .updateTable('invite_tokens')
          .set({ used_at: now, used_by: user.id })
          .where('id', '=', target.inviteId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_invite', INVITE_MESSAGES.invalidOrExpired);
      }
      const link = await createVerificationToken(trx, ctx.config.PUBLIC_ORIGIN, user.id, now);
      await appendEvent(trx, createEvent('identity.user.registered.v1', {
        orgId: target.orgId,
        subject: user.id,
        data: {
          userId: user.id,
          email: target.email,
          firstName: form.firstName,
          lastName: form.lastName,
          role: target.role,
          orgId: target.orgId,
          organizationName: target.organizationName,
          sealedConfirmationUrl: sealMailLink(ctx.secrets, user.id, link.url),
          confirmationExpiresAt: link.expiresAt.toISOString(),
          viaInvite: target.inviteId !== null,
        },
      }));
      return user.id;
    });
    return { mode: 'join', userId, email: target.email, next: '/verify-email', message: SIGNUP_MESSAGES.registered };
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw identityError(ErrorCode.CONFLICT, 'email_taken', SIGNUP_MESSAGES.emailTaken);
    throw error;
  }
}

async function createStepOne(ctx: IdentityContext, form: ValidForm, input: SignupInput): Promise<SignupResult> {
  const plan: Plan = PLANS.includes(input.plan as Plan) ? (input.plan as Plan) : 'standard';
  const interval: BillingInterval = INTERVALS.includes(input.interval as BillingInterval) ? (input.interval as BillingInterval) : 'monthly';
  const domain = emailDomain(form.email);
  const holderOfDomain = domain ? await findOrganizationByDomain(ctx.db, domain) : undefined;
  // The same person retrying an unfinished signup holds the domain through the organization
  // they are about to reuse: that is not another organization.
  const retried = decideSubdomain(form.email, await findSubdomainHolder(ctx.db, form.subdomain!));
  const otherHolder = holderOfDomain && !(retried.kind === 'reuse' && retried.organizationId === holderOfDomain.id) ? holderOfDomain : null;
  const refusal = domainCheck(form.email, otherHolder, ctx.companyDomains, 'create');
  if (refusal) throw identityError(ErrorCode.CONFLICT, 'domain_has_organization', refusal);
  if (await emailTaken(ctx.db, form.email)) throw identityError(ErrorCode.CONFLICT, 'email_taken', SIGNUP_MESSAGES.emailTaken);
  const subdomain = form.subdomain!;
  // The ADMIN user is created only after payment (billing/signup-completion.service.ts): keep the
  // chosen password's hash with the lead, and give the browser a token that proves it is this signup.
  const passwordHash = await ctx.hasher.hash(form.password);
  const checkoutToken = newOpaqueToken();

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const decision = decideSubdomain(form.email, await findSubdomainHolder(trx, subdomain));
      if (decision.kind === 'taken') throw identityError(ErrorCode.CONFLICT, 'subdomain_taken', decision.message, { fieldErrors: { organizationName: decision.message } });
      let organizationId: string;
      if (decision.kind === 'reuse') {
        organizationId = decision.organizationId;
        await trx.updateTable('organizations').set({ plan_id: plan, plan_label: PLAN_LABELS[plan], billing_interval: interval, updated_at: new Date() }).where('id', '=', organizationId).execute();
      } else {
        const orgDomain = organizationDomainFor(form.email, ctx.companyDomains);
        organizationId = await insertOrganization(trx, { name: form.organizationName!, subdomain, domain: orgDomain, plan_id: plan, plan_label: PLAN_LABELS[plan], billing_interval: interval, created_by: null });
        await appendEvent(trx, createEvent('identity.organization.created.v1', {
          orgId: organizationId,
          subject: organizationId,
          data: { organizationId, name: form.organizationName!, subdomain, domain: orgDomain, plan, createdBy: null, via: 'signup' },
        }));
      }
      const lead = await trx
        .insertInto('leads')
        .values({ org_id: organizationId, email: form.email, first_name: form.firstName, last_name: form.lastName, phone: form.phone, plan, billing_interval: interval, password_hash: passwordHash, checkout_token_hash: hashToken(checkoutToken) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendEvent(trx, createEvent('identity.lead.initiated.v1', {
        orgId: organizationId,
        subject: lead.id,
        data: { leadId: lead.id, organizationId, email: form.email, firstName: form.firstName, lastName: form.lastName, plan, interval },
      }));
      return { mode: 'create' as const, organizationId, subdomain, leadId: lead.id, plan, interval, next: 'payment' as const, paymentAvailable: true as const, checkoutToken, message: SIGNUP_EXTRA_MESSAGES.paymentNext };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'organizations_subdomain_key')) {
      throw identityError(ErrorCode.CONFLICT, 'subdomain_taken', SIGNUP_MESSAGES.subdomainTaken, { fieldErrors: { organizationName: SIGNUP_MESSAGES.subdomainTaken } });
    }
    throw error;
  }
}

/** The live domain check of the create form. */
export async function checkDomain(ctx: IdentityContext, email: string): Promise<{ blocked: boolean; message: string | null }> {
  const domain = emailDomain(email);
  const holder = domain ? await findOrganizationByDomain(ctx.db, domain) : undefined;
  const message = domainCheck(email, holder ?? null, ctx.companyDomains, 'signup');
  return { blocked: message !== null, message };
}
