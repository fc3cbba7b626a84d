// Pure rules of the Organization Settings section (spec 001 §2 Settings, §4, §9).

/** Subscription status labels (spec 001 §4). */
export function statusLabel(status: string | null | undefined): string {
  const labels: Record<string, string> = { active: 'ACTIVE', trialing: 'TRIAL', past_due: 'PAST DUE', canceled: 'CANCELED', unpaid: 'UNPAID', incomplete: 'INCOMPLETE', incomplete_expired: 'EXPIRED' };
  if (!status) return 'UNKNOWN';
  return labels[status] ?? status.toUpperCase();
}

/** The settings price catalogue by product code (spec 001 §9). */
export const PLAN_CATALOGUE: Record<string, string> = {
  SEED_MONTHLY: 'Standard — $297/month',
  SEED_YEARLY: 'Standard — $1188/year ($99/month)',
  PREMIUM_MONTHLY: 'Premium — $497/month',
  PREMIUM_YEARLY: 'Premium — $3564/year ($297/month)',
  COTR_SPECIAL_YEARLY: 'Premium — $3564/year ($297/month)',
};

export const PLAN_WARNING = '⚠️ (Contact support if this seems incorrect)';

/** The plan line: the catalogue entry of the price, else the plan name with the warning. */
export function planDisplay(productCode: string | null | undefined, planId: string | null | undefined): { text: string; warning: boolean } {
  const known = productCode ? PLAN_CATALOGUE[productCode] : undefined;
  if (known) return { text: known, warning: false };
  const name = planId === 'premium' ? 'Premium' : planId === 'standard' ? 'Standard' : 'No plan';
  return { text: name, warning: true };
}

/** Trialing shows Trial Ends; others Renews On, or Cancels On with WILL CANCEL. */
export function dateLine(org: { subscriptionStatus: string | null; cancelAtPeriodEnd: boolean; trialEndsAt: string | null; renewalAt: string | null }): { label: string; date: string | null; willCancel: boolean } {
  if (org.subscriptionStatus === 'trialing') return { label: 'Trial Ends', date: org.trialEndsAt, willCancel: false };
  if (org.cancelAtPeriodEnd) return { label: 'Cancels On', date: org.renewalAt, willCancel: true };
  return { label: 'Renews On', date: org.renewalAt, willCancel: false };
}

export const formatDate = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '—';

export const seatsDisplay = (used: number, total = 4): string => `${used} / ${total}`;
