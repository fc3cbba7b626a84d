// /members (spec 001 §2 Members admin page): header with Export, Import and Add Member; search,
// role and status filters; the count line; rows with badges, Joined date and the role and status
// selects (saved on the server); every empty state and the no-organization state.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, ErrorPanel, PageTitle, Panel, showToast, Spinner, useSession } from '@lectern/shell-kit';
import { Stack } from './staff.styles.ts';
import { messageOf, showFailure, useResource } from '../hooks/useResource.ts';
import { membersApi, LIST_LIMIT, type Member, type MemberFilters, type MemberRole, type MemberStatus } from '../members/members.client.ts';
import { countLine, EMPTY_TEXTS, emptyText, MEMBERS_MESSAGES } from '../members/member.format.ts';
import { AddMemberModal } from '../components/members/AddMemberModal.tsx';
import { ImportMembersDialog } from '../components/members/ImportMembersDialog.tsx';
import { MemberRow } from '../components/members/MemberRow.tsx';

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  flex-wrap: wrap;
`;

const Tools = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

const Filters = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  gap: 0.75rem;
  input,
  select {
    font: inherit;
    padding: 0.55em 0.7em;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    min-width: 0;
  }
  @media (max-width: 640px) {
    grid-template-columns: 1fr 1fr;
    input {
      grid-column: 1 / -1;
    }
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const Count = styled.p`
  margin: 0;
  font-weight: 600;
`;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function downloadCsv(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `members-${new Date().toISOString().slice(0, 10)}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function MembersPage() {
  const hasOrganization = useSession((state) => Boolean(state.user?.orgId));
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<MemberFilters['role']>('');
  const [status, setStatus] = useState<MemberFilters['status']>('');
  const filters: MemberFilters = { search: useDebounced(search, 250), role, status };
  const key = hasOrganization ? JSON.stringify(filters) : null;
  const members = useResource(key, () => membersApi.list(filters));
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [exporting, setExporting] = useState(false);

  if (!hasOrganization) {
    return (
      <Stack>
        <PageTitle>Members</PageTitle>
        <Panel tone="info" title={MEMBERS_MESSAGES.noOrganizationTitle}>
          <p>{MEMBERS_MESSAGES.noOrganizationText}</p>
        </Panel>
      </Stack>
    );
  }

  const replace = (member: Member) =>
    members.set((current) => (current ? { ...current, items: current.items.map((m) => (m.id === member.id ? member : m)) } : current));

  const change = async (member: Member, patch: { role?: MemberRole; status?: MemberStatus }) => {
    try {
      const result = await membersApi.update(member.id, patch);
      replace(result.member);
      showToast({ kind: 'success', title: result.message });
    } catch (error) {
      const title = patch.role ? MEMBERS_MESSAGES.roleFailed : MEMBERS_MESSAGES.statusFailed;
      showFailure(title, error);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadCsv(await membersApi.exportCsv(filters));
    } catch (error) {
      showFailure('Failed to export members', error);
    } finally {
      setExporting(false);
    }
  };

  const data = members.data;
  return (
    <Stack>
      <Head>
        <PageTitle>Members</PageTitle>
        <Tools>
          <Button type="button" $variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export'}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setDialog('import')}>
            Import
          </Button>
          <Button type="button" onClick={() => setDialog('add')}>
            Add Member
          </Button>
        </Tools>
      </Head>
      <Filters>
        <input type="search" aria-label="Search members" placeholder={MEMBERS_MESSAGES.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
        <select aria-label="Role filter" value={role} onChange={(e) => setRole(e.target.value as MemberFilters['role'])}>
          <option value="">All Roles</option>
          <option value="MEMBER">Members</option>
          <option value="VOLUNTEER">Volunteers</option>
        </select>
        <select aria-label="Status filter" value={status} onChange={(e) => setStatus(e.target.value as MemberFilters['status'])}>
          <option value="">All Status</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </Filters>
      {members.error && <ErrorPanel title={MEMBERS_MESSAGES.loadFailed} message={messageOf(members.error, MEMBERS_MESSAGES.loadFailed)} onRetry={members.reload} />}
      {!data && members.loading && <Spinner label="Loading members…" />}
      {data && (
        <>
          <Count data-testid="member-count">
            {countLine(data.total)}
            {data.total > data.items.length && ` (showing the newest ${LIST_LIMIT}: search to find the others)`}
          </Count>
          {data.items.length === 0 ? (
            <Panel title={EMPTY_TEXTS.title}>
              <p>{emptyText(filters)}</p>
            </Panel>
          ) : (
            <Rows aria-label="Members">
              {data.items.map((member) => (
                <MemberRow key={member.id} member={member} onChange={(patch) => void change(member, patch)} />
              ))}
            </Rows>
          )}
        </>
      )}
      {dialog === 'add' && (
        <AddMemberModal
          onClose={() => setDialog(null)}
          onAdded={() => {
            setDialog(null);
            members.reload();
          }}
        />
      )}
      {dialog === 'import' && (
        <ImportMembersDialog
          onClose={() => setDialog(null)}
          onImported={() => {
            setDialog(null);
            members.reload();
          }}
        />
      )}
    </Stack>
  );
}

