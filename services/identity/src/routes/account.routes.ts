// Public and signed-in account routes: me, flags, organizations, signup, e-mail verification,
// invites, team and onboarding. Thin: each calls one use case. Guards per route (API.md); team
// and invites are company-only screens (spec 001 §6): requireCompanyDomainStaff.
import { authenticate, ErrorCode, AppError, orgScope, requireCompanyDomainStaff, requireCompanyStaff, requireRole, requireSignedIn } from '@lectern/service-kit';
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { IdentityContext } from '../context.ts';
import { flagExists, readFlags, setGlobalFlag, setOrgOverride } from '../flags/flag.repository.ts';
import { MessageSchema, ProfileSchema, RoleSchema, SessionSchema } from '../http/schemas.ts';
import { identityError } from '../http/identity.errors.ts';
import { createInvite, listInvites, publicInvite, revokeInviteById } from '../invites/invite.service.ts';
import { completeOnboarding } from '../organizations/onboarding.service.ts';
import { findOrganization, listPublicOrganizations } from '../organizations/organization.repository.ts';
import { loadProfile } from '../profile/profile.service.ts';
import { updateOwnProfile } from '../profile/profile.update.ts';
import { holdsSeat, SEATS_TOTAL } from '../domain/seat.rules.ts';
import { sessionReply } from '../session/session.routes.ts';
import { confirmEmail, resendVerification, VERIFICATION_MESSAGES } from '../signup/email-verification.service.ts';
import { checkDomain, signUp } from '../signup/signup.service.ts';

const Str = (max = 320) => Type.String({ maxLength: max });
const OptStr = (max = 320) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const InviteSchema = Type.Object({ id: Type.String(), email: Type.String(), role: Type.String(), createdAt: Type.String(), expiresAt: Type.String(), link: Type.String() });

