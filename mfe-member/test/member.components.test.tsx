/**
 * @jest-environment jsdom
 */
// The member area's small controls: the favourite star and the progress bar, as assistive
// technology and a pointer meet them.
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeRoot } from '@lectern/shell-kit';
import { FavoriteButton } from '../src/components/FavoriteButton.tsx';
import { ProgressBar } from '../src/components/ProgressBar.tsx';

afterEach(cleanup);

function Favourite({ onToggle }: { onToggle(favorite: boolean): void }) {
  const [favorite, setFavorite] = useState(false);
  return (
    <ThemeRoot>
      <FavoriteButton
        favorite={favorite}
        title="Walking by Faith"
        onToggle={(next) => {
          onToggle(next);
          setFavorite(next);
        }}
      />
    </ThemeRoot>
  );
}

describe('FavoriteButton', () => {
  test('a toggle button named for the sermon; pressing it adds, pressing again removes', async () => {
    const onToggle = jest.fn((_favorite: boolean) => undefined);
    render(<Favourite onToggle={onToggle} />);
    const add = screen.getByRole('button', { name: 'Add Walking by Faith to favorites' });
    expect(add.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(add);
    const remove = screen.getByRole('button', { name: 'Remove Walking by Faith from favorites' });
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    remove.focus();
    await userEvent.keyboard('{Enter}');
    expect(onToggle.mock.calls.map(([value]) => value)).toEqual([true, false]);
    expect(screen.getByRole('button', { name: 'Add Walking by Faith to favorites' })).toBeTruthy();
  });
});

describe('ProgressBar', () => {
  test('a progressbar with its label and value, and the percent in words', () => {
    render(
      <ThemeRoot>
        <ProgressBar percent={67} label="Your progress on Walking by Faith" />
      </ThemeRoot>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Your progress on Walking by Faith' });
    expect(bar.getAttribute('aria-valuenow')).toBe('67');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('67% complete')).toBeTruthy();
  });
});
