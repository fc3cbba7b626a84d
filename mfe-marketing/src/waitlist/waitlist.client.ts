// identity's waitlist routes (spec 001 §7 waitlist-signup, waitlist-confirm).
import { api } from '@lectern/shell-kit';
import { WAITLIST_SOURCE } from './waitlist.rules.ts';

export const waitlistApi = {
  join: (email: string) => api.post<{ message: string; email: string }>('/api/identity/waitlist', { email, source: WAITLIST_SOURCE }),
  confirm: (token: string) => api.get<{ status: 'confirmed' | 'already_confirmed' }>(`/api/identity/waitlist/confirm?token=${encodeURIComponent(token)}`),
};
