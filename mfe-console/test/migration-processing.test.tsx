/**
 * @jest-environment jsdom
 */
// The migration's processing view (spec 001 §2, §4): the Stop action's notes, and what replaces
// them once the workflow confirms the stop.
import { afterEach, expect, test } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot } from '@lectern/shell-kit';
import { MigrationProcessing } from '../src/migration/MigrationProcessing.tsx';
import type { MigrationQueue } from '../src/console.api.ts';
import { serve } from './fake.console-api.ts';

afterEach(cleanup);

const queue = (status: MigrationQueue['status']) =>
  ({ status, processedVideos: 3, totalVideos: 10, failedVideos: 0, currentVideo: 4, currentVideoTitle: 'Sermon 4' }) as MigrationQueue;

const view = (status: MigrationQueue['status']) => (
  <ThemeRoot>
    <MigrationProcessing migrationId="m-1" queue={queue(status)} steps={[]} liveError={null} onStartNew={() => undefined} />
  </ThemeRoot>
);

test('Stop says the request is awaiting confirmation, and the stopped panel replaces that note once confirmed', async () => {
  const sent = serve({ 'POST /api/migration/migrations/m-1/cancel': { status: 200, body: { success: true, message: 'Migration cancellation requested' } } });
  const { rerender } = render(view('processing'));
  await userEvent.click(screen.getByRole('button', { name: 'Stop Migration' }));
  expect((await screen.findByText('Migration stop requested. Awaiting confirmation...')).getAttribute('role')).toBe('status');
  expect(sent.map((s) => `${s.method} ${s.path}`)).toContain('POST /api/migration/migrations/m-1/cancel');

  rerender(view('cancelled'));
  expect(screen.getByText('Migration stopped. You can clear remaining sermons or start a new migration.')).toBeTruthy();
  expect(screen.queryByText('Migration stop requested. Awaiting confirmation...')).toBeNull();
  expect(screen.getByRole('heading').textContent).toBe('Migration Stopped');
});
