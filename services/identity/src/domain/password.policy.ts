// Signup password rules (spec 001 §5, §9): the checklist the signup page shows, the messages it
// uses, and a refusal of common/leaked passwords (the helper text asks to avoid them).
import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  helper:
    'Password must be at least 8 characters and include lowercase, uppercase, and a digit. Avoid leaked/common passwords.',
  meetsRequirements: 'Password meets requirements.',
  submitRefused: 'Please meet the password requirements.',
  // Not quoted by the spec (it only says "Avoid leaked/common passwords."): Lectern's wording.
  common: 'This password is too common or has appeared in a data breach. Please choose a different one.',
} as const;

export type PasswordRuleId = 'length' | 'lowercase' | 'uppercase' | 'digit';

export interface PasswordRule {
  id: PasswordRuleId;
  /** The checklist line the signup page shows, exactly as the spec quotes it. */
  label: string;
  test: (password: string) => boolean;
}

// Character classes are Unicode-aware so "É" counts as uppercase and "é" as lowercase;
// length counts code points, not UTF-16 units, so an emoji is one character.
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: 'At least 8 characters', test: (p) => [...p].length >= MIN_PASSWORD_LENGTH },
  { id: 'lowercase', label: 'At least one lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'uppercase', label: 'At least one uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'digit', label: 'At least one digit', test: (p) => /\p{Nd}/u.test(p) },
];

export interface ChecklistItem {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

/** The strength checklist, one item per rule, in the order the page shows them. */
export function passwordChecklist(password: string): ChecklistItem[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/** True when every checklist rule holds (the client-side "valid password" of the spec). */
export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

// 49k most common passwords from public breach corpora (zxcvbn-ts "passwords-common", MIT).
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** Number of entries in the shipped common-password list (for tests and diagnostics). */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

// The rules force an upper-case letter and a digit, so a list word passes them as
// "Password1" or "Sunshine2024!": also test the password with its case folded and with
// trailing digits/symbols removed. A base shorter than 4 characters is too short to be a
// meaningful match ("Ab" + random digits stays allowed).
const TRAILING_NOISE = /[\p{Nd}\p{P}\p{S}\s]+$/u;
const LEADING_NOISE = /^[\p{Nd}\p{P}\p{S}\s]+/u;
const MIN_BASE_LENGTH = 4;

/** True when the password (or its obvious decoration of a list word) is on the common list. */
export function isCommonPassword(password: string): boolean {
  const folded = password.normalize('NFKC').toLowerCase();
  if (COMMON_PASSWORDS.has(folded)) return true;
  const bases = new Set([folded.replace(TRAILING_NOISE, ''), folded.replace(LEADING_NOISE, ''), folded.replace(LEADING_NOISE, '').replace(TRAILING_NOISE, '')]);
  for (const base of bases) {
    if (base !== folded && [...base].length >= MIN_BASE_LENGTH && COMMON_PASSWORDS.has(base)) return true;
  }
  return false;
}

export type PasswordVerdict =
  | { ok: true; message: typeof PASSWORD_MESSAGES.meetsRequirements; checklist: ChecklistItem[] }
  | { ok: false; reason: 'rules' | 'common'; message: string; checklist: ChecklistItem[] };

/**
 * The server's decision on a new password: the four rules first (answered with the spec's
 * submit message and the failing checklist), then the common-password refusal.
 */
export function evaluatePassword(password: string): PasswordVerdict {
  const checklist = passwordChecklist(password);
  if (checklist.some((item) => !item.met)) {
    return { ok: false, reason: 'rules', message: PASSWORD_MESSAGES.submitRefused, checklist };
  }
  if (isCommonPassword(password)) {
    return { ok: false, reason: 'common', message: PASSWORD_MESSAGES.common, checklist };
  }
  return { ok: true, message: PASSWORD_MESSAGES.meetsRequirements, checklist };
}
