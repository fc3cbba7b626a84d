// /console/rss-migration: setup → processing (followed live) → completed; a failed run returns to
// setup with the spec's message and a 'Migration Failed' card with Try Again (spec 001 §2, §4).
// The migration on screen is named in the address (?migration=<id>) and its state is the server's
// queue row, so a reload (or a shared link) shows the same run: processing, stopped or completed.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Lead, PageContainer, PageTitle, Panel, showToast } from '@lectern/shell-kit';
import { consoleApi, messageOf } from '../console.api.ts';
import { MigrationProcessing } from '../migration/MigrationProcessing.tsx';
import { MigrationSetup } from '../migration/MigrationSetup.tsx';
import { useMigrationLive } from '../migration/useMigrationLive.ts';

const FAILED = 'Migration failed. See step details for more info.';

export const MIGRATION_PARAM = 'migration';

export function RssMigrationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const migrationId = searchParams.get(MIGRATION_PARAM);
  const setMigrationId = (id: string | null) => setSearchParams(id ? { [MIGRATION_PARAM]: id } : {});
  const [failure, setFailure] = useState<string | null>(null);
  const live = useMigrationLive(migrationId);
  const status = live.queue && live.queue.id === migrationId ? live.queue.status : null;
  /** The status last seen of the migration on screen: the toast is for a stop seen happening, not for one found on (re)load. */
  const seen = useRef<{ id: string; status: string } | null>(null);

  useEffect(() => {
    if (!migrationId || !status) return;
    const before = seen.current?.id === migrationId ? seen.current.status : null;
    if (before === status) return;
    seen.current = { id: migrationId, status };
    if (status === 'cancelled' && before !== null) showToast({ kind: 'info', title: 'Migration cancelled' });
    if (status === 'failed') {
      setFailure(live.queue?.errorMessage ?? FAILED);
      setMigrationId(null);
    }
  }, [migrationId, status, live.queue?.errorMessage]);

  const startNew = () => {
    setMigrationId(null);
    setFailure(null);
  };

  async function retryFailed() {
    if (!migrationId) return;
    try {
      const result = await consoleApi.retry(migrationId);
      showToast({ kind: 'success', title: result.message });
    } catch (error) {
      showToast({ kind: 'error', title: 'Failed to start migration', message: messageOf(error, 'Failed to start migration') });
    }
  }

  return (
    <PageContainer>
      <Link to="/">← Back to Console</Link>
      <PageTitle style={{ marginTop: '1rem' }}>RSS Migration</PageTitle>
      <Lead>Queue an organisation's feed videos as sermon records and process them one after another.</Lead>
      <div style={{ marginBottom: '1.25rem' }}>
        <Panel title="A migration may take several hours">
          <p>Each video goes through the full sermon pipeline (about 5 minutes per video) and lands in the organization's library for review.</p>
        </Panel>
      </div>
      {failure && !migrationId && (
        <div style={{ marginBottom: '1.25rem' }}>
          <Panel tone="danger" title="Migration Failed" role="alert">
            <p>{failure}</p>
            <Button type="button" $variant="secondary" onClick={() => setFailure(null)}>Try Again</Button>
          </Panel>
        </div>
      )}
      {!migrationId && <MigrationSetup onStarted={(id) => { setFailure(null); setMigrationId(id); }} initialError={failure ? FAILED : null} />}
      {migrationId && status === 'completed' ? (
        <Card>
          <h2>Migration Completed</h2>
          <p>All videos have been processed successfully{live.queue && live.queue.failedVideos > 0 ? ` except ${live.queue.failedVideos} that failed (see the steps below)` : ''}.</p>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
            <Button type="button" onClick={startNew}>Start New Migration</Button>
            <Button as={Link} to="/" $variant="secondary">Back to Console</Button>
            {live.queue && live.queue.failedVideos > 0 && <Button type="button" $variant="ghost" onClick={() => void retryFailed()}>Retry Failed Videos</Button>}
          </div>
        </Card>
      ) : null}
      {migrationId && (
        <div style={{ marginTop: status === 'completed' ? '1.25rem' : 0 }}>
          <MigrationProcessing migrationId={migrationId} queue={live.queue} steps={live.steps} liveError={live.error} onStartNew={startNew} />
        </div>
      )}
    </PageContainer>
  );
}
