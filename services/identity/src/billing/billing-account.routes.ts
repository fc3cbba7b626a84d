// Identity's side of paid signup and of the settings Organization section (read; rename by an ADMIN). Thin routes.
import { Nullable, orgScope, requireRole } from '@lectern/service-kit';
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { IdentityContext } from '../context.ts';
import { completeSignup, organizationBilling } from './signup-completion.service.ts';
import { ORGANIZATION_NAME_MAX_LENGTH, renameOrganization } from '../organizations/organization-settings.service.ts';

const NullableString = Nullable(Type.String());

export async function billingAccountRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  app.post('/signup/complete', {
    schema: {
      tags: ['signup'],
      summary: 'Create mode after payment: create the ADMIN user, convert the lead, send the confirmation e-mail',
      body: Type.Object({ organizationId: Type.String({ maxLength: 64 }), checkoutToken: Type.String({ minLength: 20, maxLength: 200 }) }),
      response: { 201: Type.Object({ userId: Type.String(), email: Type.String(), organizationId: Type.String() }) },
    },
  }, async (request, reply) => reply.code(201).send(await completeSignup(ctx, request.body)));

  // Settings shows Organization to every role but MEMBER (spec 001 §2 Settings).
  app.get('/organization/billing', {
    onRequest: requireRole('ADMIN', 'PASTOR', 'STAFF', 'VOLUNTEER'),
    schema: {
      tags: ['organizations'],
      summary: 'The caller organization with its plan, subscription and seats (settings)',
      response: {
        200: Type.Object({
          id: Type.String(), name: Type.String(), subdomain: NullableString, planId: NullableString, planLabel: NullableString, billingInterval: Type.String(),
          activeSeatCount: Type.Integer(), seatsUsed: Type.Integer(), seatsTotal: Type.Integer(), currentPriceId: NullableString, subscriptionStatus: NullableString,
          cancelAtPeriodEnd: Type.Boolean(), trialEndsAt: NullableString, renewalAt: NullableString,
        }),
      },
    },
  }, async (request) => organizationBilling(ctx, orgScope(request)));

  // Only an ADMIN edits the organization, and only their own (the token's organization).
  app.patch('/organization', {
    onRequest: requireRole('ADMIN'),
    schema: {
      tags: ['organizations'],
      summary: 'Settings → Organization: rename the caller organization (ADMIN)',
      body: Type.Object({ name: Type.String({ maxLength: ORGANIZATION_NAME_MAX_LENGTH * 2 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ organization: Type.Object({ id: Type.String(), name: Type.String() }), message: Type.String() }) },
    },
  }, async (request) => renameOrganization(ctx, orgScope(request), request.user.userId, request.body.name));
}
