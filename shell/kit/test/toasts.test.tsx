/**
 * @jest-environment jsdom
 */
// The toast stack stays short: a repeat is counted on the toast already shown, at most three are
// on screen, and at phone widths only the newest is open (the others fold behind "N more").
import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_TOASTS, toastStore } from '../src/toasts/toast.store.ts';
import { NARROW_TOASTS_QUERY, ToastViewport } from '../src/toasts/ToastViewport.tsx';
import { ThemeRoot } from '../src/theme/ThemeRoot.tsx';

/** A browser window `width` px wide, as far as matchMedia is asked about the toasts' query. */
function windowWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: query === NARROW_TOASTS_QUERY && width <= 480,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const show = (title: string, kind: 'success' | 'error' = 'success', message?: string) =>
  act(() => {
    toastStore.getState().show({ kind, title, message, durationMs: 0 });
  });
const shownTitles = () => [...document.querySelectorAll('[role="status"], [role="alert"]')].map((toast) => toast.querySelector('strong')?.textContent);

beforeEach(() => {
  for (const toast of toastStore.getState().toasts) toastStore.getState().dismiss(toast.id);
  render(<ThemeRoot><ToastViewport /></ThemeRoot>);
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

test('five different toasts on a wide screen: the newest three stay, oldest first', () => {
  windowWidth(1280);
  for (const n of [1, 2, 3, 4, 5]) show(`Toast ${n}`);
  expect(MAX_TOASTS).toBe(3);
  expect(shownTitles()).toEqual(['Toast 3', 'Toast 4', 'Toast 5']);
  expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
});

test('the same toast five times is one toast counting ×5, moved to the newest place', () => {
  windowWidth(1280);
  show('Catalog synced');
  show('Failed to set mode', 'error');
  for (let i = 0; i < 4; i += 1) show('Catalog synced');
  expect(shownTitles()).toEqual(['Failed to set mode', 'Catalog synced×5']);
});

test('a repeat starts its time again instead of ending with the first one', () => {
  jest.useFakeTimers();
  windowWidth(1280);
  act(() => {
    toastStore.getState().show({ kind: 'success', title: 'Saved', durationMs: 5000 });
  });
  act(() => jest.advanceTimersByTime(4000));
  act(() => {
    toastStore.getState().show({ kind: 'success', title: 'Saved', durationMs: 5000 });
  });
  act(() => jest.advanceTimersByTime(4000));
  expect(shownTitles()).toEqual(['Saved×2']);
  act(() => jest.advanceTimersByTime(1000));
  expect(shownTitles()).toEqual([]);
});

test('a message that repeats the title shows only what it adds', () => {
  windowWidth(1280);
  show('Failed to parse RSS feed', 'error', 'Failed to parse RSS feed: Refused: the address is private.');
  const toast = screen.getByRole('alert');
  expect(within(toast).getByText('Refused: the address is private.')).toBeTruthy();
  expect(toast.textContent).not.toMatch(/feedFailed/);
});

test('at 390 px only the newest toast is open; "2 more" unfolds the others and folds them again', async () => {
  windowWidth(390);
  show('Parsed 12 videos');
  show('Failed to parse RSS feed', 'error', 'Refused');
  show('Migration started successfully!');
  expect(shownTitles()).toEqual(['Migration started successfully!']);
  await userEvent.click(screen.getByRole('button', { name: '2 more' }));
  expect(shownTitles()).toEqual(['Parsed 12 videos', 'Failed to parse RSS feed', 'Migration started successfully!']);
  await userEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
  expect(shownTitles()).toEqual(['Migration started successfully!']);
});

test('dismissing the newest at 390 px opens the one before it', async () => {
  windowWidth(390);
  show('First');
  show('Second');
  await userEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Dismiss' }));
  expect(shownTitles()).toEqual(['First']);
  expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
});
