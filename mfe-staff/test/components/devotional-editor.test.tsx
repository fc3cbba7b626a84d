/**
 * @jest-environment jsdom
 */
// The 5-day series' editor (spec 000 §5): only an ADMIN or PASTOR sees Edit, one day at a time;
// Short/Long forms edited separately; observations one per line; Save sends the whole day.
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot } from '@lectern/shell-kit';
import { DevotionalSeries } from '../../src/components/DevotionalSeries.tsx';
import type { Devotional } from '../../src/sermons/sermon.types.ts';
import { signInAs, signOut } from './session.fixture.ts';

function day(n: number): Devotional {
  const part = { observations: [`Observation ${n}`], interpretation: 'Meaning', application: 'Do it', keyTakeaway: 'Trust', question: 'Where?' };
  return {
    id: `d${n}`,
    sermonId: 's1',
    dayNumber: n,
    title: `Day ${n} title`,
    theme: `Theme ${n}`,
    openingPrayer: { quick: 'Lord, help.', full: 'Lord, help us walk by faith today.' },
    scripturePassage: { quick: { reference: 'Hebrews 11:1', text: 'Now faith is…', context: '' }, full: { reference: 'Hebrews 11:1', text: 'Now faith is assurance…', context: 'Context.' } },
    reflection: { quick: { ...part }, full: { ...part, observations: ['Long one', 'Long two'] } },
    closingPrayer: { quick: 'Amen.', full: 'In Jesus’ name, amen.' },
    additionalScripture: null,
  };
}

const DAYS = [1, 2, 3, 4, 5].map(day);

function showSeries(onSave: (d: Devotional) => Promise<boolean>) {
  render(
    <ThemeRoot>
      <DevotionalSeries sermonTitle="Faith Forward" devotionals={DAYS} saving={false} onSave={onSave} />
    </ThemeRoot>,
  );
  const panels = [...document.querySelectorAll<HTMLElement>('details[data-day]')];
  return (n: number) => panels[n - 1]!;
}

afterEach(() => {
  cleanup();
  signOut();
});

describe('devotional editor', () => {
  test('a STAFF member sees the days but no Edit; a PASTOR sees Edit on every day', () => {
    signInAs('STAFF');
    let panel = showSeries(async () => true);
    expect(within(panel(1)).queryByRole('button', { name: 'Edit', hidden: true })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Print Short Form', hidden: true })).toHaveLength(5);
    cleanup();
    signInAs('PASTOR');
    panel = showSeries(async () => true);
    for (const n of [1, 2, 3, 4, 5]) expect(within(panel(n)).getByRole('button', { name: 'Edit', hidden: true })).toBeTruthy();
  });

  test('editing one day hides Edit on the others; Save sends the edited day with observations one per line', async () => {
    signInAs('ADMIN');
    const onSave = jest.fn(async (_d: Devotional) => true);
    const panel = showSeries(onSave);
    await userEvent.click(within(panel(1)).getByRole('button', { name: 'Edit' }));
    expect(within(panel(2)).queryByRole('button', { name: 'Edit', hidden: true })).toBeNull();

    const title = within(panel(1)).getByLabelText('Title') as HTMLInputElement;
    await userEvent.clear(title);
    await userEvent.type(title, 'Hearing first');
    const observations = within(panel(1)).getByLabelText(/Observations/) as HTMLTextAreaElement;
    expect(observations.value).toBe('Observation 1');
    await userEvent.type(observations, '\n  Second look  \n\n');
    await userEvent.click(within(panel(1)).getByRole('tab', { name: 'Long Form' }));
    const longObservations = within(panel(1)).getByLabelText(/Observations/) as HTMLTextAreaElement;
    expect(longObservations.value).toBe('Long one\nLong two');
    await userEvent.click(within(panel(1)).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0]![0];
    expect(saved.id).toBe('d1');
    expect(saved.title).toBe('Hearing first');
    expect(saved.reflection.quick.observations).toEqual(['Observation 1', 'Second look']);
    expect(saved.reflection.full.observations).toEqual(['Long one', 'Long two']);
    expect(saved.additionalScripture).toBeNull();
    await waitFor(() => expect(within(panel(2)).getByRole('button', { name: 'Edit', hidden: true })).toBeTruthy());
  });

  test('Cancel drops the edits and sends nothing', async () => {
    signInAs('PASTOR');
    const onSave = jest.fn(async (_d: Devotional) => true);
    const panel = showSeries(onSave);
    await userEvent.click(within(panel(1)).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(panel(1)).getByLabelText('Theme'), ' changed');
    await userEvent.click(within(panel(1)).getByRole('button', { name: 'Cancel' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(within(panel(1)).queryByLabelText('Theme')).toBeNull();
    expect(within(panel(1)).getByText('Day 1: Day 1 title')).toBeTruthy();
  });
});
