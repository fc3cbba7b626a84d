// The signed-in user as the shell needs it (API.md `Profile`) and the claims of their access
// token, both from the database: primary role (custom roles first), company domain, staff user,
// navigation and the onboarding check.
import { readFlags } from '../flags/flag.repository.ts';
import type { Db } from '../data/database.ts';
import { needsOnboarding } from '../domain/onboarding.rules.ts';
import {
  homePathFor,
  isCompanyDomainEmail,
  isStaffUser,
  navigationFor,
  resolvePrimaryRole,
  roleFlags,
  type NavItem,
  type Role,
  type RoleLookup,
} from '../domain/role.resolution.ts';
import type { AccessClaims } from '../session/access-token.issuer.ts';

export interface Profile {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: Role | null;
  orgId: string | null;
  organization: { id: string; name: string; subdomain: string | null } | null;
  emailVerified: boolean;
  companyDomain: boolean;
  staffUser: boolean;
  roleFlags: { isAdmin: boolean; isPastor: boolean; isStaff: boolean; isAdminOrPastor: boolean; isAdminOrPastorOrStaff: boolean };
  navigation: NavItem[];
  homePath: string;
  needsOnboarding: boolean;
}

/** The spec's role lookup: custom roles, then the users-table role; a failed read gives no role. */
export async function lookupRole(db: Db, userId: string): Promise<RoleLookup> {
  try {
    const [custom, user] = await Promise.all([
      db.selectFrom('custom_user_roles').select('role').where('user_id', '=', userId).execute(),
      db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst(),
    ]);
    return { ok: true, customRoles: custom.map((r) => r.role), userRole: user?.role ?? null };
  } catch {
    return { ok: false };
  }
}

export async function loadProfile(db: Db, userId: string, companyDomains: readonly string[]): Promise<{ profile: Profile; claims: AccessClaims; active: boolean } | null> {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.phone', 'u.org_id', 'u.email_verified_at', 'u.token_version', 'u.status', 'o.name as org_name', 'o.subdomain as org_subdomain'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const [lookup, staffRows, flags] = await Promise.all([
    lookupRole(db, userId),
    db.selectFrom('staff_users').select(['email', 'status']).where((eb) => eb(eb.fn('lower', ['email']), '=', user.email.toLowerCase())).execute(),
    readFlags(db, user.org_id),
  ]);
  const role = resolvePrimaryRole(lookup);
  // Only a confirmed address counts as proof of belonging to the company domain.
  const companyDomain = user.email_verified_at !== null && isCompanyDomainEmail(user.email, companyDomains);
  const staffUser = user.email_verified_at !== null && isStaffUser(user.email, staffRows);
  const { role: _role, ...flagsOfRole } = roleFlags(role);
  const profile: Profile = {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    phone: user.phone,
    role,
    orgId: user.org_id,
    organization: user.org_id && user.org_name ? { id: user.org_id, name: user.org_name, subdomain: user.org_subdomain ?? null } : null,
    emailVerified: user.email_verified_at !== null,
    companyDomain,
    staffUser,
    roleFlags: flagsOfRole,
    navigation: navigationFor({ role, companyDomain, staffUser, staffConsoleEnabled: flags.features_staff_console_enabled === true }),
    homePath: homePathFor(role),
    needsOnboarding: needsOnboarding({ orgId: user.org_id, firstName: user.first_name, lastName: user.last_name }, ''),
  };
  return { profile, claims: { sub: user.id, org: user.org_id, role, email: user.email, staff: staffUser, cd: companyDomain, tv: user.token_version }, active: user.status === 'active' };
}
