// Pure rules of the settings page (spec 001 §2 Settings, Team members; §6).
import type { Role, SessionUser } from '@lectern/shell-kit';

export type SettingsSectionId = 'organization' | 'profile' | 'team' | 'integrations' | 'email-integrations';

const STAFF_SIDE: readonly Role[] = ['ADMIN', 'PASTOR', 'STAFF'];

/** Staff-side role on a verified company-domain e-mail: Team, Integrations, Email Integrations, /members, /communications. */
export const isCompanyDomainStaff = (user: Pick<SessionUser, 'role' | 'companyDomain'> | null): boolean =>
  Boolean(user && user.companyDomain && user.role && STAFF_SIDE.includes(user.role));

/**
 * A MEMBER sees only User Profile. Other roles see Organization Settings (open by default) and
 * User Profile; company-domain staff also Team Members, Integrations and Email Integrations.
 */
export function visibleSections(user: Pick<SessionUser, 'role' | 'companyDomain'> | null): SettingsSectionId[] {
  if (!user || user.role === 'MEMBER' || user.role === null) return ['profile'];
  const sections: SettingsSectionId[] = ['organization', 'profile'];
  if (isCompanyDomainStaff(user)) sections.push('team', 'integrations', 'email-integrations');
  return sections;
}

/** ADMIN and PASTOR invite, copy links and revoke. */
export const canManageInvites = (role: Role | null): boolean => role === 'ADMIN' || role === 'PASTOR';

export const seatsLine = (used: number, total: number): string => `${used} of ${total} seats used`;

/** A listed invite that lapsed while the page was open shows in red as 'Expired'. */
export const isExpired = (invite: { expiresAt: string }, now: number): boolean => new Date(invite.expiresAt).getTime() <= now;

export const INVITE_ROLES = ['STAFF', 'PASTOR'] as const;
export const DEFAULT_INVITE_ROLE = 'STAFF';

/** Only an ADMIN edits the organization (the server enforces it: PATCH /organization). */
export const canEditOrganization = (role: Role | null): boolean => role === 'ADMIN';

export const ORGANIZATION_NAME_MAX_LENGTH = 200;

export const SETTINGS_MESSAGES = {
  organizationSaved: 'Organization settings saved successfully',
  organizationFailed: 'Failed to save organization settings',
  profileSaved: 'User profile saved successfully',
  profileFailed: 'Failed to save user profile',
  fetchUsersFailed: 'Failed to fetch organization users',
  fetchInvitesFailed: 'Failed to fetch invites',
  createInviteFailed: 'Failed to create invite',
  revoked: 'Invite revoked successfully',
  revokeFailed: 'Failed to revoke invite',
  linkCopied: 'Invite link copied to clipboard',
  expired: 'Expired',
} as const;
