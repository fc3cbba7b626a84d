/**
 * @jest-environment jsdom
 */
// The RSS migration's setup view (spec 001 §2, §5): pick an organization (searchable), validate the
// feed, see the summary, start; what is sent to the migration service and what a refusal shows.
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot } from '@lectern/shell-kit';
import { MigrationSetup } from '../src/migration/MigrationSetup.tsx';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body: unknown };

/** The identity and migration routes the view calls; every request is recorded. */
function serve(routes: Record<string, Answer>): Sent[] {
  const sent: Sent[] = [];
  window.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://lectern.test').pathname;
    sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = routes[`${method} ${path}`] ?? { status: 404, body: { title: 'Not Found', status: 404, detail: 'no such route' } };
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return { ok: status < 300, status, headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) }, json: async () => body, text: async () => JSON.stringify(body) } as unknown as Response;
  }) as typeof fetch;
  return sent;
}

const ORGS = { status: 200, body: { items: [{ id: 'org-grace', name: 'Grace Church' }, { id: 'org-hope', name: 'Hope Chapel' }] } };
const video = (n: number) => ({ title: `Sermon ${n}`, publishedAt: '2026-11-01T10:00:00.000Z', mediaUrl: `https://feeds.example/${n}.mp4`, mediaType: 'video/mp4', duration: 1800, guid: `g${n}` });
const FEED = { status: 200, body: { success: true, error: null, videos: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(video) } };

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
    // One change to 10 (typing digit by digit clamps each step: '' → 1 → 11…).
    fireEvent.change(count, { target: { value: '10' } });
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
