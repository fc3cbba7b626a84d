import { useEffect, useRef, useState } from 'react';
import type { StepState } from '../sermons/pipeline.steps.ts';
import { SUCCESS_FLASH_MS, startsCompletionFlash } from '../sermons/pipeline.steps.ts';

export { SUCCESS_FLASH_MS };

/**
 * True for 3 seconds after a section moves into completed — once per completion: a section that
 * is already completed when the page opens does not flash, one that fails and completes again does.
 */
export function useCompletionFlash(state: StepState): boolean {
  const previous = useRef<StepState | null>(null);
  const [flash, setFlash] = useState(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (!startsCompletionFlash(before, state)) return;
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), SUCCESS_FLASH_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return flash;
}
