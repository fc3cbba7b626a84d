// /member/dashboard: welcome banner, the reader's stats, recently viewed (3 of the 10 fetched),
// search, series filter, favourites toggle and the paged library of published sermons.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, PageContainer, Panel, Spinner, showToast, useSession } from '@lectern/shell-kit';
import { SermonCard } from '../components/SermonCard.tsx';
import { memberClient } from '../member/member.client.ts';
import { FIRST_PAGE, takePrefetched } from '../member/dashboard.prefetch.ts';
import type { LibraryPage, MemberDashboard, SermonSummary } from '../member/member.types.ts';

export const PAGE_SIZE = FIRST_PAGE.pageSize;
export const RECENTLY_VIEWED_SHOWN = 3;
const SEARCH_DEBOUNCE_MS = 300;

const Banner = styled.header`
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.accentSoft}, #fff);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 1.5rem;
  margin-bottom: 1.25rem;
  h1 { font-size: clamp(1.5rem, 5vw, 2rem); margin: 0 0 0.35rem; overflow-wrap: anywhere; }
  p { margin: 0; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 0.75rem;
  margin: 0 0 1.5rem;
  div { background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radius.md}; padding: 0.9rem 1rem; }
  dt { color: ${({ theme }) => theme.colors.inkMuted}; font-size: 0.85rem; }
  dd { margin: 0.2rem 0 0; font-size: 1.6rem; font-weight: 700; color: ${({ theme }) => theme.colors.ink}; }
`;

const Section = styled.section`
  margin-bottom: 1.75rem;
  h2 { font-size: 1.25rem; margin: 0 0 0.75rem; }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-end;
  margin-bottom: 1rem;
  label { display: flex; flex-direction: column; gap: 0.25rem; font-size: 0.85rem; font-weight: 600; color: ${({ theme }) => theme.colors.ink}; flex: 1 1 200px; min-width: 0; }
  input, select { font: inherit; padding: 0.6rem 0.7rem; border: 1px solid #8a8579; border-radius: ${({ theme }) => theme.radius.sm}; background: #fff; min-width: 0; width: 100%; }
  /* search box, series select and Favorites button one height, their bottoms on one line */
  input, select, > button { box-sizing: border-box; height: 2.75rem; }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  margin-top: 1.25rem;
  flex-wrap: wrap;
`;

const RecentList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: 0.75rem;
  padding: 0;
  margin: 0;
  li { list-style: none; background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radius.md}; padding: 0.8rem 1rem; min-width: 0; }
  a { font-weight: 600; color: ${({ theme }) => theme.colors.primary}; overflow-wrap: anywhere; }
  p { margin: 0.25rem 0 0; color: ${({ theme }) => theme.colors.inkMuted}; font-size: 0.85rem; }
