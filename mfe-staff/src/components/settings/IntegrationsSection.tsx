import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ErrorPanel, showToast, Spinner } from '@lectern/shell-kit';
import { messageOf, showFailure, useResource } from '../../hooks/useResource.ts';
import { integrationsApi, isSyncActive, type Integration, type SyncJob } from '../../integrations/integrations.client.ts';
import { FILTERS, filterCatalogue, INTEGRATION_TEXTS, type CatalogueFilter } from '../../integrations/integrations.rules.ts';
import { formatDate } from '../../sermons/sermon.format.ts';
import { Row } from '../form.styles.ts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.75rem;
    align-items: center;
    padding: 0.75rem 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  p {
    margin: 0.2rem 0 0;
    color: ${({ theme }) => theme.colors.inkMuted};
    font-size: 0.92rem;
    overflow-wrap: anywhere;
  }
`;

const SubTitle = styled.h3`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: 1rem;
  margin: 0;
`;

const Catalogue = styled.div`
  display: grid;
  gap: 0.75rem;
  input {
    font: inherit;
    padding: 0.55em 0.7em;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const Chip = styled.button<{ $active: boolean }>`
  font: inherit;
  font-size: 0.9rem;
  padding: 0.35em 0.9em;
  border-radius: 999px;
  cursor: pointer;
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryText : theme.colors.ink)};
`;

const SYNC_POLL_MS = 1000;

/** 'Your Integrations', the catalogue behind 'Add New Integration', and the member sync (spec 001 §2 Integrations). */
export function IntegrationsSection() {
  const integrations = useResource('integrations', () => integrationsApi.list());
  const [browsing, setBrowsing] = useState(false);
  const [filter, setFilter] = useState<CatalogueFilter>('all');
  const [search, setSearch] = useState('');
  const [syncing, setSyncing] = useState<string | null>(null);
  const [progress, setProgress] = useState<SyncJob | null>(null);
  const mounted = useRef(true);
  const connected = new Set((integrations.data?.items ?? []).map((i) => i.integrationType));

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Follows a background sync (the server runs it; leaving the page does not stop it) until it ends. */
  const follow = async (first: SyncJob) => {
    setSyncing(first.integrationType);
    try {
      let job = first;
      while (isSyncActive(job) && mounted.current) {
        setProgress(job);
        await new Promise((resolve) => setTimeout(resolve, SYNC_POLL_MS));
        const latest = await integrationsApi.latestSync(first.integrationType);
        if (!latest) break; // never synced: there is no job to follow (not expected once one was queued)
        job = latest;
      }
      if (!mounted.current) return;
      if (job.status === 'succeeded') showToast({ kind: 'success', title: job.message ?? INTEGRATION_TEXTS.syncProgress(job.syncedCount, job.pagesProcessed) });
      else showToast({ kind: 'error', title: INTEGRATION_TEXTS.syncFailed, message: job.message ?? INTEGRATION_TEXTS.syncFailed, durationMs: 10_000 });
      integrations.reload();
    } catch (error) {
      if (mounted.current) showFailure(INTEGRATION_TEXTS.syncFailed, error, { durationMs: 10_000 });
    } finally {
      if (mounted.current) {
        setSyncing(null);
        setProgress(null);
      }
    }
  };

  const sync = async (integration: Integration) => {
    setSyncing(integration.integrationType);
    showToast({ kind: 'info', title: INTEGRATION_TEXTS.syncStarting });
    try {
      const { job } = await integrationsApi.syncMembers(integration.integrationType);
      await follow(job);
    } catch (error) {
      showFailure(INTEGRATION_TEXTS.syncFailed, error, { durationMs: 10_000 });
      setSyncing(null);
    }
  };

  // A sync started earlier (another tab, before a reload) is shown and followed too.
  const items = integrations.data?.items;
  useEffect(() => {
    if (!items || syncing) return;
    let cancelled = false;
    void (async () => {
      for (const integration of items) {
        const job = await integrationsApi.latestSync(integration.integrationType).catch(() => null);
        if (cancelled || !mounted.current) return;
        if (job && isSyncActive(job)) {
          void follow(job);
          return;
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // Only when the list (re)loads: `follow` and `syncing` are read as they are then.
  }, [items]);

  const entries = filterCatalogue(filter, search);
  return (
    <>
      <SubTitle>Your Integrations</SubTitle>
      {integrations.loading && !integrations.data && <Spinner label="Loading integrations…" />}
      {integrations.error && <ErrorPanel title={INTEGRATION_TEXTS.fetchFailed} message={messageOf(integrations.error, INTEGRATION_TEXTS.fetchFailed)} onRetry={integrations.reload} />}
      {integrations.data && integrations.data.items.length === 0 && <p>{INTEGRATION_TEXTS.noneConnected}</p>}
      {integrations.data && integrations.data.items.length > 0 && (
        <List aria-label="Your integrations">
          {integrations.data.items.map((integration) => (
            <li key={integration.id}>
              <div>
                <strong>{integration.name}</strong>
                <p>
                  From {integration.credentials.fromEmail}
                  {integration.credentials.authKind === 'oauth' ? ' · connected with Planning Center sign-in' : ''}
                  {integration.lastSyncedAt ? ` · last synced ${formatDate(integration.lastSyncedAt)} (${integration.lastSyncCount ?? 0} members)` : ' · never synced'}
                </p>
                {progress?.integrationType === integration.integrationType && (
                  <p role="status" aria-live="polite">
                    {INTEGRATION_TEXTS.syncProgress(progress.syncedCount, progress.pagesProcessed)}
                  </p>
                )}
              </div>
              <Row>
                <Button type="button" onClick={() => void sync(integration)} disabled={syncing !== null}>
                  {syncing === integration.integrationType ? 'Syncing…' : 'Sync Members'}
                </Button>
                <Button as={Link} to={`/settings/integrations/edit/${integration.integrationType}`} $variant="secondary">
                  Edit
                </Button>
              </Row>
            </li>
          ))}
        </List>
      )}
      <Row>
        <Button type="button" $variant="secondary" aria-expanded={browsing} onClick={() => setBrowsing(!browsing)}>
          {browsing ? 'Close catalogue' : 'Add New Integration'}
        </Button>
      </Row>
      {browsing && (
        <Catalogue>
          <Row role="group" aria-label="Integration category">
            {FILTERS.map((f) => (
              <Chip key={f.id} type="button" $active={filter === f.id} aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>
                {f.label}
              </Chip>
            ))}
          </Row>
          <input type="search" aria-label="Search integrations" placeholder={INTEGRATION_TEXTS.search} value={search} onChange={(e) => setSearch(e.target.value)} />
          {entries.length === 0 ? (
            <p>{INTEGRATION_TEXTS.noneFound}</p>
          ) : (
            <List aria-label="Integration catalogue">
              {entries.map((entry) => (
                <li key={entry.type}>
                  <div>
                    <strong>{entry.name}</strong>
                    <p>{entry.description}</p>
                  </div>
                  <Button as={Link} to={`/settings/integrations/${connected.has(entry.type) ? 'edit' : 'new'}/${entry.type}`} $variant="secondary">
                    {connected.has(entry.type) ? 'Edit' : 'Connect'}
                  </Button>
                </li>
              ))}
            </List>
          )}
        </Catalogue>
      )}
    </>
  );
}
