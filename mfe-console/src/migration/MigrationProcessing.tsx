// Processing view: title/badge, migration id, progress, the current video and the live step list,
// with Stop Migration, Clear Pending Sermons and Start New Migration (spec 001 §2, §4).
import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, Panel, showToast, Spinner } from '@lectern/shell-kit';
import { consoleApi, messageOf, type MigrationQueue, type MigrationStep } from '../console.api.ts';
import { ErrorText } from './MigrationSetup.tsx';
import { processingTitle, progressPercent, showsSpinner, statusBadge, type ActionState } from './migration.rules.ts';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

/** The spinner and the title on one line: the title's words wrap beside the spinner, not under it. */
const Title = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
  h2 { margin: 0; min-width: 0; }
`;

const Badge = styled.span`
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  padding: 0.2rem 0.6rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.info};
`;

const Bar = styled.div`
  height: 12px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  margin: 0.5rem 0 1rem;
  div { height: 100%; background: ${({ theme }) => theme.colors.primary}; transition: width 300ms ease; }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 1rem 0;
  padding: 0;
  max-height: 22rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
  li { padding: 0.6rem 0.8rem; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; overflow-wrap: anywhere; }
  li:last-child { border-bottom: 0; }
  .line { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.5rem; }
  .status { font-size: 0.8rem; font-weight: 700; text-transform: uppercase; color: ${({ theme }) => theme.colors.inkMuted}; }
  .status[data-status='completed'] { color: ${({ theme }) => theme.colors.success}; }
  .status[data-status='failed'] { color: ${({ theme }) => theme.colors.danger}; }
  .message { margin: 0.2rem 0 0; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

const STOP_REQUESTED = 'Migration stop requested. Awaiting confirmation...';

export const CLEAR_CONFIRMATION = 'Clear all sermons from this migration that have not completed review? This cannot be undone.';

export function MigrationProcessing({ migrationId, queue, steps, liveError, onStartNew }: {
  migrationId: string;
  queue: MigrationQueue | null;
  steps: MigrationStep[];
  liveError: string | null;
  onStartNew: () => void;
}) {
  const [stop, setStop] = useState<ActionState>('idle');
  const [clear, setClear] = useState<ActionState>('idle');
  const [note, setNote] = useState<string | null>(null);
  const status = queue?.status ?? null;
  const percent = queue ? progressPercent(queue.processedVideos, queue.totalVideos) : 0;
  const stopped = status === 'cancelled';
  // Once the workflow confirms the stop, the "stopped" panel replaces the request's note.
  const shownNote = stopped && note === STOP_REQUESTED ? null : note;

  async function requestStop() {
    setStop('pending');
    setNote('Stopping migration...');
    try {
      await consoleApi.cancel(migrationId);
      setStop('success');
      setNote(STOP_REQUESTED);
      showToast({ kind: 'success', title: 'Migration cancellation requested' });
    } catch (failure) {
      setStop('error');
      setNote(messageOf(failure, 'Failed to cancel migration'));
      showToast({ kind: 'error', title: 'Failed to cancel migration' });
    }
  }

  async function requestClear() {
    if (!window.confirm(CLEAR_CONFIRMATION)) return;
    setClear('pending');
    setNote('Clearing pending sermons...');
    try {
      const result = await consoleApi.clear(migrationId);
      setClear('success');
      setNote(result.message);
      showToast({ kind: 'success', title: result.message || 'Migration cleared successfully' });
    } catch (failure) {
      setClear('error');
      setNote(messageOf(failure, 'Failed to clear migration'));
      showToast({ kind: 'error', title: 'Failed to clear migration' });
    }
  }

  return (
    <Card aria-live="polite">
      <Header>
        <Title>
          {showsSpinner(status, stop, clear) && <span aria-hidden="true"><Spinner label="" inline /></span>}
          <h2>{processingTitle(status, stop, clear)}</h2>
        </Title>
        <Badge data-testid="migration-status">{statusBadge(status)}</Badge>
      </Header>
      <p style={{ overflowWrap: 'anywhere' }}>Migration ID: <code>{migrationId}</code></p>
      {stopped && <Panel tone="info"><p>Migration stopped. You can clear remaining sermons or start a new migration.</p></Panel>}
      <p data-testid="migration-progress">
        {queue ? `${queue.processedVideos} of ${queue.totalVideos} videos processed (${percent}%)${queue.failedVideos > 0 ? `, ${queue.failedVideos} failed` : ''}` : 'Loading…'}
      </p>
      <Bar role="progressbar" aria-label="Migration progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}><div style={{ width: `${percent}%` }} /></Bar>
      {queue?.currentVideo && (
        <p data-testid="current-video">Video {queue.currentVideo} of {queue.totalVideos}: {queue.currentVideoTitle}</p>
      )}
      {liveError && <ErrorText role="alert">{liveError}</ErrorText>}
      {shownNote && <p role="status">{shownNote}</p>}
      {/* Focusable: the list scrolls on its own, and a keyboard user must be able to scroll it. */}
      <Steps aria-label="Migration steps" data-testid="migration-steps" tabIndex={0}>
        {steps.map((step) => (
          <li key={step.id} data-status={step.stepStatus}>
            <div className="line">
              <strong>{step.stepName}</strong>
              <span className="status" data-status={step.stepStatus}>{step.stepStatus}{step.stepStatus === 'running' && step.stepProgress > 0 ? ` ${step.stepProgress}%` : ''}</span>
            </div>
            {step.stepMessage && <p className="message">{step.stepMessage}</p>}
            {step.errorMessage && <ErrorText>{step.errorMessage}</ErrorText>}
          </li>
        ))}
      </Steps>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => void requestStop()} disabled={status !== 'processing' || stop === 'pending' || stop === 'success'}>Stop Migration</Button>
        <Button type="button" $variant="secondary" onClick={() => void requestClear()} disabled={status === 'processing' || status === 'pending' || clear === 'pending'}>Clear Pending Sermons</Button>
        <Button type="button" $variant="ghost" onClick={onStartNew}>Start New Migration</Button>
      </Actions>
    </Card>
  );
}
