// Roles (spec 000 §1, §2, §6; 001 §6): the primary role, its derived flags, where a user lands
// after sign-in, which navigation items they see, and the two kinds of "staff" the spec uses:
// company-domain users (an e-mail on one of the product's own domains) and staff users (an
// active staff_users row, the console).

export const ROLES = ['ADMIN', 'PASTOR', 'STAFF', 'MEMBER', 'VOLUNTEER'] as const;
export type Role = (typeof ROLES)[number];

/** Highest first: the spec's priority order for picking the primary role. */
const PRIORITY: Readonly<Record<Role, number>> = { ADMIN: 0, PASTOR: 1, STAFF: 2, MEMBER: 3, VOLUNTEER: 4 };

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Role data as it is read: a failed lookup is `{ ok: false }`. */
export type RoleLookup = { ok: true; customRoles: readonly string[]; userRole: string | null } | { ok: false };

/**
 * The primary role: the highest of the user's custom roles; with none, the users-table role;
 * a failed lookup gives no role. Unknown role strings are ignored.
 */
export function resolvePrimaryRole(lookup: RoleLookup): Role | null {
  if (!lookup.ok) return null;
  const custom = lookup.customRoles.filter(isRole);
  if (custom.length > 0) return custom.reduce((best, role) => (PRIORITY[role] < PRIORITY[best] ? role : best));
  return isRole(lookup.userRole) ? lookup.userRole : null;
}

export interface RoleFlags {
  role: Role | null;
  isAdmin: boolean;
  isPastor: boolean;
  isStaff: boolean;
  isAdminOrPastor: boolean;
  isAdminOrPastorOrStaff: boolean;
}

export function roleFlags(role: Role | null): RoleFlags {
  return {
    role,
    isAdmin: role === 'ADMIN',
    isPastor: role === 'PASTOR',
    isStaff: role === 'STAFF',
    isAdminOrPastor: role === 'ADMIN' || role === 'PASTOR',
    isAdminOrPastorOrStaff: role === 'ADMIN' || role === 'PASTOR' || role === 'STAFF',
  };
}

/** ADMIN, PASTOR and STAFF form the staff side (the staff gate). */
export const isStaffSideRole = (role: Role | null): boolean => roleFlags(role).isAdminOrPastorOrStaff;

/** MEMBER and VOLUNTEER form the member side. */
export const isMemberSideRole = (role: Role | null): boolean => role === 'MEMBER' || role === 'VOLUNTEER';

/** Home after sign-in, and the Dashboard link: MEMBER and VOLUNTEER → member dashboard. */
export const homePathFor = (role: Role | null): '/member/dashboard' | '/dashboard' =>
  isMemberSideRole(role) ? '/member/dashboard' : '/dashboard';

/** The domain part of an e-mail address, lower-cased; null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at <= 0) return null;
  const domain = email.trim().slice(at + 1).toLowerCase();
  return domain.length > 0 ? domain : null;
}

/**
 * "Company staff" in the spec's sense: the e-mail's domain is one of the product's own
 * domains (configuration; the spec names none). The whole domain must match, so
 * "x@evil-lectern.app" is not on "lectern.app". The caller must only pass verified e-mails.
 */
export function isCompanyDomainEmail(email: string, companyDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== null && companyDomains.some((d) => d.trim().toLowerCase() === domain);
}

export interface StaffUserRow {
  email: string;
  status: string | null;
}

/** A staff user (console access): an active staff_users row matching the e-mail, case-insensitively. */
export function isStaffUser(email: string, rows: readonly StaffUserRow[]): boolean {
  const wanted = email.trim().toLowerCase();
  return rows.some((row) => row.status === 'active' && row.email.trim().toLowerCase() === wanted);
}

export type NavItemId = 'dashboard' | 'sermons' | 'members' | 'communications' | 'console' | 'settings';

export interface NavItem {
  id: NavItemId;
  label: string;
  path: string;
}

export interface NavigationSubject {
  role: Role | null;
  /** E-mail on a company domain (see isCompanyDomainEmail). */
  companyDomain: boolean;
  /** Active staff_users row (see isStaffUser). */
  staffUser: boolean;
  /** Feature flag features_staff_console_enabled. */
  staffConsoleEnabled: boolean;
}

/** The main navigation (spec 000 §2 table), in the order the sidebar shows it. */
export function navigationFor(subject: NavigationSubject): NavItem[] {
  const staffSide = isStaffSideRole(subject.role);
  const items: (NavItem | false)[] = [
    { id: 'dashboard', label: 'Dashboard', path: homePathFor(subject.role) },
    subject.role !== 'MEMBER' && { id: 'sermons', label: 'Sermons', path: '/sermons' },
    staffSide && subject.companyDomain && { id: 'members', label: 'Members', path: '/members' },
    staffSide && subject.companyDomain && { id: 'communications', label: 'Communications', path: '/communications' },
    subject.staffUser && subject.staffConsoleEnabled && { id: 'console', label: 'Console', path: '/console' },
    { id: 'settings', label: 'Settings', path: '/settings' },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
