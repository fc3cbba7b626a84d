// Identity's errors: the kit's AppError with a stable `reason` (API.md) and the spec's message as detail.
import { AppError, ErrorCode } from '@lectern/service-kit';

export function identityError(code: ErrorCode, reason: string, detail: string, extensions: Record<string, unknown> = {}): AppError {
  return new AppError(code, { detail, extensions: { reason, ...extensions } });
}

/** A form refusal: every field's message, the first one (in form order) as the detail. */
export function formError(fieldErrors: Record<string, string | undefined>, order: readonly string[], reason = 'invalid_form'): AppError {
  const present = Object.fromEntries(Object.entries(fieldErrors).filter(([, m]) => m !== undefined)) as Record<string, string>;
  const first = order.find((f) => present[f] !== undefined) ?? Object.keys(present)[0]!;
  return identityError(ErrorCode.VALIDATION_FAILED, reason, present[first]!, { fieldErrors: present });
}
