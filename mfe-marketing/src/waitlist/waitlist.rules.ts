// The waitlist as the browser sees it (spec 001 §2, §4, §5, §8): the e-mail form's rule and the
// confirm page's views.
import { ApiError } from '@lectern/shell-kit';

export const WAITLIST_SOURCE = 'marketing-landing';

export const WAITLIST_TEXTS = {
  // Not quoted by the spec: Lectern's wording.
  emailRequired: 'Email is required.',
  failed: 'We could not add you to the waiting list. Please try again.',
  supportEmail: 'support@lectern.app',
} as const;

/** Spec 001 §5: the e-mail must be non-empty after trimming (the server checks the rest). */
export function waitlistEmailError(raw: string): string | null {
  return raw.trim() ? null : WAITLIST_TEXTS.emailRequired;
}

export type ConfirmView = 'loading' | 'confirmed' | 'already_confirmed' | 'expired' | 'error';

/** The confirm call's answer → the view: 'Token expired' → expired; any other failure → error. */
export function confirmViewOf(outcome: { status: string } | unknown): Exclude<ConfirmView, 'loading'> {
  if (outcome instanceof ApiError) return outcome.detail === 'Token expired' ? 'expired' : 'error';
  const status = (outcome as { status?: unknown } | null)?.status;
  if (status === 'already_confirmed') return 'already_confirmed';
  if (status === 'confirmed') return 'confirmed';
  return 'error';
}

/** The server's message for a refused signup (bad address, already on the list, too many tries). */
export function joinErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.detail ? error.detail : WAITLIST_TEXTS.failed;
}
