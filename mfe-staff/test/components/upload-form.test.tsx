/**
 * @jest-environment jsdom
 */
// 'Upload New Sermon' (spec 000 §4, §5, §8): Start waits for a recording and for quota; the form
// names each missing field; what is sent to the sermons service (with an Idempotency-Key); a refusal
// is shown in the form.
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { flagsStore, ThemeRoot } from '@lectern/shell-kit';
import { UploadForm } from '../../src/components/UploadForm.tsx';
import { uploadStore } from '../../src/hooks/upload.store.ts';
import type { QuotaUsage } from '../../src/sermons/sermon.types.ts';
import { signInAs, signOut } from './session.fixture.ts';

const QUOTA: QuotaUsage = { used: 1, quota_limit: 4, remaining: 3, resets_at: '2026-12-01T00:00:00.000Z' };
interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The Idempotency-Key of each request `serve` answered (undefined when it had none). */
const keysSent: (string | undefined)[] = [];

/** The sermons service as the page's API client sees it: every request recorded, one canned answer. */
function serve(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  keysSent.length = 0;
  window.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', path: new URL(String(input), 'http://lectern.test').pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    keysSent.push((init?.headers as Record<string, string> | undefined)?.['idempotency-key']);
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return { ok: status < 300, status, headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) }, json: async () => body, text: async () => JSON.stringify(body) } as unknown as Response;
  }) as typeof fetch;
  return sent;
}

function showForm(quota: QuotaUsage | null = QUOTA) {
  return render(
    <ThemeRoot>
      <MemoryRouter>
        <UploadForm quota={quota} onUploaded={() => undefined} />
      </MemoryRouter>
    </ThemeRoot>,
  );
}

const start = () => screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement;
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
const recording = () => new File([new Uint8Array(2048)], 'Sunday Service.mp3', { type: 'audio/mpeg' });

beforeEach(() => {
  signInAs('PASTOR');
  act(() => flagsStore.getState().loaded({ sermon_url_upload_enabled: false }));
});
afterEach(() => {
  cleanup();
  signOut();
  act(() => uploadStore.setState({ phase: 'idle', error: null }));
});

describe('upload form', () => {
  test('Start stays disabled until a recording is chosen; the quota line shows what is used', async () => {
    showForm();
    expect(screen.getByTestId('quota-line').textContent).toMatch(/^1 of 4 uploads used this cycle/);
    expect(start().disabled).toBe(true);
    await userEvent.upload(fileInput(), recording());
    expect(screen.getByText(/Sunday Service\.mp3/)).toBeTruthy();
    expect(start().disabled).toBe(false);
  });

  test('with no upload left, Start is disabled and the limit message says when it resets', async () => {
    showForm({ ...QUOTA, used: 4, remaining: 0 });
    await userEvent.upload(fileInput(), recording());
    expect(start().disabled).toBe(true);
    expect(screen.getByTestId('quota-reached').textContent).toMatch(/^Upload limit reached for this cycle\. Resets on /);
  });

  test('a file that is not audio or video is refused with the spec message', async () => {
    showForm();
    await userEvent.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(screen.getByText(/^File type must be one of \.mp4, \.mov/)).toBeTruthy();
    expect(start().disabled).toBe(true);
  });

  test('missing fields are named and nothing is sent', async () => {
    const sent = serve(201, {});
    showForm();
    await userEvent.upload(fileInput(), recording());
    await userEvent.type(screen.getByLabelText('Speaker'), 'Pastor Ann');
    await userEvent.click(start());
    expect(screen.getByText('Title is required.')).toBeTruthy();
    expect(screen.getByText('Recording date is required.')).toBeTruthy();
    expect(screen.queryByText('Speaker is required.')).toBeNull();
    expect(sent).toEqual([]);
  });

  test('sends the trimmed fields and the file\u2019s name, size and type; a refusal is shown in the form, the values kept', async () => {
    const sent = serve(429, { type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'rate_limited', detail: 'Service is currently busy. Please try again in a few minutes.' });
    showForm();
    await userEvent.type(screen.getByLabelText('Title'), '  Faith Forward ');
    await userEvent.type(screen.getByLabelText('Speaker'), 'Pastor Ann');
    await userEvent.type(screen.getByLabelText('Recording date'), '2026-11-22');
    await userEvent.upload(fileInput(), recording());
    await userEvent.click(start());
    await waitFor(() => expect(screen.getByText('Service is currently busy. Please try again in a few minutes.')).toBeTruthy());
    expect(sent).toEqual([
      { method: 'POST', path: '/api/sermons/sermons', body: { title: 'Faith Forward', speaker: 'Pastor Ann', recordedAt: '2026-11-22', file: { name: 'Sunday Service.mp3', size: 2048, contentType: 'audio/mpeg' } } },
    ]);
    expect(keysSent).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('  Faith Forward ');
    expect(start().disabled).toBe(false);
  });
});
