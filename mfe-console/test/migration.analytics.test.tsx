/**
 * @jest-environment jsdom
 */
// Starting a migration is a capture event (spec 001 §7 Other) sent through the shell kit's real
// analytics client to the collector: migration_started with the number of videos queued, and
// nothing when the service refuses the start.
import { afterEach, beforeAll, expect, test } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot } from '@lectern/shell-kit';
import { startAnalyticsForTests, type CollectorReader } from '@lectern/shell-kit/testing';
import { MigrationSetup } from '../src/migration/MigrationSetup.tsx';
import { FEED, ORGS, serve, type Answer, type Sent } from './fake.console-api.ts';

let collector: CollectorReader;
/** The page's answer may take a while on a loaded machine (the default wait is 1 s). */
const SLOW = { timeout: 15_000 };

beforeAll(() => {
  collector = startAnalyticsForTests();
});
afterEach(cleanup);

async function startMigration(startAnswer: Answer): Promise<Sent[]> {
  const sent = serve({ 'GET /api/identity/organizations/public': ORGS, 'POST /api/migration/rss/parse': FEED, 'POST /api/migration/migrations': startAnswer });
  render(
    <ThemeRoot>
      <MigrationSetup onStarted={() => undefined} initialError={null} />
    </ThemeRoot>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Grace Church' }, SLOW));
  await userEvent.type(screen.getByLabelText('RSS feed URL'), 'https://feeds.example/sermons.rss');
  const count = screen.getByLabelText(/Number of videos/);
  await userEvent.clear(count);
  await userEvent.type(count, '10');
  await userEvent.click(screen.getByRole('button', { name: 'Validate RSS Feed' }));
  await screen.findByTestId('videos-to-process', {}, SLOW);
  await userEvent.click(screen.getByRole('button', { name: 'Start Migration' }));
  await waitFor(() => expect(sent.some((s) => s.path === '/api/migration/migrations')).toBe(true), SLOW);
  return sent;
}

test('a started migration sends migration_started with the videos queued', async () => {
  const sent = await startMigration({ status: 201, body: { success: true, migrationId: 'm-1', message: 'Queued 10 videos' } });
  await waitFor(() => expect(collector.captured(sent)).toEqual([{ name: 'migration_started', properties: { videos: 10 } }]), SLOW);
});

test('a refused start sends no capture event', async () => {
  const sent = await startMigration({ status: 409, body: { type: 'about:blank', title: 'Conflict', status: 409, detail: 'A migration is already running for this organization.' } });
  await screen.findByRole('alert', {}, SLOW);
  expect(collector.captured(sent)).toEqual([]);
});
