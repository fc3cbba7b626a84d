// Invites (spec 001 §2 Team members, §4, §6, §8): ADMIN and PASTOR of an organization invite
// STAFF or PASTOR into their own organization, list the pending ones and revoke them.
import { appendEvent, ErrorCode } from '@lectern/service-kit';
import type { Principal } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import { applyInvite, INVITE_MESSAGES, inviteLink, revokeInvite, validateInviteRequest, type Invite } from '../domain/invite.rules.ts';
import { SIGNUP_MESSAGES } from '../domain/signup.rules.ts';
import { AppError } from '@lectern/service-kit';
import { identityError } from '../http/identity.errors.ts';
import { isUuid } from '../organizations/organization.repository.ts';
import { emailTaken } from '../profile/user.repository.ts';
import { findInviteWithOrganization, listPendingInvites } from './invite.repository.ts';
import { SEAT_MESSAGES, seatsFull } from '../domain/seat.rules.ts';
import { countSeats } from '../team/seat.repository.ts';
import { hashToken } from '../session/refresh-token.repository.ts';
import { sealMailLink } from '../signup/email-verification.service.ts';

export interface InviteView {
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
  link: string;
}

const statusCode: Record<number, ErrorCode> = { 400: ErrorCode.VALIDATION_FAILED, 401: ErrorCode.UNAUTHENTICATED, 403: ErrorCode.FORBIDDEN, 404: ErrorCode.NOT_FOUND, 409: ErrorCode.CONFLICT };

/**
 * How events name an invite: its id grants a STAFF or PASTOR signup, so Kafka gets a digest of it
 * (the events' subject) and the link only sealed to that digest.
 */
export const inviteReference = (inviteId: string): string => hashToken(inviteId);

const actorOf = (principal: Principal) => ({ userId: principal.userId, role: principal.role, orgId: principal.orgId });

export const inviteView = (origin: string, invite: Invite): InviteView => ({
  id: invite.id,
  email: invite.email,
  role: invite.role,
  createdAt: invite.createdAt.toISOString(),
  expiresAt: invite.expiresAt.toISOString(),
  link: inviteLink(origin, invite.id),
});

export async function createInvite(ctx: IdentityContext, principal: Principal, input: { email: string; role?: string | null }): Promise<{ invite: InviteView; message: string }> {
  const now = new Date();
  const checked = validateInviteRequest(actorOf(principal), input, now);
  if (!checked.ok) throw new AppError(statusCode[checked.status]!, { detail: checked.message, extensions: { reason: 'invalid_invite_request' } });
  const request = checked.invite;
  if (await emailTaken(ctx.db, request.email)) throw identityError(ErrorCode.CONFLICT, 'email_taken', SIGNUP_MESSAGES.emailTaken);
  // An invite into a full organization could never be accepted: refuse it now, with the reason.
  if (seatsFull(await countSeats(ctx.db, request.orgId))) throw identityError(ErrorCode.CONFLICT, 'seats_full', SEAT_MESSAGES.full);
  const invite = await ctx.db.transaction().execute(async (trx) => {
    const inviter = await trx
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.org_id')
      .select(['u.first_name', 'u.last_name', 'o.name as organization_name'])
      .where('u.id', '=', request.createdBy)
      .where('u.org_id', '=', request.orgId)
      .executeTakeFirst();
    // The token's organization must still be the inviter's (a stale token after a move is refused).
    if (!inviter) throw identityError(ErrorCode.FORBIDDEN, 'not_member', INVITE_MESSAGES.noOrganization);
    const row = await trx
      .insertInto('invite_tokens')
      .values({ org_id: request.orgId, email: request.email, role: request.role, created_by: request.createdBy, expires_at: request.expiresAt })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const created: Invite = { id: row.id, email: request.email, role: request.role, orgId: request.orgId, organizationName: inviter.organization_name, createdAt: row.created_at, expiresAt: request.expiresAt, usedAt: null };
    const inviterName = [inviter.first_name, inviter.last_name].filter(Boolean).join(' ') || null;
    const inviteRef = inviteReference(row.id);
    await appendEvent(trx, createEvent('identity.invite.created.v1', {
      orgId: request.orgId,
      subject: inviteRef,
      data: {
        inviteRef,
        email: request.email,
        role: request.role,
        invitedBy: request.createdBy,
        inviterName,
        organizationName: inviter.organization_name,
        sealedInviteUrl: sealMailLink(ctx.secrets, inviteRef, inviteLink(ctx.config.PUBLIC_ORIGIN, row.id)),
        expiresAt: request.expiresAt.toISOString(),
      },
    }));
    return created;
  });
  return { invite: inviteView(ctx.config.PUBLIC_ORIGIN, invite), message: INVITE_MESSAGES.sent(invite.email) };
}

export async function listInvites(ctx: IdentityContext, orgId: string): Promise<InviteView[]> {
  return (await listPendingInvites(ctx.db, orgId, new Date())).map((i) => inviteView(ctx.config.PUBLIC_ORIGIN, i));
}

export async function revokeInviteById(ctx: IdentityContext, principal: Principal, inviteId: string): Promise<{ message: string }> {
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const invite = isUuid(inviteId) ? await findInviteWithOrganization(trx, inviteId) : undefined;
    const decision = revokeInvite(actorOf(principal), invite ?? null, now);
    if (!decision.ok) throw new AppError(statusCode[decision.status]!, { detail: decision.message, extensions: { reason: decision.status === 409 ? 'invite_not_pending' : 'invite_not_found' } });
    const updated = await trx.updateTable('invite_tokens').set({ used_at: decision.usedAt }).where('id', '=', invite!.id).where('org_id', '=', principal.orgId!).where('used_at', 'is', null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, { detail: INVITE_MESSAGES.revokeFailed, extensions: { reason: 'invite_not_pending' } });
    await appendEvent(trx, createEvent('identity.invite.revoked.v1', { orgId: invite!.orgId, subject: inviteReference(invite!.id), data: { inviteId: invite!.id, email: invite!.email } }));
  });
  return { message: INVITE_MESSAGES.revoked };
}

/** The signup page's lookup: only a pending invite is shown. */
export async function publicInvite(ctx: IdentityContext, inviteId: string) {
  const now = new Date();
  const invite = isUuid(inviteId) ? await findInviteWithOrganization(ctx.db, inviteId) : undefined;
  const applied = applyInvite({ ok: true, invite: invite ?? null }, now);
  if (!applied.ok) throw identityError(ErrorCode.NOT_FOUND, 'invalid_invite', applied.message);
  return { id: applied.value.inviteId, email: applied.value.email, role: applied.value.role, organizationId: applied.value.orgId, organizationName: applied.value.organizationName, expiresAt: invite!.expiresAt.toISOString() };
}
