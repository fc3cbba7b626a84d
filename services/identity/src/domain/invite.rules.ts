// Invites (spec 001 §2 Team members, §3 invite_tokens, §4 Invite, §5, §6, §8): who may invite
// and with which role, the link, validity at signup, the pending list and revocation.
import { isRole, type Role } from './role.resolution.ts';
import { isValidEmail, normaliseEmail } from './signup.rules.ts';

export const INVITE_ROLES = ['STAFF', 'PASTOR'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
export const DEFAULT_INVITE_ROLE: InviteRole = 'STAFF';

/** How long an invite stays usable. The spec gives no figure: 7 days is Lectern's choice. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITE_MESSAGES = {
  invalidOrExpired: 'Invalid or expired invite link. Please contact your administrator.',
  lookupFailed: 'Failed to validate invite. Please contact your administrator.',
  notAuthenticated: 'User not authenticated',
  createFailed: 'Failed to create invite',
  sent: (email: string) => `Invite sent to ${email}`,
  revoked: 'Invite revoked successfully',
  revokeFailed: 'Failed to revoke invite',
  fetchFailed: 'Failed to fetch invites',
  linkCopied: 'Invite link copied to clipboard',
  noOrganization: 'User not associated with an organization',
  expiredLabel: 'Expired',
  // Not quoted by the spec: Lectern's wording.
  forbidden: 'Only an administrator or pastor can manage invites.',
  emailRequired: 'Email is required.',
  invalidEmail: 'Enter a valid email address',
  invalidRole: 'Invite role must be STAFF or PASTOR.',
} as const;

export interface Invite {
  id: string;
  email: string;
  role: string;
  orgId: string;
  organizationName?: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface Actor {
  userId: string;
  role: Role | null;
  orgId: string | null;
}

/** ADMIN and PASTOR invite team members, copy invite links and revoke invites. */
export const canManageInvites = (role: Role | null): boolean => role === 'ADMIN' || role === 'PASTOR';

export const isInviteRole = (value: unknown): value is InviteRole => value === 'STAFF' || value === 'PASTOR';

export interface NewInvite {
  email: string;
  role: InviteRole;
  orgId: string;
  createdBy: string;
  expiresAt: Date;
}

export type InviteRequestResult = { ok: true; invite: NewInvite } | { ok: false; status: 401 | 403 | 400; message: string };

/** Checks an invite request; the invite goes to the inviter's own organization. */
export function validateInviteRequest(actor: Actor | null, input: { email: string; role?: string | null }, now: Date): InviteRequestResult {
  if (!actor) return { ok: false, status: 401, message: INVITE_MESSAGES.notAuthenticated };
  if (!canManageInvites(actor.role)) return { ok: false, status: 403, message: INVITE_MESSAGES.forbidden };
  if (!actor.orgId) return { ok: false, status: 403, message: INVITE_MESSAGES.noOrganization };
  const email = normaliseEmail(input.email);
  if (!email) return { ok: false, status: 400, message: INVITE_MESSAGES.emailRequired };
  if (!isValidEmail(email)) return { ok: false, status: 400, message: INVITE_MESSAGES.invalidEmail };
  const role = input.role ?? DEFAULT_INVITE_ROLE;
  if (!isInviteRole(role)) return { ok: false, status: 400, message: INVITE_MESSAGES.invalidRole };
  return { ok: true, invite: { email, role, orgId: actor.orgId, createdBy: actor.userId, expiresAt: new Date(now.getTime() + INVITE_TTL_MS) } };
}

/** `{origin}/signup?invite={id}` (origin without a trailing slash). */
export function inviteLink(origin: string, inviteId: string): string {
  return `${origin.replace(/\/+$/, '')}/signup?invite=${encodeURIComponent(inviteId)}`;
}

export type InviteStatus = 'pending' | 'used' | 'expired';

/** Active until used (used_at set) or expired (expires_at not in the future). */
export function inviteStatus(invite: Pick<Invite, 'expiresAt' | 'usedAt'>, now: Date): InviteStatus {
  if (invite.usedAt) return 'used';
  return invite.expiresAt.getTime() > now.getTime() ? 'pending' : 'expired';
}

/** The pending list: unused and unexpired, newest first. */
export function pendingInvites<T extends Pick<Invite, 'createdAt' | 'expiresAt' | 'usedAt'>>(invites: readonly T[], now: Date): T[] {
  return invites.filter((i) => inviteStatus(i, now) === 'pending').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** What a listed invite shows: 'Expired' (in red) once it has lapsed while displayed, else nothing. */
export const inviteStatusLabel = (invite: Pick<Invite, 'expiresAt' | 'usedAt'>, now: Date): string | null =>
  inviteStatus(invite, now) === 'expired' ? INVITE_MESSAGES.expiredLabel : null;

/** The invite as looked up for signup: `ok: false` when the lookup itself failed. */
export type InviteLookup = { ok: true; invite: Invite | null } | { ok: false };

export interface InvitedSignup {
  inviteId: string;
  email: string;
  orgId: string;
  organizationName: string | null;
  role: InviteRole;
}

/**
 * Signup through an invite: only an unused, unexpired invite with a valid role validates. The
 * e-mail, organization and role are the invite's, whatever the form sent.
 */
export function applyInvite(lookup: InviteLookup, now: Date): { ok: true; value: InvitedSignup } | { ok: false; message: string } {
  if (!lookup.ok) return { ok: false, message: INVITE_MESSAGES.lookupFailed };
  const invite = lookup.invite;
  if (!invite || inviteStatus(invite, now) !== 'pending' || !isRole(invite.role) || !isInviteRole(invite.role)) {
    return { ok: false, message: INVITE_MESSAGES.invalidOrExpired };
  }
  return {
    ok: true,
    value: { inviteId: invite.id, email: normaliseEmail(invite.email), orgId: invite.orgId, organizationName: invite.organizationName ?? null, role: invite.role },
  };
}

/** Revoking sets used_at to now; only ADMIN/PASTOR of the invite's organization, only while pending. */
export function revokeInvite(actor: Actor | null, invite: Invite | null, now: Date): { ok: true; usedAt: Date } | { ok: false; status: 401 | 403 | 404 | 409; message: string } {
  if (!actor) return { ok: false, status: 401, message: INVITE_MESSAGES.notAuthenticated };
  if (!canManageInvites(actor.role)) return { ok: false, status: 403, message: INVITE_MESSAGES.forbidden };
  // Another organization's invite is reported as missing, not as forbidden: ids do not leak.
  if (!invite || invite.orgId !== actor.orgId) return { ok: false, status: 404, message: INVITE_MESSAGES.revokeFailed };
  if (invite.usedAt) return { ok: false, status: 409, message: INVITE_MESSAGES.revokeFailed };
  return { ok: true, usedAt: now };
}
