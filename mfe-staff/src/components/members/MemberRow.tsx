import styled from 'styled-components';
import { PageCard } from '../../pages/staff.styles.ts';
import type { Member, MemberRole, MemberStatus } from '../../members/members.client.ts';
import { displayName, joinedLabel } from '../../members/member.format.ts';

const Card = styled(PageCard).attrs({ as: 'li' })`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.75rem 1rem;
  align-items: center;
  padding: 1rem 1.25rem;
  @media (max-width: 640px) {
    grid-template-columns: 1fr;
  }
`;

const Name = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  align-items: center;
  strong {
    font-size: 1.05rem;
  }
`;

const Details = styled.div`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: 0.92rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  span {
    overflow-wrap: anywhere;
  }
`;

const Badge = styled.span<{ $tone: 'success' | 'muted' | 'accent' }>`
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.03em;
  padding: 0.15em 0.6em;
  border-radius: 999px;
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : $tone === 'accent' ? theme.colors.ink : theme.colors.inkMuted)};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : $tone === 'accent' ? theme.colors.accentSoft : theme.colors.page)};
`;

const Selects = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  select {
    font: inherit;
    padding: 0.4em 0.6em;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/** One member: name, status and role badges, e-mail, phone if present, Joined date, role and status selects. */
export function MemberRow({ member, onChange }: { member: Member; onChange(patch: { role?: MemberRole; status?: MemberStatus }): void }) {
  const name = displayName(member);
  return (
    <Card aria-label={name}>
      <div>
        <Name>
          <strong>{name}</strong>
          <Badge $tone={member.status === 'active' ? 'success' : 'muted'}>{member.status === 'active' ? 'Active' : 'Inactive'}</Badge>
          <Badge $tone="accent">{member.role === 'VOLUNTEER' ? 'Volunteer' : 'Member'}</Badge>
        </Name>
        <Details>
          <span>{member.email}</span>
          {member.phone && <span>{member.phone}</span>}
          <span>{joinedLabel(member.createdAt)}</span>
        </Details>
      </div>
      <Selects>
        <select aria-label={`Role of ${name}`} value={member.role} onChange={(e) => onChange({ role: e.target.value as MemberRole })}>
          <option value="MEMBER">Member</option>
          <option value="VOLUNTEER">Volunteer</option>
        </select>
        <select aria-label={`Status of ${name}`} value={member.status} onChange={(e) => onChange({ status: e.target.value as MemberStatus })}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </Selects>
    </Card>
  );
}
