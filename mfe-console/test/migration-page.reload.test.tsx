/**
 * @jest-environment jsdom
 */
// The RSS migration page after a reload: the migration named in the address is shown in the state
// the server's queue row holds (spec 001 §4: a cancelled run stays on processing with 'Migration
// Stopped'), not the set-up screen; the 'Migration cancelled' toast is for a stop seen happening.
import { afterEach, expect, test } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeRoot } from '@lectern/shell-kit';
import { RssMigrationPage } from '../src/pages/RssMigrationPage.tsx';
import { ORGS, serve, type Answer } from './fake.console-api.ts';

afterEach(cleanup);

const SLOW = { timeout: 15_000 };
const ID = '0b6f7a52-3c1e-4c8e-9a53-6f0d1f6a2b11';
const at = new Date('2026-11-24T09:00:00.000Z').toISOString();

function migration(status: string, errorMessage: string | null = null): Answer {
  return {
    status: 200,
    body: {
      queue: { id: ID, orgId: 'org-grace', feedUrl: 'https://feeds.example/sermons.rss', status, processedVideos: 3, totalVideos: 10, failedVideos: 0, currentVideo: null, currentVideoTitle: null, workflowId: `rss-migration-${ID}`, errorMessage, createdAt: at, updatedAt: at, finishedAt: at },
      steps: [],
    },
  };
}

function openPage(url: string) {
  render(
    <ThemeRoot>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/rss-migration" element={<RssMigrationPage />} />
        </Routes>
      </MemoryRouter>
    </ThemeRoot>,
  );
}

test('a stopped migration named in the address shows Migration Stopped after a reload, without a new toast', async () => {
  const sent = serve({ 'GET /api/identity/organizations/public': ORGS, [`GET /api/migration/migrations/${ID}`]: migration('cancelled') });
  openPage(`/rss-migration?migration=${ID}`);
  expect((await screen.findByRole('heading', { name: 'Migration Stopped' }, SLOW)).tagName).toBe('H2');
  expect(screen.getByText('Migration stopped. You can clear remaining sermons or start a new migration.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Clear Pending Sermons' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Validate RSS Feed' })).toBeNull();
  expect(screen.queryByText('Migration cancelled')).toBeNull();
  expect(sent.map((s) => `${s.method} ${s.path}`)).toContain(`GET /api/migration/migrations/${ID}`);
});

test('a failed migration named in the address returns to the set-up screen with the spec message', async () => {
  serve({ 'GET /api/identity/organizations/public': ORGS, [`GET /api/migration/migrations/${ID}`]: migration('failed') });
  openPage(`/rss-migration?migration=${ID}`);
  expect(await screen.findByRole('button', { name: 'Validate RSS Feed' }, SLOW)).toBeTruthy();
  expect(screen.getByText('Migration Failed')).toBeTruthy();
  expect(screen.getAllByText('Migration failed. See step details for more info.').length).toBeGreaterThan(0);
});

test('without a migration in the address the page starts at set-up', async () => {
  const sent = serve({ 'GET /api/identity/organizations/public': ORGS });
  openPage('/rss-migration');
  expect(await screen.findByRole('button', { name: 'Validate RSS Feed' }, SLOW)).toBeTruthy();
  expect(sent.some((s) => s.path.startsWith('/api/migration/migrations'))).toBe(false);
});
