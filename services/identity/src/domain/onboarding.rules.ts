// Gates and onboarding (spec 000 §2 Gates; 001 §2 Onboarding): where a signed-in user must go,
// and the deprecated "Complete Your Setup" form that creates an organization.
import { isStaffSideRole, type Role } from './role.resolution.ts';
import { REQUIRED_MESSAGES, deriveSubdomain, isValidSubdomain } from './signup.rules.ts';

export const ONBOARDING_PATH = '/onboarding';

export interface ProfileState {
  orgId: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A user with no organization, or with neither first nor last name, goes to /onboarding (not from /onboarding itself). */
export function needsOnboarding(profile: ProfileState, path: string): boolean {
  if (path === ONBOARDING_PATH) return false;
  const hasName = Boolean(profile.firstName?.trim()) || Boolean(profile.lastName?.trim());
  return !profile.orgId || !hasName;
}

/** Staff gate: ADMIN, PASTOR, STAFF pass; anyone else goes to /dashboard. */
export const staffGate = (role: Role | null): { allow: true } | { allow: false; redirect: '/dashboard' } =>
  isStaffSideRole(role) ? { allow: true } : { allow: false, redirect: '/dashboard' };

/** Member gate on the staff dashboard: MEMBER goes to /member/dashboard. */
export const memberGate = (role: Role | null): { allow: true } | { allow: false; redirect: '/member/dashboard' } =>
  role === 'MEMBER' ? { allow: false, redirect: '/member/dashboard' } : { allow: true };

/** Console gate: pending while the flag is unknown; needs the flag and a successful profile probe. */
export function consoleGate(flagEnabled: boolean | undefined, probeSucceeded: boolean | undefined): 'pending' | 'allowed' | 'denied' {
  if (flagEnabled === undefined) return 'pending';
  if (!flagEnabled) return 'denied';
  if (probeSucceeded === undefined) return 'pending';
  return probeSucceeded ? 'allowed' : 'denied';
}

export interface OnboardingForm {
  firstName: string;
  lastName: string;
  organizationName: string;
  subdomain?: string | null;
}

export interface OnboardingPlan {
  firstName: string;
  lastName: string;
  organizationName: string;
  subdomain: string;
  /** The user becomes ADMIN of the new organization. */
  role: 'ADMIN';
  /** The plan label the deprecated onboarding stores (spec 001 §9). */
  planLabel: '$397/month';
  redirect: '/dashboard';
}

export type OnboardingErrors = Partial<Record<keyof OnboardingForm, string>>;

/** First name, last name, organization name and subdomain are all required; the subdomain defaults to the derived one. */
export function validateOnboarding(form: OnboardingForm): { ok: true; value: OnboardingPlan } | { ok: false; errors: OnboardingErrors } {
  const errors: OnboardingErrors = {};
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  const organizationName = form.organizationName.trim();
  const subdomain = form.subdomain?.trim() ? deriveSubdomain(form.subdomain) : deriveSubdomain(organizationName);
  if (!firstName) errors.firstName = REQUIRED_MESSAGES.firstName;
  if (!lastName) errors.lastName = REQUIRED_MESSAGES.lastName;
  if (!organizationName) errors.organizationName = REQUIRED_MESSAGES.organizationName;
  if (!subdomain || !isValidSubdomain(subdomain)) errors.subdomain = REQUIRED_MESSAGES.subdomain;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { firstName, lastName, organizationName, subdomain, role: 'ADMIN', planLabel: '$397/month', redirect: '/dashboard' } };
}
