// Members admin use cases (spec 001 §2 Members admin page, §7 members / admin create user, §8).
import { appendEvent, ErrorCode } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import type { Db } from '../data/database.ts';
import type { Member, MemberRole, MemberStatus } from '../data/member.table.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { isUniqueViolation, isUuid } from '../organizations/organization.repository.ts';
import { issuePasswordLink } from '../password-reset/password-reset.service.ts';
import { revokeUserTokens } from '../session/token-revocation.ts';
import { emailTaken } from '../profile/user.repository.ts';
import { findMember, findMemberByEmail, MEMBER_COLUMNS } from './member.repository.ts';
import { generatedPassword, isMemberRole, isMemberStatus, MEMBER_MESSAGES, validateMember, type MemberField } from './member.rules.ts';

export interface MemberView {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: MemberRole;
  status: MemberStatus;
  source: string;
  createdAt: string;
}

export const memberView = (m: Member): MemberView => ({
  id: m.id,
  userId: m.user_id,
  firstName: m.first_name,
  lastName: m.last_name,
  email: m.email,
  phone: m.phone,
  role: m.role,
  status: m.status,
  source: m.source,
  createdAt: m.created_at.toISOString(),
});

const FORM_ORDER: readonly MemberField[] = ['email', 'firstName', 'lastName', 'phone', 'role', 'status'];

export interface AddMemberInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  role?: string | null;
  /** create a user who signs in (a set-password link is e-mailed; the generated password is never shown or sent) */
  canSignIn?: boolean | null;
}

export async function addMember(ctx: IdentityContext, orgId: string, input: AddMemberInput): Promise<{ member: MemberView; message: string }> {
  const checked = validateMember({ ...input, status: 'active' });
  if (!checked.ok) throw formError(checked.errors, FORM_ORDER);
  const value = checked.value;
  if (await findMemberByEmail(ctx.db, orgId, value.email)) throw identityError(ErrorCode.CONFLICT, 'member_exists', MEMBER_MESSAGES.emailTaken, { fieldErrors: { email: MEMBER_MESSAGES.emailTaken } });
  const signsIn = input.canSignIn === true;
  if (signsIn && (await emailTaken(ctx.db, value.email))) throw identityError(ErrorCode.CONFLICT, 'email_taken', MEMBER_MESSAGES.accountExists, { fieldErrors: { email: MEMBER_MESSAGES.accountExists } });
  const passwordHash = signsIn ? await ctx.hasher.hash(generatedPassword()) : null;
  try {
    // User, member row and the set-password e-mail in one transaction: nothing half-added.
    const member = await ctx.db.transaction().execute(async (trx) => {
      let userId: string | null = null;
      if (signsIn) {
        const now = new Date();
        const user = await trx
          .insertInto('users')
          .values({ org_id: orgId, email: value.email, first_name: value.firstName, last_name: value.lastName, phone: value.phone, role: value.role, password_hash: passwordHash, email_verified_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        userId = user.id;
        const organization = await trx.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirst();
        await issuePasswordLink(trx, ctx.secrets, ctx.config.PUBLIC_ORIGIN, { id: user.id, email: value.email, firstName: value.firstName, orgId, organizationName: organization?.name ?? null }, 'set-password', now);
      }
      return trx
        .insertInto('members')
        .values({ org_id: orgId, user_id: userId, first_name: value.firstName, last_name: value.lastName, email: value.email, phone: value.phone, role: value.role, source: 'manual', external_id: null })
        .returning(MEMBER_COLUMNS)
        .executeTakeFirstOrThrow();
    });
    return { member: memberView(member), message: MEMBER_MESSAGES.added };
  } catch (error) {
    if (isUniqueViolation(error, 'members_org_email')) throw identityError(ErrorCode.CONFLICT, 'member_exists', MEMBER_MESSAGES.emailTaken);
    if (isUniqueViolation(error, 'users_email_key')) throw identityError(ErrorCode.CONFLICT, 'email_taken', MEMBER_MESSAGES.accountExists);
    throw error;
  }
}

/** Role and status selects (spec §4: staff change them). The linked user's role follows the member's. */
export async function updateMember(ctx: IdentityContext, orgId: string, id: string, input: { role?: string | null; status?: string | null }): Promise<{ member: MemberView; message: string }> {
  if (input.role != null && !isMemberRole(input.role)) throw formError({ role: MEMBER_MESSAGES.invalidRole }, ['role']);
  if (input.status != null && !isMemberStatus(input.status)) throw formError({ status: MEMBER_MESSAGES.invalidStatus }, ['status']);
  if (input.role == null && input.status == null) throw formError({ role: MEMBER_MESSAGES.invalidRole }, ['role']);
  const member = await ctx.db.transaction().execute(async (trx) => {
    const current = isUuid(id) ? await findMember(trx, orgId, id) : undefined;
    if (!current) throw identityError(ErrorCode.NOT_FOUND, 'member_not_found', MEMBER_MESSAGES.notFound);
    const updated = await trx
      .updateTable('members')
      .set({ ...(input.role ? { role: input.role as MemberRole } : {}), ...(input.status ? { status: input.status as MemberStatus } : {}), updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning(MEMBER_COLUMNS)
      .executeTakeFirstOrThrow();
    if (input.role && current.user_id && input.role !== current.role) await followRole(trx, orgId, current.user_id, input.role as MemberRole);
    const deactivated = input.status && current.user_id && input.status !== current.status ? await followStatus(trx, orgId, current.user_id, input.status as MemberStatus) : false;
    return { updated, deactivated };
  });
  if (member.deactivated) await ctx.revocations.refresh();
  return { member: memberView(member.updated), message: input.role != null ? MEMBER_MESSAGES.roleUpdated : MEMBER_MESSAGES.statusUpdated };
}

/**
 * A member's user takes the member's status (a MEMBER or VOLUNTEER of the same organization):
 * an inactive one cannot sign in or refresh, and their sessions and access tokens end now.
 */
export async function followStatus(trx: Db, orgId: string, userId: string, status: MemberStatus): Promise<boolean> {
  const user = await trx.updateTable('users').set({ status, updated_at: new Date() }).where('id', '=', userId).where('org_id', '=', orgId).where('role', 'in', ['MEMBER', 'VOLUNTEER']).returning('id').executeTakeFirst();
  if (!user || status !== 'inactive') return false;
  await revokeUserTokens(trx, userId, 'deactivated');
  return true;
}

/** A member's user takes the member's role (only while that user is a MEMBER or VOLUNTEER of the same organization). */
async function followRole(trx: Db, orgId: string, userId: string, role: MemberRole): Promise<void> {
  const user = await trx.selectFrom('users').select(['role']).where('id', '=', userId).where('org_id', '=', orgId).where('role', 'in', ['MEMBER', 'VOLUNTEER']).executeTakeFirst();
  if (!user) return;
  await trx.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', userId).execute();
  await trx.deleteFrom('custom_user_roles').where('user_id', '=', userId).where('role', 'in', ['MEMBER', 'VOLUNTEER']).execute();
  await appendEvent(trx, createEvent('identity.user.role-changed.v1', { orgId, subject: userId, data: { userId, previousRole: user.role, role } }));
}
