// Setup view: organisation picker with search, feed URL, video count, Validate, the summary card,
// Start Migration and Reset (spec 001 §2, §5).
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, capture, Card, Panel, showToast } from '@lectern/shell-kit';
import { consoleApi, messageOf, type FeedVideo } from '../console.api.ts';
import { clampCount, DEFAULT_VIDEOS, estimatedTime, MAX_VIDEOS, MIN_VIDEOS, parsedMessage, videosToProcess } from './migration.rules.ts';

export const Field = styled.label`
  display: grid;
  gap: 0.35rem;
  font-weight: 600;
  margin-bottom: 1rem;
  input, select {
    font: inherit;
    font-weight: 400;
    padding: 0.55rem 0.7rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    width: 100%;
    min-width: 0;
    box-sizing: border-box;
  }
  small { font-weight: 400; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1rem;
`;

const OrgList = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  max-height: 12rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  li button {
    all: unset;
    box-sizing: border-box;
    display: block;
    width: 100%;
    padding: 0.5rem 0.75rem;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  li button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.infoSoft}; font-weight: 600; }
  li button:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; }
  li p { margin: 0; padding: 0.5rem 0.75rem; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

const Summary = styled.dl`
  display: grid;
  /* the value column keeps room for a few words: with auto the label took the row and values broke letter by letter at 390 px */
  grid-template-columns: minmax(0, max-content) minmax(8rem, 1fr);
  gap: 0.35rem 1rem;
  margin: 0 0 1rem;
  dt { color: ${({ theme }) => theme.colors.inkMuted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0.75rem 0 0;
  overflow-wrap: anywhere;
`;

interface Organization { id: string; name: string }

export function MigrationSetup({ onStarted, initialError }: { onStarted: (migrationId: string) => void; initialError: string | null }) {
  const [orgs, setOrgs] = useState<Organization[] | null>(null);
  const [orgsFailed, setOrgsFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [orgId, setOrgId] = useState<string | null>(null);
  const [rssUrl, setRssUrl] = useState('');
  // The typed text is free while typing ("10" passes through "1"); it is clamped to 1–260 on
  // blur, Validate and Start, so a keystroke never rewrites what is being typed.
  const [count, setCount] = useState(DEFAULT_VIDEOS);
  const [countText, setCountText] = useState(String(DEFAULT_VIDEOS));
  const [videos, setVideos] = useState<FeedVideo[] | null>(null);
  const [validating, setValidating] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  const loadOrgs = () => {
    setOrgsFailed(false);
    consoleApi.organizations().then((r) => setOrgs(r.items), () => setOrgsFailed(true));
  };
  useEffect(loadOrgs, []);

  const shown = useMemo(() => (orgs ?? []).filter((o) => o.name.toLowerCase().includes(search.trim().toLowerCase())), [orgs, search]);
  const selected = orgs?.find((o) => o.id === orgId) ?? null;
  // What is typed counts at once (the summary follows it); blank keeps the last count.
  const typedCount = countText.trim() === '' ? count : clampCount(Number(countText));
  const toProcess = videos ? videosToProcess(videos.length, typedCount) : 0;

  /** Clamps the typed count and shows the clamped value in the field. */
  function commitCount(): number {
    const next = typedCount;
    setCount(next);
    setCountText(String(next));
    return next;
  }

  async function validate() {
    const chosen = commitCount();
    setError(null);
    if (!rssUrl.trim()) {
      setError('Please enter an RSS feed URL');
      return;
    }
    setValidating(true);
    setVideos(null);
    try {
      const result = await consoleApi.parseFeed(rssUrl.trim(), chosen);
      setVideos(result.videos);
      showToast({ kind: 'success', title: parsedMessage(result.videos.length) });
    } catch (failure) {
      const message = messageOf(failure, 'Failed to validate RSS feed');
      setError(message);
      showToast({ kind: 'error', title: 'Failed to parse RSS feed', message });
    } finally {
      setValidating(false);
    }
  }

  async function start() {
    const queued = videos ? videosToProcess(videos.length, commitCount()) : 0;
    if (!selected || !rssUrl.trim() || !videos) {
      setError('Please complete all required fields and validate the RSS feed');
      return;
    }
    setStarting(true);
    setError(null);
    try {
      const result = await consoleApi.startMigration({ rssUrl: rssUrl.trim(), targetOrgId: selected.id, videos: videos.slice(0, queued), allowDuplicates: false, maxToQueue: queued });
      capture('migration_started', { videos: queued });
      showToast({ kind: 'success', title: 'Migration started successfully!', message: result.message });
      onStarted(result.migrationId);
    } catch (failure) {
      const message = messageOf(failure, 'Failed to start migration');
      setError(message);
      showToast({ kind: 'error', title: 'Failed to start migration', message });
    } finally {
      setStarting(false);
    }
  }

  function reset() {
    setOrgId(null);
    setSearch('');
    setRssUrl('');
    setVideos(null);
    setError(null);
  }

  return (
    <Card>
      <h2>Set up a migration</h2>
      <Field>
        Organization
        <input type="search" placeholder="Search organizations..." value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Search organizations" />
        <small>You need the right permissions for the organization you choose.</small>
      </Field>
      {orgsFailed ? (
        <Panel tone="danger" title="Failed to load organizations">
          <Button type="button" $variant="secondary" onClick={loadOrgs}>Retry</Button>
        </Panel>
      ) : (
        <OrgList aria-label="Organizations">
          {orgs !== null && orgs.length === 0 && <li><p>No organizations available.</p></li>}
          {orgs !== null && orgs.length > 0 && shown.length === 0 && <li><p>No organizations found matching your search.</p></li>}
          {shown.map((org) => (
            <li key={org.id}>
              <button type="button" aria-pressed={org.id === orgId} onClick={() => setOrgId(org.id)}>{org.name}</button>
            </li>
          ))}
        </OrgList>
      )}
      <Field>
        RSS feed URL
        <input type="url" value={rssUrl} placeholder="https://church.example/sermons.rss" onChange={(e) => { setRssUrl(e.target.value); setVideos(null); }} />
      </Field>
      <Field>
        Number of videos
        <input type="number" inputMode="numeric" min={MIN_VIDEOS} max={MAX_VIDEOS} value={countText} onChange={(e) => setCountText(e.target.value)} onBlur={commitCount} />
        <small>Between {MIN_VIDEOS} and {MAX_VIDEOS}; the newest first.</small>
      </Field>
      <Button type="button" $variant="secondary" onClick={() => void validate()} disabled={validating || starting}>
        {validating ? 'Validating…' : 'Validate RSS Feed'}
      </Button>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {videos && (
        <div style={{ marginTop: '1.25rem' }}>
          <Panel tone="info" title="Migration summary">
            <Summary>
              <dt>Videos to process</dt><dd data-testid="videos-to-process">{toProcess}</dd>
              <dt>Estimated processing time</dt><dd>{estimatedTime(toProcess)}</dd>
              <dt>Organization</dt><dd>{selected ? selected.name : 'Not selected'}</dd>
            </Summary>
            <p>This will create {toProcess} sermon record{toProcess === 1 ? '' : 's'}. Make sure there is sufficient storage and processing capacity.</p>
          </Panel>
        </div>
      )}
      <Row>
        <Button type="button" onClick={() => void start()} disabled={!selected || !videos || validating || starting}>
          {starting ? 'Starting…' : 'Start Migration'}
        </Button>
        <Button type="button" $variant="ghost" onClick={reset}>Reset</Button>
      </Row>
    </Card>
  );
}
