// Data the signup form loads: the invite (when ?invite= is present), the public organization list
// (join mode), and the debounced organization-domain check (create mode, 600 ms).
import { useEffect, useState } from 'react';
import { ApiError, identity } from '@lectern/shell-kit';
import type { InviteSummary, PublicOrganization } from '@lectern/shell-kit';
import { isValidEmail, MESSAGES } from './auth.rules.ts';

export type InviteState = { status: 'none' } | { status: 'loading' } | { status: 'valid'; invite: InviteSummary } | { status: 'invalid'; message: string };

export function useInvite(inviteId: string | null): InviteState {
  const [state, setState] = useState<InviteState>(inviteId ? { status: 'loading' } : { status: 'none' });
  useEffect(() => {
    if (!inviteId) return setState({ status: 'none' });
    let live = true;
    setState({ status: 'loading' });
    identity.invite(inviteId).then(
      (invite) => live && setState({ status: 'valid', invite }),
      (error: unknown) =>
        live &&
        setState({
          status: 'invalid',
          message: error instanceof ApiError && (error.status === 404 || error.status === 400) ? MESSAGES.invalidInvite : MESSAGES.inviteCheckFailed,
        }),
    );
    return () => {
      live = false;
    };
  }, [inviteId]);
  return state;
}

export type OrganizationsState = { status: 'loading' } | { status: 'loaded'; items: PublicOrganization[] } | { status: 'failed' };

export function useOrganizations(enabled: boolean): OrganizationsState {
  const [state, setState] = useState<OrganizationsState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    identity.publicOrganizations().then(
      (body) => live && setState({ status: 'loaded', items: body.items }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}

export const DOMAIN_CHECK_DEBOUNCE_MS = 600;

/** The blocking message for the e-mail's domain, or null (create mode only). */
export function useDomainCheck(email: string, enabled: boolean): string | null {
  const [blocked, setBlocked] = useState<string | null>(null);
  useEffect(() => {
    setBlocked(null);
    if (!enabled || !isValidEmail(email)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      identity.domainCheck(email.trim(), controller.signal).then(
        (answer) => setBlocked(answer.blocked ? answer.message : null),
        () => {
          // The server checks again on submit; a failed lookup does not block the form.
        },
      );
    }, DOMAIN_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email, enabled]);
  return blocked;
}
