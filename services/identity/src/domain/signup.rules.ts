// Signup rules (spec 001 §2 Signup, §4 flows, §5, §6, §8, §9): query defaults, field checks,
// e-mail and subdomain rules, the organization-domain check, join-mode organization choice
// and the role a new user gets. Lookups (is the e-mail taken, who owns the subdomain…) are
// done by the caller and passed in, so every rule here is pure.
import { meetsPasswordRules } from './password.policy.ts';
import { emailDomain, type Role } from './role.resolution.ts';

export const SIGNUP_MESSAGES = {
  invalidEmail: 'Enter a valid email address',
  captchaRequired: 'Please complete the captcha verification.',
  passwordRequirements: 'Please meet the password requirements.',
  subdomainTaken: 'This subdomain is already taken. Please choose a different one.',
  domainHasOrganization:
    'An organization account already exists for this domain. Please contact your organization administrator to be added as a user.',
  domainHasOrganizationOffer: 'An organization already exists for this domain. Please join instead.',
  domainHasOrganizationOnCreate: 'Cannot create account - organization already exists for this domain',
  selectOrganization: 'Please select a valid organization from the list.',
  organizationListUnavailable: 'Unable to load organization list. You can still join by entering your organization details manually.',
  emailTaken: 'An account with this email already exists. Please try logging in instead.',
  registered: 'Registration successful! Please check your email.',
  createOrganizationAccountFailed: 'Failed to create organization account',
  createOrganizationFailed: 'Failed to create organization. Please try again.',
  createAccountFailed: 'Failed to create account',
  databaseError: 'Database error during account creation. This is likely a database configuration issue. Please contact support.',
  signUpFailed: 'Failed to sign up',
} as const;

// Not quoted by the spec (it lists the required fields only): Lectern's wording.
export const REQUIRED_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  email: 'Email is required.',
  password: 'Password is required.',
  organizationName: 'Organization name is required.',
  subdomain: 'Subdomain is required.',
} as const;

export const SUBDOMAIN_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;

export const PLANS = ['standard', 'premium'] as const;
export const INTERVALS = ['monthly', 'annual'] as const;
export const SIGNUP_MODES = ['create', 'join'] as const;
export type Plan = (typeof PLANS)[number];
export type BillingInterval = (typeof INTERVALS)[number];
export type SignupMode = (typeof SIGNUP_MODES)[number];

export interface SignupQuery {
  plan: Plan;
  interval: BillingInterval;
  mode: SignupMode;
  email: string | null;
  inviteId: string | null;
}

