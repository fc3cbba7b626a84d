/**
 * @jest-environment jsdom
 */
// The 'Sermon Outline' section's editor (spec 000 §3, §5): locked while processing, main points
// edited point by point, lists one item per line, Save sends the whole outline, Cancel sends nothing.
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot } from '@lectern/shell-kit';
import { OutlineSection } from '../../src/components/OutlineSection.tsx';
import type { Outline } from '../../src/sermons/sermon.types.ts';

const OUTLINE: Outline = {
  theme: 'Walking by faith',
  mainPoints: [
    { title: 'Faith hears', summary: 'Faith begins by listening.', scripture: 'Romans 10:17', details: '<p>Romans 10 says faith comes by hearing.</p>' },
    { title: 'Faith steps out', summary: 'Abraham went out.', scripture: 'Hebrews 11:8' },
  ],
  keyPoints: ['Listen', 'Obey'],
  scriptures: ['Hebrews 11:1'],
  applications: ['Take one step this week.'],
  illustrations: [],
  conclusion: ['Walk on.'],
};

const card = { state: 'completed' as const, percent: 100, failureTitle: 'Outline Generation Failed', retrying: false, onRetry: () => undefined };

function showOutline(onSave: (outline: Outline) => Promise<boolean>, locked = false) {
  render(
    <ThemeRoot>
      <OutlineSection sermonTitle="Faith Forward" outline={OUTLINE} saving={false} locked={locked} onSave={onSave} card={card} />
    </ThemeRoot>,
  );
  return screen.getByRole('region', { name: 'Sermon Outline' });
}

afterEach(cleanup);

describe('outline editor', () => {
  test('Edit is disabled while the sermon is processing, with the reason shown', () => {
    const section = showOutline(async () => true, true);
    expect((within(section).getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(section).getByText('Editing opens when processing has finished.')).toBeTruthy();
  });

  test('Save sends the edited points and lists (one item per line) and closes the form', async () => {
    const onSave = jest.fn(async (_outline: Outline) => true);
    const section = showOutline(onSave);
    await userEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    const firstPoint = within(section).getByRole('group', { name: 'Main point 1' });
    const title = within(firstPoint).getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Faith hears');
    await userEvent.clear(title);
    await userEvent.type(title, 'Faith listens');
    const keyPoints = within(section).getByLabelText(/Key points/) as HTMLTextAreaElement;
    expect(keyPoints.value).toBe('Listen\nObey');
    await userEvent.type(keyPoints, '\nPray');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledTimes(1);
    const saved = onSave.mock.calls[0]![0];
    expect(saved.mainPoints?.map((point) => point.title)).toEqual(['Faith listens', 'Faith steps out']);
    expect(saved.mainPoints?.[0]?.scripture).toBe('Romans 10:17');
    expect(saved.keyPoints).toEqual(['Listen', 'Obey', 'Pray']);
    expect(saved.theme).toBe('Walking by faith');
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Save' })).toBeNull());
    expect(within(section).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  test('a refused save keeps the form open with the edits; Cancel closes it without saving', async () => {
    const onSave = jest.fn(async (_outline: Outline) => false);
    const section = showOutline(onSave);
    await userEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    const theme = within(section).getByLabelText('Theme') as HTMLInputElement;
    await userEvent.clear(theme);
    await userEvent.type(theme, 'New theme');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect((within(section).getByLabelText('Theme') as HTMLInputElement).value).toBe('New theme');
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByLabelText('Theme')).toBeNull();
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