export async function accountRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  app.get('/me', { onRequest: requireSignedIn, schema: { tags: ['account'], summary: 'The signed-in user, role, navigation', response: { 200: ProfileSchema } } }, async (request) => {
    const loaded = await loadProfile(ctx.db, request.user.userId, ctx.companyDomains);
    if (!loaded) throw new AppError(ErrorCode.UNAUTHENTICATED, { detail: 'Sign in to continue.' });
    return loaded.profile;
  });

  app.patch('/me', {
    onRequest: requireSignedIn,
    schema: { tags: ['account'], summary: 'Settings → User Profile: change first and last name', body: Type.Object({ firstName: Str(200), lastName: Str(200) }), response: { 200: Type.Object({ user: ProfileSchema, message: Type.String() }) } },
  }, async (request) => updateOwnProfile(ctx, request.user.userId, request.body));

  app.get('/flags', { schema: { tags: ['flags'], summary: 'Feature flags (with the caller organization overrides when signed in)', response: { 200: Type.Object({ flags: Type.Record(Type.String(), Type.Boolean()) }) } } }, async (request) => {
    let orgId: string | null = null;
    if (request.headers.authorization) {
      // A stale or bad token must not hide the flags from a public page: read them anonymously.
      orgId = await authenticate(request).then((p) => p.orgId, () => null);
    }
    return { flags: await readFlags(ctx.db, orgId) };
  });

  app.put('/flags/:key', {
    onRequest: requireCompanyStaff,
    schema: { tags: ['flags'], summary: 'Change a flag (company staff only)', params: Type.Object({ key: Str(100) }), body: Type.Object({ enabled: Type.Boolean(), orgId: OptStr(64) }), response: { 200: Type.Object({ key: Type.String(), enabled: Type.Boolean(), orgId: Type.Union([Type.String(), Type.Null()]) }) } },
  }, async (request) => {
    const { key } = request.params;
    const { enabled, orgId } = request.body;
    if (!(await flagExists(ctx.db, key))) throw identityError(ErrorCode.NOT_FOUND, 'unknown_flag', `No feature flag named ${key}.`);
    if (orgId) {
      if (!(await findOrganization(ctx.db, orgId))) throw identityError(ErrorCode.NOT_FOUND, 'unknown_organization', 'No such organization.');
      await setOrgOverride(ctx.db, key, orgId, enabled, request.user.userId);
    } else {
      await setGlobalFlag(ctx.db, key, enabled, request.user.userId);
    }
    return { key, enabled, orgId: orgId ?? null };
  });

  app.get('/organizations/public', { schema: { tags: ['organizations'], summary: 'Organizations to join', response: { 200: Type.Object({ items: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })) }) } } }, async () => ({
    items: await listPublicOrganizations(ctx.db),
  }));

  app.get('/signup/domain-check', { schema: { tags: ['signup'], summary: 'Create mode: does an organization already hold this e-mail domain?', querystring: Type.Object({ email: Str() }), response: { 200: Type.Object({ blocked: Type.Boolean(), message: Type.Union([Type.String(), Type.Null()]) }) } } }, async (request) =>
    checkDomain(ctx, request.query.email));

  app.post('/signup', {
    schema: {
      tags: ['signup'],
      summary: 'Sign up: join (list, typed id or invite) or create step 1',
      body: Type.Object({
        mode: Type.Union([Type.Literal('join'), Type.Literal('create')]),
        firstName: Str(200), lastName: Str(200), email: Str(), phone: OptStr(50), password: Str(4096), captcha: OptStr(4096),
        organizationId: OptStr(64), inviteId: OptStr(64), organizationName: OptStr(200), plan: OptStr(20), interval: OptStr(20),
      }),
      response: {
        201: Type.Union([
          Type.Object({ mode: Type.Literal('join'), userId: Type.String(), email: Type.String(), next: Type.Literal('/verify-email'), message: Type.String() }),
          Type.Object({
            mode: Type.Literal('create'), organizationId: Type.String(), subdomain: Type.String(), leadId: Type.String(), plan: Type.String(), interval: Type.String(),
            next: Type.Literal('payment'), paymentAvailable: Type.Literal(true), checkoutToken: Type.String(), message: Type.String(),
          }),
        ]),
      },
    },
  }, async (request, reply) => {
    const result = await signUp(ctx, request.body);
    return reply.code(201).send(result);
  });

  app.post('/email-verification/confirm', { schema: { tags: ['signup'], summary: 'Confirm the e-mail from the link and sign in', body: Type.Object({ token: Str(200) }), response: { 200: SessionSchema } } }, async (request, reply) =>
    sessionReply(ctx, reply, await confirmEmail(ctx, request.body.token)));

  app.post('/email-verification/resend', { schema: { tags: ['signup'], summary: 'Send a new confirmation link', body: Type.Object({ email: Str() }), response: { 202: MessageSchema } } }, async (request, reply) => {
    await resendVerification(ctx, request.body.email);
    return reply.code(202).send({ message: VERIFICATION_MESSAGES.resent });
  });

  app.get('/invites/:id', { schema: { tags: ['invites'], summary: 'A pending invite, for the signup page', params: Type.Object({ id: Str(64) }), response: { 200: Type.Object({ id: Type.String(), email: Type.String(), role: RoleSchema, organizationId: Type.String(), organizationName: Type.Union([Type.String(), Type.Null()]), expiresAt: Type.String() }) } } }, async (request) =>
    publicInvite(ctx, request.params.id));

  app.post('/invites', { onRequest: [requireCompanyDomainStaff, requireRole('ADMIN', 'PASTOR')], schema: { tags: ['invites'], summary: 'Invite a team member', body: Type.Object({ email: Str(), role: OptStr(20) }), response: { 201: Type.Object({ invite: InviteSchema, message: Type.String() }) } } }, async (request, reply) =>
    reply.code(201).send(await createInvite(ctx, request.user, request.body)));

  app.get('/invites', { onRequest: [requireCompanyDomainStaff, requireRole('ADMIN', 'PASTOR')], schema: { tags: ['invites'], summary: 'Pending invites of the caller organization', response: { 200: Type.Object({ items: Type.Array(InviteSchema) }) } } }, async (request) => ({
    items: await listInvites(ctx, orgScope(request)),
  }));

  app.delete('/invites/:id', { onRequest: [requireCompanyDomainStaff, requireRole('ADMIN', 'PASTOR')], schema: { tags: ['invites'], summary: 'Revoke a pending invite', params: Type.Object({ id: Str(64) }), response: { 200: MessageSchema } } }, async (request) => {
    orgScope(request);
    return revokeInviteById(ctx, request.user, request.params.id);
  });

  app.get('/organization/users', { onRequest: requireCompanyDomainStaff, schema: { tags: ['organizations'], summary: 'Team members of the caller organization', response: { 200: Type.Object({ items: Type.Array(Type.Object({ id: Type.String(), email: Type.String(), firstName: Type.Union([Type.String(), Type.Null()]), lastName: Type.Union([Type.String(), Type.Null()]), role: Type.String() })), seats: Type.Object({ used: Type.Integer(), total: Type.Integer() }) }) } } }, async (request) => {
    const orgId = orgScope(request);
    const rows = await ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'role']).where('org_id', '=', orgId).orderBy('created_at').execute();
    const items = rows.map((r) => ({ id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, role: r.role }));
    const used = items.filter((u) => holdsSeat(u.role)).length;
    return { items, seats: { used, total: SEATS_TOTAL } };
  });

  app.post('/onboarding', {
    onRequest: requireSignedIn,
    schema: { tags: ['account'], summary: 'Deprecated onboarding: create an organization, become its ADMIN', body: Type.Object({ firstName: Str(200), lastName: Str(200), organizationName: Str(200), subdomain: OptStr(100) }), response: { 201: SessionSchema } },
  }, async (request, reply) => {
    const session = await completeOnboarding(ctx, request.user, request.body);
    reply.code(201);
    return sessionReply(ctx, reply, session);
  });
}
