/**
 * @jest-environment jsdom
 */
// The waiting list's capture events (spec 001 §7 Other) through the shell kit's real analytics
// client to the collector: joining sends waitlist_joined, a confirmed link waitlist_confirmed once;
// a refused join, an already-confirmed or an expired link send neither; no address in any event.
import { afterEach, beforeAll, expect, test } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAnalyticsForTests, type CollectorReader } from '@lectern/shell-kit/testing';
import { showWaitlist } from './waitlist.render.tsx';
import { installIdentityApi } from './fake.identity.ts';

let collector: CollectorReader;
/** The page's answer may take a while on a loaded machine (the default wait is 1 s). */
const SLOW = { timeout: 15_000 };

beforeAll(() => {
  collector = startAnalyticsForTests();
});
afterEach(cleanup);

const problem = (status: number, detail: string) => ({ status, body: { type: 'about:blank', title: 'Refused', status, detail } });

test('joining the waiting list sends waitlist_joined (source marketing-landing) and no address', async () => {
  const api = installIdentityApi({ 'POST /waitlist': () => ({ status: 202, body: { message: 'sent', email: 'ruth@example.org' } }) });
  showWaitlist('/');
  await userEvent.type(screen.getByLabelText('Join the waiting list with your e-mail address'), 'ruth@example.org');
  await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
  await screen.findByRole('heading', { name: 'Check your inbox' }, SLOW);
  expect(collector.captured(api.calls)).toEqual([{ name: 'waitlist_joined', properties: { source: 'marketing-landing' } }]);
  expect(JSON.stringify(collector.bodies(api.calls))).not.toMatch(/@/);
});

test('a refused join sends nothing', async () => {
  const api = installIdentityApi({ 'POST /waitlist': () => problem(409, 'This email address is already on the waiting list.') });
  showWaitlist('/');
  await userEvent.type(screen.getByLabelText('Join the waiting list with your e-mail address'), 'ann@example.org');
  await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
  await screen.findByRole('alert', {}, SLOW);
  expect(collector.captured(api.calls)).toEqual([]);
});

test('a confirmed link sends waitlist_confirmed once (the page mounted twice), without the token', async () => {
  const api = installIdentityApi({ 'GET /waitlist/confirm': () => ({ status: 200, body: { status: 'confirmed' } }) });
  const token = `confirm-${Math.random().toString(36).slice(2)}`;
  showWaitlist(`/waitlist/confirm?token=${token}`);
  await screen.findByRole('heading', { name: 'You’re in!' }, SLOW);
  cleanup();
  showWaitlist(`/waitlist/confirm?token=${token}`);
  await screen.findByRole('heading', { name: 'You’re in!' }, SLOW);
  expect(collector.captured(api.calls)).toEqual([{ name: 'waitlist_confirmed', properties: { source: 'marketing-landing' } }]);
  expect(JSON.stringify(collector.bodies(api.calls))).not.toContain(token);
});

test.each([
  ['already confirmed', { status: 200, body: { status: 'already_confirmed' } }, 'Already Confirmed'],
  ['expired', problem(410, 'Token expired'), 'Link Expired'],
])('an %s link sends nothing', async (_name, answer, heading) => {
  const api = installIdentityApi({ 'GET /waitlist/confirm': () => answer });
  showWaitlist(`/waitlist/confirm?token=other-${Math.random().toString(36).slice(2)}`);
  await screen.findByRole('heading', { name: heading }, SLOW);
  expect(collector.captured(api.calls)).toEqual([]);
});
