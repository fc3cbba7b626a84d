// Small wording helpers shared by the templates.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The spec's date format, `MMM d, yyyy` (UTC). */
export function formatDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const ROLE_LABELS: Record<string, string> = { ADMIN: 'an administrator', PASTOR: 'a pastor', STAFF: 'a staff member', MEMBER: 'a member', VOLUNTEER: 'a volunteer' };

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role.toLowerCase();
}

/** "works for 30 minutes" / "works for 24 hours" / "works for 7 days" / "works until Nov 29, 2026" */
export function describeValidity(issuedAt: Date, expiresAt: Date): string {
  const minutes = Math.round((expiresAt.getTime() - issuedAt.getTime()) / 60_000);
  if (minutes >= 1 && minutes < 60) return `works for ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  if (hours >= 1 && hours < 48) return `works for ${hours} hour${hours === 1 ? '' : 's'}`;
  if (hours >= 48 && hours % 24 === 0) return `works for ${hours / 24} days`;
  return `works until ${formatDate(expiresAt)}`;
}