const pick = <T extends string>(allowed: readonly T[], value: string | null | undefined, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * /signup query: plan (standard|premium, default standard), interval (monthly|annual, default
 * monthly), mode (create|join), email prefill, invite id. An invite always means join mode; a
 * missing or unknown mode means create (the pricing and "Create new account" entry points).
 */
export function parseSignupQuery(query: URLSearchParams): SignupQuery {
  const inviteId = query.get('invite')?.trim() || null;
  return {
    plan: pick(PLANS, query.get('plan'), 'standard'),
    interval: pick(INTERVALS, query.get('interval'), 'monthly'),
    mode: inviteId ? 'join' : pick(SIGNUP_MODES, query.get('mode'), 'create'),
    email: query.get('email')?.trim() || null,
    inviteId,
  };
}

/** Trimmed and lower-cased: the form e-mails are stored and compared in. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

// A pragmatic address check: one local part, a domain with a dot and no empty labels, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const DOMAIN = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)(\.(?!-)[\p{L}\p{N}-]{1,63}(?<!-))+$/u;

export function isValidEmail(email: string): boolean {
  const value = email.trim();
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL.test(value)) return false;
  const domain = emailDomain(value);
  return domain !== null && DOMAIN.test(domain);
}

/**
 * Subdomain from the organization name: lower case, accents folded ("Église" → "eglise"), runs
 * of other characters become one hyphen, no leading/trailing hyphen, at most 30 characters
 * (trimmed again after cutting, so it never ends in a hyphen).
 */
export function deriveSubdomain(organizationName: string): string {
  return organizationName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** A subdomain as the server accepts it (what deriveSubdomain produces from a sensible name). */
export const isValidSubdomain = (subdomain: string): boolean =>
  subdomain.length <= SUBDOMAIN_MAX_LENGTH && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(subdomain);

export interface SignupForm {
  mode: SignupMode;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  password: string;
  captchaToken?: string | null;
  /** Create mode. */
  organizationName?: string | null;
  /** Join mode (chosen from the list, or typed when the list cannot load). */
  organizationId?: string | null;
  /** Join through an invite: e-mail, organization and role then come from the invite. */
  inviteId?: string | null;
}

export type SignupField = 'firstName' | 'lastName' | 'email' | 'password' | 'captchaToken' | 'organizationName' | 'organizationId';
export type FieldErrors = Partial<Record<SignupField, string>>;

export interface ValidSignup {
  mode: SignupMode;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  password: string;
  organizationName: string | null;
  subdomain: string | null;
  organizationId: string | null;
  inviteId: string | null;
}

export type SignupValidation = { ok: true; value: ValidSignup } | { ok: false; errors: FieldErrors; message: string };

const FIELD_ORDER: readonly SignupField[] = ['organizationName', 'organizationId', 'firstName', 'lastName', 'email', 'password', 'captchaToken'];

/**
 * Step 1 of signup in either mode: required fields, e-mail shape, password rules, captcha
 * token present, and the organization (name in create mode, a chosen id in join mode without
 * an invite). Errors come per field plus the first one as `message`.
 */
export function validateSignupForm(form: SignupForm): SignupValidation {
  const errors: FieldErrors = {};
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  const email = normaliseEmail(form.email);
  const inviteId = form.inviteId?.trim() || null;
  const organizationName = form.organizationName?.trim() || null;
  const organizationId = form.organizationId?.trim() || null;
  const subdomain = organizationName ? deriveSubdomain(organizationName) : null;

  if (form.mode === 'create') {
    if (!organizationName) errors.organizationName = REQUIRED_MESSAGES.organizationName;
    else if (!subdomain) errors.organizationName = REQUIRED_MESSAGES.subdomain;
  } else if (!inviteId && !organizationId) {
    errors.organizationId = SIGNUP_MESSAGES.selectOrganization;
  }
  if (!firstName) errors.firstName = REQUIRED_MESSAGES.firstName;
  if (!lastName) errors.lastName = REQUIRED_MESSAGES.lastName;
  // With an invite the e-mail is the invite's; the form's value is ignored (see applyInvite).
  if (!inviteId) {
    if (!email) errors.email = REQUIRED_MESSAGES.email;
    else if (!isValidEmail(email)) errors.email = SIGNUP_MESSAGES.invalidEmail;
  }
  if (!form.password) errors.password = REQUIRED_MESSAGES.password;
  else if (!meetsPasswordRules(form.password)) errors.password = SIGNUP_MESSAGES.passwordRequirements;
  if (!form.captchaToken) errors.captchaToken = SIGNUP_MESSAGES.captchaRequired;

  const first = FIELD_ORDER.find((field) => errors[field] !== undefined);
  if (first) return { ok: false, errors, message: errors[first]! };
  return {
    ok: true,
    value: {
      mode: form.mode,
      firstName,
      lastName,
      email,
      phone: form.phone?.trim() || null,
      password: form.password,
      organizationName: form.mode === 'create' ? organizationName : null,
      subdomain: form.mode === 'create' ? subdomain : null,
      organizationId: form.mode === 'join' && !inviteId ? organizationId : null,
      inviteId: form.mode === 'join' ? inviteId : null,
    },
  };
}

/**
 * Public mailbox providers: many unrelated churches sign up with them, so such a domain is
 * neither recorded on an organization nor checked (an extension of the spec's two exempt
 * company domains; see the identity report).
 */
export const SHARED_MAILBOX_DOMAINS: readonly string[] = [
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com',
  'ymail.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com',
  'gmx.com', 'gmx.net', 'mail.com', 'zoho.com', 'fastmail.com', 'hey.com', 'comcast.net', 'att.net',
];

/** True when a domain is never tied to one organization: a company domain or a shared mailbox domain. */
export function isExemptDomain(domain: string, companyDomains: readonly string[]): boolean {
  const d = domain.toLowerCase();
  return companyDomains.some((c) => c.trim().toLowerCase() === d) || SHARED_MAILBOX_DOMAINS.includes(d);
}

/** The domain to record on a new organization: the creator's e-mail domain unless exempt. */
export function organizationDomainFor(email: string, companyDomains: readonly string[]): string | null {
  const domain = emailDomain(email);
  return domain && !isExemptDomain(domain, companyDomains) ? domain : null;
}

export type DomainCheckVariant = 'signup' | 'offer' | 'create';

/**
 * Create mode: an organization already holding the e-mail's domain blocks signup (exempt
 * domains never do). Returns the message to show, or null to continue. `signup` is the form's
 * live check, `offer` the special-offer form's, `create` the server's refusal at creation.
 */
export function domainCheck(
  email: string,
  existingOrganizationForDomain: { id: string } | null,
  companyDomains: readonly string[],
  variant: DomainCheckVariant = 'signup',
): string | null {
  const domain = emailDomain(email);
  if (!domain || isExemptDomain(domain, companyDomains) || !existingOrganizationForDomain) return null;
  if (variant === 'offer') return SIGNUP_MESSAGES.domainHasOrganizationOffer;
  if (variant === 'create') return SIGNUP_MESSAGES.domainHasOrganizationOnCreate;
  return SIGNUP_MESSAGES.domainHasOrganization;
}

/** The organization holding a subdomain, with the signup (lead) that created it. */
export interface SubdomainHolder {
  organizationId: string;
  leadEmail: string | null;
  leadStatus: 'initiated' | 'converted' | null;
}

export type SubdomainDecision = { kind: 'create' } | { kind: 'reuse'; organizationId: string } | { kind: 'taken'; message: string };

/**
 * The create flow "creates the organization, or reuses it by subdomain": reuse is only for the
 * same person's unfinished signup (lead initiated with the same e-mail, e.g. a payment retried);
 * any other holder means the subdomain is taken.
 */
export function decideSubdomain(email: string, holder: SubdomainHolder | null): SubdomainDecision {
  if (!holder) return { kind: 'create' };
  const sameUnfinishedSignup =
    holder.leadStatus === 'initiated' && holder.leadEmail !== null && normaliseEmail(holder.leadEmail) === normaliseEmail(email);
  return sameUnfinishedSignup ? { kind: 'reuse', organizationId: holder.organizationId } : { kind: 'taken', message: SIGNUP_MESSAGES.subdomainTaken };
}

/** Join mode without an invite: the chosen (or typed) id must name an existing organization. */
export function resolveJoinOrganization(organizationId: string | null, found: { id: string; name: string } | null): { ok: true; organizationId: string } | { ok: false; message: string } {
  if (!organizationId || !found || found.id !== organizationId) return { ok: false, message: SIGNUP_MESSAGES.selectOrganization };
  return { ok: true, organizationId };
}

/** An existing account with this e-mail refuses signup. */
export const emailTakenMessage = (taken: boolean): string | null => (taken ? SIGNUP_MESSAGES.emailTaken : null);

/** Spec 001 §6: a creator gets ADMIN, an invited user the invite's role, anyone else joining MEMBER. */
export function roleForNewUser(mode: SignupMode, inviteRole: Role | null): Role {
  if (mode === 'create') return 'ADMIN';
  return inviteRole ?? 'MEMBER';
}

/** Where each flow ends: create → payment (step 2), join → /verify-email. */
export const nextStepAfterSignup = (mode: SignupMode): 'payment' | '/verify-email' => (mode === 'create' ? 'payment' : '/verify-email');

/** Organization defaults on creation (spec 001 §3, §9). */
export const NEW_ORGANIZATION_DEFAULTS = { activeSeatCount: 1, billingInterval: 'monthly' as BillingInterval, plan: 'standard' as Plan };
