import styled from 'styled-components';
import { Button } from '@lectern/shell-kit';
import { PageCard } from '../pages/staff.styles.ts';
import { PIPELINE_STEPS, percentOf, stepLabel, stepMessage, stepState } from '../sermons/pipeline.steps.ts';
import type { StepState } from '../sermons/pipeline.steps.ts';
import type { SermonProgress } from '../sermons/sermon.types.ts';

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  margin-bottom: 1rem;
  h2 {
    font-size: 1.25rem;
    margin: 0;
  }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;

const COLOURS: Record<StepState, string> = {
  pending: '#9aa3b2',
  processing: '#c59a12',
  completed: '#2f7a4f',
  failed: '#b4322d',
};

const Step = styled.li<{ $state: StepState }>`
  padding-top: 0.25rem;
  > div > div {
    background: ${({ $state }) => COLOURS[$state]};
  }
  strong {
    display: block;
  }
  span {
    color: ${({ $state }) => COLOURS[$state]};
    font-weight: 600;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const Bar = styled.div`
  height: 6px;
  background: ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  margin: 0.35rem 0;
  div {
    height: 100%;
    border-radius: 999px;
    transition: width 300ms ease;
  }
`;

/** The four steps (Upload, Transcribe, Outline, 5-Day Devotional) while the sermon is processed, and Stop. */
export function PipelineStepper({
  progress,
  stopping,
  onStop,
}: {
  progress: SermonProgress;
  stopping: boolean;
  onStop(): void;
}) {
  return (
    <PageCard aria-label="Processing progress">
      <Head>
        <h2>Processing</h2>
        <Button type="button" $variant="secondary" disabled={stopping} onClick={onStop}>
          Stop
        </Button>
      </Head>
      <Steps>
        {PIPELINE_STEPS.map(({ step, label }) => {
          const state = stepState(progress, step);
          const percent = Math.round(percentOf(progress, step));
          return (
            <Step
              key={step}
              $state={state}
              aria-current={progress.currentStep === step ? 'step' : undefined}
              data-step={step}
              data-state={state}
            >
              <strong>{label}</strong>
              <span>{stepLabel(progress, step)}</span>
              <Bar aria-hidden="true">
                <div style={{ width: `${state === 'completed' ? 100 : percent}%` }} />
              </Bar>
              {state !== 'pending' && <small>{stepMessage(progress, step)}</small>}
            </Step>
          );
        })}
      </Steps>
    </PageCard>
  );
}
