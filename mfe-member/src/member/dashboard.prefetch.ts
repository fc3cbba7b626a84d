// The dashboard's two answers, asked for as soon as the member area's entry module runs: they
// travel while the router and page code are still being fetched, instead of after them (the first
// paint of /member/dashboard waited for both in turn). Each answer is handed out once, and only
// soon after it was asked for; every later load asks the server again.
import { memberClient } from './member.client.ts';
import type { LibraryPage, MemberDashboard } from './member.types.ts';

/** The first library page as the dashboard asks for it (no search, series or favourites filter). */
export const FIRST_PAGE = { page: 1, pageSize: 12 } as const;
const FRESH_MS = 15_000;

interface Prefetched {
  at: number;
  dashboard: Promise<MemberDashboard> | null;
  library: Promise<LibraryPage> | null;
}

let prefetched: Prefetched | null = null;

const DASHBOARD_PATHS = new Set(['/member', '/member/', '/member/dashboard', '/member/dashboard/']);

/** Starts both requests when the page being opened is the member dashboard. */
export function prefetchDashboard(pathname: string = window.location.pathname): void {
  if (prefetched || !DASHBOARD_PATHS.has(pathname)) return;
  const dashboard = memberClient.dashboard();
  const library = memberClient.library(FIRST_PAGE);
  // A failure is the page's to report when it takes the answer; never an unhandled rejection here.
  dashboard.catch(() => undefined);
  library.catch(() => undefined);
  prefetched = { at: Date.now(), dashboard, library };
}

/** The prefetched answer for `kind`, once, while fresh; otherwise null (the caller asks itself). */
export function takePrefetched<K extends 'dashboard' | 'library'>(kind: K): Prefetched[K] {
  if (!prefetched || Date.now() - prefetched.at > FRESH_MS) return null;
  const answer = prefetched[kind];
  prefetched[kind] = null;
  return answer;
}
