// Signup rules and messages the browser checks before sending (spec 001 §5). The identity service
// checks every one of them again (services/identity/src/domain/signup.rules.ts); the wording of
// the "required" messages is the service's, so the browser and the server say the same thing.

export const PASSWORD_RULES = [
  { label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { label: 'At least one lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'At least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'At least one digit', test: (p: string) => /[0-9]/.test(p) },
] as const;

export const PASSWORD_HELPER = 'Password must be at least 8 characters and include lowercase, uppercase, and a digit. Avoid leaked/common passwords.';
export const PASSWORD_OK = 'Password meets requirements.';

export const passwordChecks = (password: string) => PASSWORD_RULES.map((rule) => ({ label: rule.label, met: rule.test(password) }));
export const meetsPasswordRules = (password: string): boolean => PASSWORD_RULES.every((rule) => rule.test(password));

export const MESSAGES = {
  invalidEmail: 'Enter a valid email address',
  captchaRequired: 'Please complete the captcha verification.',
  passwordRequirements: 'Please meet the password requirements.',
  selectOrganization: 'Please select a valid organization from the list.',
  organizationListUnavailable: 'Unable to load organization list. You can still join by entering your organization details manually.',
  invalidInvite: 'Invalid or expired invite link. Please contact your administrator.',
  inviteCheckFailed: 'Failed to validate invite. Please contact your administrator.',
  registered: 'Registration successful! Please check your email.',
  signUpFailed: 'Failed to sign up',
  createAccountFailed: 'Failed to create account',
  createOrganizationAccountFailed: 'Failed to create organization account',
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  email: 'Email is required.',
  password: 'Password is required.',
  organizationName: 'Organization name is required.',
  subdomain: 'Subdomain is required.',
} as const;

export const SUBDOMAIN_MAX_LENGTH = 30;

/** Lower case, accents folded, runs of other characters → one hyphen, trimmed, at most 30. */
export function deriveSubdomain(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** An address with a domain (spec 001 §5: 'Enter a valid email address'). */
export function isValidEmail(email: string): boolean {
  const value = email.trim();
  if (value.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(value)) return false;
  const domain = value.slice(value.lastIndexOf('@') + 1);
  return /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)(\.(?!-)[\p{L}\p{N}-]{1,63}(?<!-))+$/u.test(domain);
}

export type SignupField = 'organizationName' | 'organizationId' | 'firstName' | 'lastName' | 'email' | 'password' | 'captcha';
export type FieldErrors = Partial<Record<SignupField, string>>;

export interface SignupDraft {
  mode: 'join' | 'create';
  invite: boolean;
  organizationName: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  captcha: string | null;
}

/** The same checks, order and messages as the service's validateSignupForm. */
export function validateSignup(draft: SignupDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.mode === 'create') {
    if (!draft.organizationName.trim()) errors.organizationName = MESSAGES.organizationName;
    else if (!deriveSubdomain(draft.organizationName)) errors.organizationName = MESSAGES.subdomain;
  } else if (!draft.invite && !draft.organizationId.trim()) {
    errors.organizationId = MESSAGES.selectOrganization;
  }
  if (!draft.firstName.trim()) errors.firstName = MESSAGES.firstName;
  if (!draft.lastName.trim()) errors.lastName = MESSAGES.lastName;
  if (!draft.invite) {
    if (!draft.email.trim()) errors.email = MESSAGES.email;
    else if (!isValidEmail(draft.email)) errors.email = MESSAGES.invalidEmail;
  }
  if (!draft.password) errors.password = MESSAGES.password;
  else if (!meetsPasswordRules(draft.password)) errors.password = MESSAGES.passwordRequirements;
  if (!draft.captcha) errors.captcha = MESSAGES.captchaRequired;
  return errors;
}
