/**
 * @jest-environment jsdom
 */
// Who reaches /sermons: staff see the page, a VOLUNTEER (Sermons is in their navigation) gets the
// explanation and the way to the library, a MEMBER is sent to the member dashboard (spec 000 §2).
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ThemeRoot } from '@lectern/shell-kit';
import { SermonScreensGate } from '../../src/components/StaffOnly.tsx';
import { signInAs } from './session.fixture.ts';

const show = () =>
  render(
    <ThemeRoot>
      <SermonScreensGate>
        <p>the sermon library</p>
      </SermonScreensGate>
    </ThemeRoot>,
  );

beforeEach(() => {
  window.singleSpaNavigate = () => undefined;
  window.history.replaceState(null, '', '/sermons');
});
afterEach(cleanup);

describe('SermonScreensGate', () => {
  test('staff roles see the page', () => {
    for (const role of ['ADMIN', 'PASTOR', 'STAFF'] as const) {
      signInAs(role);
      const { unmount } = show();
      expect(screen.getByText('the sermon library').isConnected).toBe(true);
      unmount();
    }
  });

  test('a VOLUNTEER gets the explanation and a link to the library, not the page', () => {
    signInAs('VOLUNTEER');
    show();
    expect(screen.getByText("Sermon management is for your church's staff").isConnected).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to your sermon library' }).getAttribute('href')).toBe('/member/dashboard');
    expect(screen.queryByText('the sermon library')).toBeNull();
    expect(window.location.pathname).toBe('/sermons');
  });

  test('a MEMBER is sent to /member/dashboard', async () => {
    signInAs('MEMBER');
    show();
    await waitFor(() => expect(window.location.pathname).toBe('/member/dashboard'));
    expect(screen.queryByText('the sermon library')).toBeNull();
  });
});
