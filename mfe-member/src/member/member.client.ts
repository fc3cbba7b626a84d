// The member routes of the sermons service, through the page's API client (refresh on 401).
import { api } from '@lectern/shell-kit';
import type { ApiClient } from '@lectern/shell-kit';
import type { LibraryPage, MemberDashboard, MemberSermon, Playback, ProgressFlags, ReaderProgress } from './member.types.ts';

export const MEMBER_BASE = '/api/sermons/member';

export interface LibraryQuery {
  search?: string;
  series?: string;
  favorites?: boolean;
  page?: number;
  pageSize?: number;
}

export function libraryPath(query: LibraryQuery): string {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.series) params.set('series', query.series);
  if (query.favorites) params.set('favorites', 'true');
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return `${MEMBER_BASE}/sermons${text ? `?${text}` : ''}`;
}

export function createMemberClient(client: ApiClient = api) {
  const sermon = (id: string) => `${MEMBER_BASE}/sermons/${encodeURIComponent(id)}`;
  return {
    library: (query: LibraryQuery, signal?: AbortSignal) => client.get<LibraryPage>(libraryPath(query), signal ? { signal } : {}),
    dashboard: () => client.get<MemberDashboard>(`${MEMBER_BASE}/dashboard`),
    sermon: (id: string) => client.get<MemberSermon>(sermon(id)),
    recordView: (id: string) => client.post<void>(`${sermon(id)}/view`),
    setProgress: async (id: string, flags: Partial<ProgressFlags>) => (await client.put<{ progress: ReaderProgress }>(`${sermon(id)}/progress`, flags)).progress,
    setFavorite: async (id: string, favorite: boolean) => (await client.put<{ progress: ReaderProgress }>(`${sermon(id)}/favorite`, { favorite })).progress,
    setDayCompleted: async (devotionalId: string, completed: boolean) =>
      (await client.put<{ progress: ReaderProgress }>(`${MEMBER_BASE}/devotionals/${encodeURIComponent(devotionalId)}/progress`, { completed })).progress,
    playback: (id: string) => client.get<Playback>(`${sermon(id)}/media`),
    outlinePdfPath: (id: string) => `${sermon(id)}/outline.pdf`,
  };
}

export const memberClient = createMemberClient();
