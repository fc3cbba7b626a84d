/**
 * @jest-environment jsdom
 */
// The RSS migration's setup view (spec 001 §2, §5): pick an organization (searchable), validate the
// feed, see the summary, start; what is sent to the migration service and what a refusal shows.
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot } from '@lectern/shell-kit';
import { MigrationSetup } from '../src/migration/MigrationSetup.tsx';
import { FEED, ORGS, serve } from './fake.console-api.ts';


afterEach(cleanup);

function showSetup(onStarted: (id: string) => void = () => undefined) {
  render(
    <ThemeRoot>
      <MigrationSetup onStarted={onStarted} initialError={null} />
    </ThemeRoot>,
  );
}

describe('migration setup', () => {
  test('the organization list is searchable and says when nothing matches', async () => {
    serve({ 'GET /api/identity/organizations/public': ORGS });
    showSetup();
    const list = await screen.findByRole('list', { name: 'Organizations' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'hope');
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Hope Chapel']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search organizations' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'zion');
    expect(within(list).getByText('No organizations found matching your search.')).toBeTruthy();
  });

  test('Validate without a URL says so and calls nothing; Start waits for an organization and a validated feed', async () => {
    const sent = serve({ 'GET /api/identity/organizations/public': ORGS });
    showSetup();
    await userEvent.click(screen.getByRole('button', { name: 'Validate RSS Feed' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter an RSS feed URL');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    expect((screen.getByRole('button', { name: 'Start Migration' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a validated feed shows the summary for the chosen count; Start sends the chosen videos to the chosen church', async () => {
    const sent = serve({
      'GET /api/identity/organizations/public': ORGS,
      'POST /api/migration/rss/parse': FEED,
      'POST /api/migration/migrations': { status: 201, body: { success: true, migrationId: 'm-1', message: 'Queued 10 videos' } },
    });
    const onStarted = jest.fn((_id: string) => undefined);
    showSetup(onStarted);
    await userEvent.click(await screen.findByRole('button', { name: 'Grace Church' }));
    await userEvent.type(screen.getByLabelText('RSS feed URL'), 'https://feeds.example/sermons.rss');
    const count = screen.getByLabelText(/Number of videos/) as HTMLInputElement;
    await userEvent.clear(count);
    await userEvent.type(count, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Validate RSS Feed' }));
    expect((await screen.findByTestId('videos-to-process')).textContent).toBe('10');
    expect(screen.getByText('50 minutes')).toBeTruthy();
    expect(screen.getByText('This will create 10 sermon records. Make sure there is sufficient storage and processing capacity.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Start Migration' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('m-1'));
    const parse = sent.find((s) => s.path === '/api/migration/rss/parse');
    expect(parse?.body).toEqual({ rssUrl: 'https://feeds.example/sermons.rss', maxVideos: 10 });
    const start = sent.find((s) => s.path === '/api/migration/migrations');
    expect(start?.body).toEqual({ rssUrl: 'https://feeds.example/sermons.rss', targetOrgId: 'org-grace', videos: FEED.body.videos.slice(0, 10), allowDuplicates: false, maxToQueue: 10 });
  });

  test('the video count is typed freely and clamped to 1–260 only on blur, Validate and Start', async () => {
    const sent = serve({ 'GET /api/identity/organizations/public': ORGS, 'POST /api/migration/rss/parse': FEED });
    showSetup();
    const count = screen.getByLabelText(/Number of videos/) as HTMLInputElement;
    expect(count.value).toBe('50');
    await userEvent.clear(count);
    expect(count.value).toBe('');
    await userEvent.type(count, '1');
    expect(count.value).toBe('1');
    await userEvent.type(count, '0');
    expect(count.value).toBe('10');
    await userEvent.tab();
    expect(count.value).toBe('10');
    await userEvent.clear(count);
    await userEvent.type(count, '999');
    expect(count.value).toBe('999');
    await userEvent.tab();
    expect(count.value).toBe('260');
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    await userEvent.tab();
    expect(count.value).toBe('1');
    // Blank keeps the last count; Validate clamps what is typed and asks the service for it.
    await userEvent.clear(count);
    await userEvent.tab();
    expect(count.value).toBe('1');
    await userEvent.type(screen.getByLabelText('RSS feed URL'), 'https://feeds.example/sermons.rss');
    await userEvent.clear(count);
    await userEvent.type(count, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Validate RSS Feed' }));
    expect((await screen.findByTestId('videos-to-process')).textContent).toBe('12');
    expect(count.value).toBe('260');
    expect(sent.find((s) => s.path === '/api/migration/rss/parse')?.body).toEqual({ rssUrl: 'https://feeds.example/sermons.rss', maxVideos: 260 });
    // After validation the summary follows the count as it is typed, without the field being rewritten.
    await userEvent.clear(count);
    await userEvent.type(count, '10');
    expect(count.value).toBe('10');
    expect(screen.getByTestId('videos-to-process').textContent).toBe('10');
  });

  test('a feed the service refuses shows its message and no summary', async () => {
    serve({
      'GET /api/identity/organizations/public': ORGS,
      'POST /api/migration/rss/parse': { status: 400, body: { type: 'about:blank', title: 'Bad Request', status: 400, code: 'bad_request', detail: 'The feed has no audio or video items.' } },
    });
    showSetup();
    await userEvent.type(screen.getByLabelText('RSS feed URL'), 'https://feeds.example/empty.rss');
    await userEvent.click(screen.getByRole('button', { name: 'Validate RSS Feed' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The feed has no audio or video items.'));
    expect(screen.queryByTestId('videos-to-process')).toBeNull();
  });
});