`;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function MemberDashboardPage() {
  const user = useSession((state) => state.user);
  const [dashboard, setDashboard] = useState<MemberDashboard | null>(null);
  const [dashboardFailed, setDashboardFailed] = useState(false);
  const [library, setLibrary] = useState<LibraryPage | null>(null);
  const [libraryFailed, setLibraryFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [series, setSeries] = useState('');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS);

  const loadDashboard = useCallback(() => {
    (takePrefetched('dashboard') ?? memberClient.dashboard()).then(setDashboard, () => setDashboardFailed(true));
  }, []);
  useEffect(loadDashboard, [loadDashboard]);

  useEffect(() => {
    const controller = new AbortController();
    setLibraryFailed(false);
    const firstPage = !debouncedSearch.trim() && !series && !favoritesOnly && page === 1;
    ((firstPage ? takePrefetched('library') : null) ?? memberClient.library({ search: debouncedSearch, series, favorites: favoritesOnly, page, pageSize: PAGE_SIZE }, controller.signal))
      .then((answer) => {
        if (!controller.signal.aborted) setLibrary(answer);
      }, () => {
        if (!controller.signal.aborted) setLibraryFailed(true);
      });
    return () => controller.abort();
  }, [debouncedSearch, series, favoritesOnly, page]);

  useEffect(() => setPage(1), [debouncedSearch, series, favoritesOnly]);

  const toggleFavorite = async (sermon: SermonSummary, favorite: boolean) => {
    const apply = (value: boolean) => (list: SermonSummary[]) => list.map((s) => (s.id === sermon.id ? { ...s, favorite: value } : s));
    setLibrary((current) => (current ? { ...current, sermons: apply(favorite)(current.sermons) } : current));
    try {
      await memberClient.setFavorite(sermon.id, favorite);
      loadDashboard();
    } catch {
      setLibrary((current) => (current ? { ...current, sermons: apply(!favorite)(current.sermons) } : current));
      showToast({ kind: 'error', title: 'Could not update favorites. Please try again.' });
    }
  };

  const firstName = user?.firstName?.trim() || 'friend';
  const pages = library ? Math.max(1, Math.ceil(library.total / library.pageSize)) : 1;
  const recent = (dashboard?.recentlyViewed ?? []).slice(0, RECENTLY_VIEWED_SHOWN);

  return (
    <PageContainer>
      <Banner>
        <h1>Welcome back, {firstName}!</h1>
        <p>{user?.organization?.name ? `${user.organization.name} · ` : ''}Read your church's sermons, outlines and 5-day devotionals, and keep track of your progress.</p>
      </Banner>

      {dashboardFailed && (
        <Panel tone="danger" role="alert">
          <p>Some user data could not be loaded. You may have limited functionality.</p>
        </Panel>
      )}
      {dashboard && (
        <Stats>
          <div><dt>Sermons</dt><dd>{dashboard.stats.total}</dd></div>
          <div><dt>Completed</dt><dd>{dashboard.stats.completed}</dd></div>
          <div><dt>In progress</dt><dd>{dashboard.stats.inProgress}</dd></div>
          <div><dt>Favorites</dt><dd>{dashboard.stats.favorites}</dd></div>
        </Stats>
      )}

      <Section aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recently Viewed</h2>
        {recent.length === 0 ? (
          <p>Sermons you open will show here.</p>
        ) : (
          <RecentList data-testid="recently-viewed">
            {recent.map((sermon) => (
              <li key={sermon.id}>
                <Link to={`/sermons/${sermon.id}`}>{sermon.title}</Link>
                <p>{sermon.series} · {sermon.progress.percent}% complete</p>
              </li>
            ))}
          </RecentList>
        )}
      </Section>

      <Section aria-labelledby="library-heading">
        <h2 id="library-heading">Sermon Library</h2>
        <Filters role="search">
          <label>
            Search
            <input type="search" value={search} placeholder="Search by title, speaker or theme" onChange={(event) => setSearch(event.target.value)} />
          </label>
          <label>
            Series
            <select value={series} onChange={(event) => setSeries(event.target.value)}>
              <option value="">All series</option>
              {(dashboard?.stats.series ?? []).map((name) => (
                <option key={name} value={name}>{name}</option>
              ))}
            </select>
          </label>
          <Button type="button" $variant={favoritesOnly ? 'primary' : 'secondary'} aria-pressed={favoritesOnly} onClick={() => setFavoritesOnly((on) => !on)}>
            {favoritesOnly ? '★ Favorites' : '☆ Favorites'}
          </Button>
        </Filters>
        {libraryFailed ? (
          <Panel tone="danger" role="alert"><p>Failed to load sermons. Please try again later.</p></Panel>
        ) : !library ? (
          <Spinner label="Loading sermons…" />
        ) : library.sermons.length === 0 ? (
          <Panel><p>No sermons found</p></Panel>
        ) : (
          <>
            <Grid aria-label="Sermons">
              {library.sermons.map((sermon) => (
                <SermonCard key={sermon.id} sermon={sermon} onFavorite={toggleFavorite} />
              ))}
            </Grid>
            {pages > 1 && (
              <Pager aria-label="Pages">
                <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>Previous</Button>
                <span aria-live="polite">Page {page} of {pages}</span>
                <Button type="button" $variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>Next</Button>
              </Pager>
            )}
          </>
        )}
      </Section>
    </PageContainer>
  );
}
