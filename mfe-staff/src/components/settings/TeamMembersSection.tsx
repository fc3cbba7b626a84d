import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorPanel, showToast, Spinner, useSession } from '@lectern/shell-kit';
import { EditField, ItemList, Row } from '../form.styles.ts';
import { messageOf, showFailure, useResource } from '../../hooks/useResource.ts';
import { settingsApi, type PendingInvite } from '../../settings/settings.client.ts';
import { canManageInvites, DEFAULT_INVITE_ROLE, INVITE_ROLES, isExpired, seatsLine, SETTINGS_MESSAGES } from '../../settings/settings.rules.ts';

// The settings lists' row style, with rows that wrap (a member's name, role badge and actions).
const List = styled(ItemList)`
  margin: 0;
  li { flex-wrap: wrap; }
`;

const Badge = styled.span`
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.03em;
  padding: 0.15em 0.6em;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.ink};
`;

const ExpiredMark = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;

const Seats = styled.p`
  margin: 0;
  font-weight: 600;
`;

const SubTitle = styled.h3`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: 1rem;
  margin: 0.5rem 0 0;
`;

const InviteForm = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  gap: 0.75rem;
  align-items: end;
  select {
    font: inherit;
    padding: 0.55em 0.7em;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  @media (max-width: 560px) {
    grid-template-columns: 1fr;
  }
`;

/** Team members, seats, invite form and pending invites (spec 001 §2 Team members and invites). */
export function TeamMembersSection() {
  const role = useSession((state) => state.user?.role ?? null);
  const manager = canManageInvites(role);
  const team = useResource('team', () => settingsApi.team());
  const invites = useResource(manager ? 'invites' : null, () => settingsApi.invites());
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<'STAFF' | 'PASTOR'>(DEFAULT_INVITE_ROLE);
  const [sending, setSending] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // Invites that lapse while the page is open turn red.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const sendInvite = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const result = await settingsApi.invite({ email, role: inviteRole });
      showToast({ kind: 'success', title: result.message });
      setEmail('');
      setInviteRole(DEFAULT_INVITE_ROLE);
      invites.set((current) => ({ items: [result.invite, ...(current?.items ?? [])] }));
    } catch (error) {
      showFailure(SETTINGS_MESSAGES.createInviteFailed, error);
    } finally {
      setSending(false);
    }
  };

  const copyLink = async (invite: PendingInvite) => {
    try {
      await navigator.clipboard.writeText(invite.link);
      showToast({ kind: 'success', title: SETTINGS_MESSAGES.linkCopied });
    } catch {
      showToast({ kind: 'info', title: 'Copy this invite link', message: invite.link });
    }
  };

  const revoke = async (invite: PendingInvite) => {
    try {
      const result = await settingsApi.revokeInvite(invite.id);
      showToast({ kind: 'success', title: result.message });
      invites.set((current) => ({ items: (current?.items ?? []).filter((i) => i.id !== invite.id) }));
    } catch (error) {
      showFailure(SETTINGS_MESSAGES.revokeFailed, error);
    }
  };

  return (
    <>
      {team.loading && !team.data && <Spinner label="Loading team members…" />}
      {team.error && <ErrorPanel title={SETTINGS_MESSAGES.fetchUsersFailed} message={messageOf(team.error, SETTINGS_MESSAGES.fetchUsersFailed)} onRetry={team.reload} />}
      {team.data && (
        <>
          <Seats data-testid="seats">{seatsLine(team.data.seats.used, team.data.seats.total)}</Seats>
          <List aria-label="Team members">
            {team.data.items.map((member) => (
              <li key={member.id}>
                <span>{member.email}</span>
                <Badge>{member.role}</Badge>
              </li>
            ))}
          </List>
        </>
      )}
      {manager && (
        <>
          <SubTitle>Invite a team member</SubTitle>
          <InviteForm onSubmit={sendInvite} aria-label="Invite a team member">
            <EditField>
              Email
              <input type="email" name="inviteEmail" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
            </EditField>
            <EditField>
              Role
              <select name="inviteRole" value={inviteRole} onChange={(e) => setInviteRole(e.target.value as 'STAFF' | 'PASTOR')}>
                {INVITE_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </EditField>
            <Button type="submit" disabled={sending || !email.trim()}>
              {sending ? 'Sending…' : 'Send Invite'}
            </Button>
          </InviteForm>
          <SubTitle>Pending invites</SubTitle>
          {invites.error && <ErrorPanel title={SETTINGS_MESSAGES.fetchInvitesFailed} message={messageOf(invites.error, SETTINGS_MESSAGES.fetchInvitesFailed)} onRetry={invites.reload} />}
          {invites.data && invites.data.items.length === 0 && <p>No pending invites.</p>}
          {invites.data && invites.data.items.length > 0 && (
            <List aria-label="Pending invites">
              {invites.data.items.map((invite) => (
                <li key={invite.id}>
                  <span>
                    {invite.email} <Badge>{invite.role}</Badge> {isExpired(invite, now) && <ExpiredMark>{SETTINGS_MESSAGES.expired}</ExpiredMark>}
                  </span>
                  <Row>
                    <Button type="button" $variant="secondary" onClick={() => void copyLink(invite)} aria-label={`Copy link for ${invite.email}`}>
                      Copy link
                    </Button>
                    <Button type="button" $variant="ghost" onClick={() => void revoke(invite)} aria-label={`Revoke invite for ${invite.email}`}>
                      Revoke
                    </Button>
                  </Row>
                </li>
              ))}
            </List>
          )}
        </>
      )}
    </>
  );
}
