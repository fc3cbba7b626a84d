// Deprecated onboarding ("Complete Your Setup"): a signed-in user without an organization names
// it; it is created and the user becomes its ADMIN. Answers a fresh access token with the new claims.
import { appendEvent, ErrorCode } from '@lectern/service-kit';
import type { Principal } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import { validateOnboarding, type OnboardingForm } from '../domain/onboarding.rules.ts';
import { isRole } from '../domain/role.resolution.ts';
import { SIGNUP_MESSAGES } from '../domain/signup.rules.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { issueSession, type IssuedSession } from '../session/session.service.ts';
import { insertOrganization, isUniqueViolation } from './organization.repository.ts';

export const ONBOARDING_MESSAGES = {
  // Not quoted by the spec: Lectern's wording.
  alreadyOnboarded: 'You already belong to an organization.',
} as const;

export async function completeOnboarding(ctx: IdentityContext, principal: Principal, form: OnboardingForm): Promise<IssuedSession> {
  const checked = validateOnboarding(form);
  if (!checked.ok) throw formError(checked.errors, ['firstName', 'lastName', 'organizationName', 'subdomain']);
  const plan = checked.value;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'org_id', 'role']).where('id', '=', principal.userId).forUpdate().executeTakeFirst();
      if (!user) throw identityError(ErrorCode.UNAUTHENTICATED, 'unknown_user', 'Sign in to continue.');
      if (user.org_id) throw identityError(ErrorCode.CONFLICT, 'already_onboarded', ONBOARDING_MESSAGES.alreadyOnboarded);
      const taken = await trx.selectFrom('organizations').select('id').where('subdomain', '=', plan.subdomain).executeTakeFirst();
      if (taken) throw identityError(ErrorCode.CONFLICT, 'subdomain_taken', SIGNUP_MESSAGES.subdomainTaken, { fieldErrors: { subdomain: SIGNUP_MESSAGES.subdomainTaken } });
      const organizationId = await insertOrganization(trx, { name: plan.organizationName, subdomain: plan.subdomain, domain: null, plan_label: plan.planLabel, created_by: user.id });
      await trx.updateTable('users').set({ first_name: plan.firstName, last_name: plan.lastName, org_id: organizationId, role: plan.role, updated_at: new Date() }).where('id', '=', user.id).execute();
      await appendEvent(trx, [
        createEvent('identity.organization.created.v1', {
          orgId: organizationId,
          subject: organizationId,
          data: { organizationId, name: plan.organizationName, subdomain: plan.subdomain, domain: null, plan: null, createdBy: user.id, via: 'onboarding' },
        }),
        createEvent('identity.user.role-changed.v1', {
          orgId: organizationId,
          subject: user.id,
          data: { userId: user.id, previousRole: isRole(user.role) ? user.role : null, role: plan.role },
        }),
      ]);
      const session = await issueSession(ctx, trx, user.id, { newFamily: false });
      return { body: { ...session.body, redirect: plan.redirect }, refreshToken: null };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'organizations_subdomain_key')) throw identityError(ErrorCode.CONFLICT, 'subdomain_taken', SIGNUP_MESSAGES.subdomainTaken);
    throw error;
  }
}
