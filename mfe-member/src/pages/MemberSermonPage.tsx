// /member/sermons/{id}: one published sermon with the tabs Outline, Devotional, Community and
// Resources, the side progress panel and share buttons. Every change is saved on the server and
// the page shows what the server answered.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, Card, PageContainer, Panel, Spinner, showToast } from '@lectern/shell-kit';
import { DevotionalTab } from '../components/DevotionalTab.tsx';
import { OutlineTab } from '../components/OutlineTab.tsx';
import { ProgressPanel } from '../components/ProgressPanel.tsx';
import { ResourcesTab } from '../components/ResourcesTab.tsx';
import { SeriesBadge } from '../components/SermonCard.tsx';
import { memberClient } from '../member/member.client.ts';
import { formatDate, formatDuration } from '../member/member.format.ts';
import type { MemberSermon, ProgressFlags, ReaderProgress } from '../member/member.types.ts';

const TABS = ['Outline', 'Devotional', 'Community', 'Resources'] as const;
type Tab = (typeof TABS)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 300px;
  gap: 1.25rem;
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: minmax(0, 1fr); }
`;

const Header = styled.header`
  margin: 1rem 0 0.5rem;
  h1 { font-size: clamp(1.5rem, 5vw, 2rem); margin: 0.4rem 0; overflow-wrap: anywhere; }
  p { margin: 0; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

// The four tabs share the row and wrap onto a second line only when they cannot fit (390 px phones
// fit them in one): the row never scrolls sideways inside itself.
const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin: 1rem 0 1.25rem;
  button {
    flex: 1 1 auto; min-width: 0; border: 0; background: none; font: inherit; font-size: 0.95rem; padding: 0.65rem 0.4rem; min-height: 44px; cursor: pointer;
    color: ${({ theme }) => theme.colors.inkMuted}; border-bottom: 2px solid transparent; overflow-wrap: anywhere;
  }
  @media (max-width: 480px) { button { font-size: 0.9rem; padding: 0.6rem 0.25rem; } }
  button[aria-selected='true'] { color: ${({ theme }) => theme.colors.primary}; border-bottom-color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
  button:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: -3px; }
`;

/** WAI-ARIA tabs keys: Left/Right move (wrapping), Home/End go to the ends; the tab moved to is selected. */
function tabAfterKey(key: string, current: Tab): Tab | null {
  const index = TABS.indexOf(current);
  if (key === 'ArrowRight') return TABS[(index + 1) % TABS.length] as Tab;
  if (key === 'ArrowLeft') return TABS[(index + TABS.length - 1) % TABS.length] as Tab;
  if (key === 'Home') return TABS[0];
  if (key === 'End') return TABS[TABS.length - 1] as Tab;
  return null;
}

const Content = styled(Card)`
  padding: 1.25rem;
  @media (max-width: 480px) { padding: 1rem; }
`;

function NotAvailable({ message }: { message: string }) {
  return (
    <PageContainer>
      <Link to="/dashboard">← Back to your library</Link>
      <Panel tone="danger" title={message} role="alert">
        <p>Return to the library to choose another sermon.</p>
      </Panel>
    </PageContainer>
  );
}

export function MemberSermonPage() {
  const { id = '' } = useParams();
  const [data, setData] = useState<MemberSermon | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'failed'>('loading');
  const [tab, setTab] = useState<Tab>('Outline');
  const [busy, setBusy] = useState(false);
  const valid = UUID.test(id);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    setState('loading');
    memberClient.sermon(id).then(
      (body) => {
        if (!live) return;
        setData(body);
        setState('ready');
        memberClient.recordView(id).catch(() => undefined);
      },
      (error: unknown) => live && setState(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'),
    );
    return () => {
      live = false;
    };
  }, [id, valid]);

  const apply = useCallback((progress: ReaderProgress) => setData((current) => (current ? { ...current, progress } : current)), []);

  const save = useCallback(async (change: () => Promise<ReaderProgress>) => {
    setBusy(true);
    try {
      apply(await change());
    } catch {
      showToast({ kind: 'error', title: 'Your progress could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  }, [apply]);

  const setFlags = (flags: Partial<ProgressFlags>) => save(() => memberClient.setProgress(id, flags));

  // The server decides whether the video counts as watched (it refuses a claim made sooner than the
  // recording could have been played); when it names a time, the claim is made again then.
  const watchRetry = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(watchRetry.current), []);
  const markWatched = useCallback(async () => {
    try {
      apply(await memberClient.setProgress(id, { videoCompleted: true }));
    } catch (error) {
      const wait = error instanceof ApiError ? error.problem.countsAfterSeconds : undefined;
      if (typeof wait === 'number') watchRetry.current = window.setTimeout(() => void markWatched(), (wait + 1) * 1000);
      else showToast({ kind: 'error', title: 'Your progress could not be saved. Please try again.' });
    }
  }, [id, apply]);

  if (!valid) return <NotAvailable message="Invalid sermon ID" />;
  if (state === 'missing') return <NotAvailable message="Sermon not found" />;
  if (state === 'failed') return <NotAvailable message="Failed to load sermons. Please try again later." />;
  if (state === 'loading' || !data) return <Spinner label="Loading sermon…" />;

  const { sermon } = data;
  const meta = [sermon.speaker, formatDate(sermon.recordedAt ?? sermon.createdAt), formatDuration(sermon.duration)].filter(Boolean).join(' · ');
  return (
    <PageContainer>
      <Link to="/dashboard">← Back to your library</Link>
      <Header>
        <SeriesBadge>{sermon.series}</SeriesBadge>
        <h1>{sermon.title}</h1>
        {meta && <p>{meta}</p>}
      </Header>
      <Layout>
        <div>
          <TabList
            role="tablist"
            aria-label="Sermon sections"
            onKeyDown={(event) => {
              const next = tabAfterKey(event.key, tab);
              if (!next) return;
              event.preventDefault();
              setTab(next);
              event.currentTarget.querySelector<HTMLElement>(`#tab-${next}`)?.focus();
            }}
          >
            {TABS.map((name) => (
              <button key={name} id={`tab-${name}`} type="button" role="tab" tabIndex={tab === name ? 0 : -1} aria-selected={tab === name} aria-controls={tab === name ? `panel-${name}` : undefined} onClick={() => setTab(name)}>
                {name}
              </button>
            ))}
          </TabList>
          <Content role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'Outline' && <OutlineTab outline={data.outline} read={data.progress.outlineRead} busy={busy} onToggleRead={(read) => void setFlags({ outlineRead: read })} />}
            {tab === 'Devotional' && (
              <DevotionalTab
                devotionals={data.devotionals}
                complete={data.progress.devotionalCompleted}
                days={data.progress.days}
                busy={busy}
                onToggleComplete={(complete) => void setFlags({ devotionalCompleted: complete })}
                onToggleDay={(devotionalId, completed) => void save(() => memberClient.setDayCompleted(devotionalId, completed))}
              />
            )}
            {tab === 'Community' && (
              <Panel title="Coming Soon">
                <p>Coming Soon - Community features will be available soon.</p>
              </Panel>
            )}
            {tab === 'Resources' && <ResourcesTab data={data} onVideoWatched={() => void markWatched()} />}
          </Content>
        </div>
        <ProgressPanel data={data} onFavorite={(favorite) => void save(() => memberClient.setFavorite(id, favorite))} />
      </Layout>
    </PageContainer>
  );
}
