/**
 * @jest-environment jsdom
 */
// The processing stepper (spec 000 §4): four steps with their state, percent and message, and Stop.
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot } from '@lectern/shell-kit';
import { PipelineStepper } from '../../src/components/PipelineStepper.tsx';
import { defaultProgress, type SermonProgress } from '../../src/sermons/sermon.types.ts';

const progress = (change: Partial<SermonProgress>): SermonProgress => ({ ...defaultProgress('s1'), ...change });

function showStepper(value: SermonProgress, stopping = false, onStop: () => void = () => undefined) {
  render(
    <ThemeRoot>
      <PipelineStepper progress={value} stopping={stopping} onStop={onStop} />
    </ThemeRoot>,
  );
  const steps = screen.getAllByRole('listitem');
  return Object.fromEntries(steps.map((item) => [item.getAttribute('data-step'), item])) as Record<string, HTMLElement>;
}

afterEach(cleanup);

const text = (item: HTMLElement | undefined, selector: string) => item?.querySelector(selector)?.textContent ?? null;

describe('PipelineStepper', () => {
  test('the four steps in order: done, running with its percent, waiting', () => {
    const steps = showStepper(progress({ uploadPct: 100, transcribePct: 42.4, currentStep: 'transcribe' }));
    expect(screen.getAllByRole('listitem').map((item) => text(item, 'strong'))).toEqual(['Upload', 'Transcribe', 'Outline', '5-Day Devotional']);
    expect(steps.upload?.getAttribute('data-state')).toBe('completed');
    expect(text(steps.upload, 'span')).toBe('Completed');
    expect(text(steps.upload, 'small')).toBe('File uploaded successfully');
    expect(steps.transcribe?.getAttribute('data-state')).toBe('processing');
    expect(steps.transcribe?.getAttribute('aria-current')).toBe('step');
    expect(text(steps.transcribe, 'span')).toBe('42%');
    expect(text(steps.transcribe, 'small')).toBe('Transcribing audio with AI...');
    expect(steps.outline?.getAttribute('data-state')).toBe('pending');
    expect(text(steps.outline, 'span')).toBe('Waiting to start...');
    expect(text(steps.outline, 'small')).toBeNull();
    expect(steps.outline?.getAttribute('aria-current')).toBeNull();
  });

  test('a failed step says Failed with the failure message; the steps before it stay completed', () => {
    const steps = showStepper(progress({ uploadPct: 100, transcribePct: 100, outlinePct: 30, currentStep: 'outline', status: 'failed', errorMessage: 'model missing' }));
    expect(steps.transcribe?.getAttribute('data-state')).toBe('completed');
    expect(steps.outline?.getAttribute('data-state')).toBe('failed');
    expect(text(steps.outline, 'span')).toBe('Failed');
    expect(text(steps.outline, 'small')).toBe('Processing failed');
    expect(steps.devotion?.getAttribute('data-state')).toBe('pending');
  });

  test('Stop asks once per click, and is disabled while stopping', async () => {
    const onStop = jest.fn(() => undefined);
    showStepper(progress({ uploadPct: 100, currentStep: 'transcribe' }), false, onStop);
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
    cleanup();
    showStepper(progress({}), true, onStop);
    expect((screen.getByRole('button', { name: 'Stop' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
