// Members admin rules (spec 001 §2 Members admin page, §3, §4, §5 Add member form, §8, §9):
// the form's validation, roles and statuses, the list filters, the generated password, and the
// CSV columns shared by export and import.
import { randomInt } from 'node:crypto';
import { isValidEmail, normaliseEmail } from '../domain/signup.rules.ts';
import type { MemberRole, MemberStatus } from '../data/member.table.ts';

export const MEMBER_ROLES: readonly MemberRole[] = ['MEMBER', 'VOLUNTEER'];
export const MEMBER_STATUSES: readonly MemberStatus[] = ['active', 'inactive'];
export const DEFAULT_MEMBER_ROLE: MemberRole = 'MEMBER';

export const MEMBER_MESSAGES = {
  added: 'Member added successfully',
  addFailed: 'Failed to add member',
  roleUpdated: 'Member role updated',
  roleFailed: 'Failed to update member role',
  statusUpdated: 'Member status updated',
  statusFailed: 'Failed to update member status',
  loadFailed: 'Failed to load members',
  // Not quoted by the spec: Lectern's wording.
  emailRequired: 'Email is required.',
  invalidEmail: 'Enter a valid email address',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  invalidRole: 'Role must be MEMBER or VOLUNTEER.',
  invalidStatus: 'Status must be active or inactive.',
  emailTaken: 'A member with this email already exists.',
  accountExists: 'An account with this email already exists. Please try logging in instead.',
  notFound: 'Member not found.',
  importInvalid: 'The file has errors: nothing was imported. Fix the rows listed and import it again.',
  importEmpty: 'The file has no member rows.',
  importTooLarge: (max: number) => `A file may hold at most ${max} members.`,
  importMissingColumns: (missing: string[]) => `The file has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}. The first line must name the columns, as in an export.`,
  imported: (added: number, updated: number) => `Imported ${added + updated} member${added + updated === 1 ? '' : 's'} (${added} added, ${updated} updated).`,
} as const;

export const isMemberRole = (value: unknown): value is MemberRole => MEMBER_ROLES.includes(value as MemberRole);
export const isMemberStatus = (value: unknown): value is MemberStatus => MEMBER_STATUSES.includes(value as MemberStatus);

export interface MemberInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: MemberRole;
  status: MemberStatus;
}

export type MemberField = 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'status';

/** The add-member form (and each imported row): e-mail, first and last name required; phone optional; role MEMBER or VOLUNTEER. */
export function validateMember(raw: { firstName?: string | null; lastName?: string | null; email?: string | null; phone?: string | null; role?: string | null; status?: string | null }):
  | { ok: true; value: MemberInput }
  | { ok: false; errors: Partial<Record<MemberField, string>> } {
  const errors: Partial<Record<MemberField, string>> = {};
  const email = normaliseEmail(raw.email ?? '');
  if (!email) errors.email = MEMBER_MESSAGES.emailRequired;
  else if (!isValidEmail(email)) errors.email = MEMBER_MESSAGES.invalidEmail;
  const firstName = (raw.firstName ?? '').trim();
  const lastName = (raw.lastName ?? '').trim();
  if (!firstName) errors.firstName = MEMBER_MESSAGES.firstNameRequired;
  if (!lastName) errors.lastName = MEMBER_MESSAGES.lastNameRequired;
  const role = (raw.role ?? '').trim().toUpperCase() || DEFAULT_MEMBER_ROLE;
  if (!isMemberRole(role)) errors.role = MEMBER_MESSAGES.invalidRole;
  const status = (raw.status ?? '').trim().toLowerCase() || 'active';
  if (!isMemberStatus(status)) errors.status = MEMBER_MESSAGES.invalidStatus;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const phone = (raw.phone ?? '').trim();
  return { ok: true, value: { firstName, lastName, email, phone: phone || null, role: role as MemberRole, status: status as MemberStatus } };
}

export interface MemberFilters {
  search?: string | undefined;
  role?: MemberRole | undefined;
  status?: MemberStatus | undefined;
}

/** The search box matches name or e-mail, case-insensitively; LIKE wildcards typed by the user are literal. */
export const searchPattern = (search: string): string => `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*-_';
export const GENERATED_PASSWORD_LENGTH = 16;

/**
 * Spec 001 §7, §9: a user added by staff gets a random 16-character password, never shown or
 * sent (they set their own from the e-mailed link). Upper, lower and digit always present.
 */
export function generatedPassword(): string {
  for (;;) {
    const password = Array.from({ length: GENERATED_PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
    if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** CSV columns, in export order; an import needs at least the required ones (any order, case-insensitive). */
export const CSV_COLUMNS = ['first_name', 'last_name', 'email', 'phone', 'role', 'status', 'joined'] as const;
export const CSV_REQUIRED_COLUMNS = ['first_name', 'last_name', 'email'] as const;
export const IMPORT_MAX_ROWS = 5000;
