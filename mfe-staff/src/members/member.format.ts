// What the members admin page shows (spec 001 §2 Members admin page).
import { formatDate } from '../sermons/sermon.format.ts';

/** 'Joined {MMM d, yyyy}', or 'Joined N/A' without a date. */
export function joinedLabel(createdAt: string | null | undefined): string {
  const text = createdAt ? formatDate(createdAt) : 'No date';
  return `Joined ${text === 'No date' ? 'N/A' : text}`;
}

/** '{n} Member(s)': '1 Member', '3 Members'. */
export const countLine = (n: number): string => `${n} Member${n === 1 ? '' : 's'}`;

export const EMPTY_TEXTS = {
  title: 'No members found',
  filtered: 'Try adjusting your search or filters.',
  none: 'Get started by adding your first member.',
} as const;

/** Which empty text: any search or filter in use means the filters hid the rows. */
export const emptyText = (filters: { search: string; role: string; status: string }): string =>
  filters.search.trim() || filters.role || filters.status ? EMPTY_TEXTS.filtered : EMPTY_TEXTS.none;

export const MEMBERS_MESSAGES = {
  loadFailed: 'Failed to load members',
  addFailed: 'Failed to add member',
  roleFailed: 'Failed to update member role',
  statusFailed: 'Failed to update member status',
  noOrganizationTitle: 'No Organization Found',
  noOrganizationText: 'You need to be associated with an organization to view members.',
  searchPlaceholder: 'Search members by name or email...',
} as const;

export const displayName = (m: { firstName: string; lastName: string }): string => `${m.firstName} ${m.lastName}`.trim();

/** The list and export query: only the filters in use. */
export const filterQuery = (filters: { search: string; role: string; status: string }): string => {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  const query = params.toString();
  return query ? `?${query}` : '';
};
