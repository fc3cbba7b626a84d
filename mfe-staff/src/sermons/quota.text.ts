// The quota line and the limit message (spec 000 §2, §8).
import { formatLongDate, parseDate } from './sermon.format.ts';
import type { QuotaUsage } from './sermon.types.ts';

/** 'December 1, 2026' in UTC: resets_at is the start of a UTC calendar month. */
function resetDate(resetsAt: string | null | undefined): string | null {
  const date = parseDate(resetsAt);
  if (!date) return null;
  return formatLongDate(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function quotaReachedMessage(resetsAt: string | null | undefined): string {
  const date = resetDate(resetsAt);
  return date
    ? `Upload limit reached for this cycle. Resets on ${date}.`
    : 'Upload limit reached for this cycle. Resets on the next cycle.';
}

/** '3 of 12 uploads used this cycle · Resets on December 1, 2026'. */
export function quotaLine(quota: QuotaUsage): string {
  const date = resetDate(quota.resets_at);
  return `${quota.used} of ${quota.quota_limit} uploads used this cycle${date ? ` · Resets on ${date}` : ''}`;
}
