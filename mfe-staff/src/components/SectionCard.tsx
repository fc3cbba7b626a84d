import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Panel } from '@lectern/shell-kit';
import { PageCard } from '../pages/staff.styles.ts';
import type { StepState } from '../sermons/pipeline.steps.ts';
import { PENDING_LABEL } from '../sermons/pipeline.steps.ts';
import { useCompletionFlash } from '../hooks/useCompletionFlash.ts';

const Bar = styled.div`
  height: 6px;
  max-width: 360px;
  background: ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  overflow: hidden;
  div {
    height: 100%;
    background: ${({ theme }) => theme.colors.accent};
    transition: width 300ms ease;
  }
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  flex-wrap: wrap;
  margin-bottom: 0.75rem;
  h2 {
    font-size: 1.25rem;
    margin: 0;
  }
`;

const Title = styled.div`
  display: flex;
  align-items: baseline;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

const Tools = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

const Success = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  margin: 0 0 0.5rem;
`;

/** One result section (transcription, outline, devotionals) in its pending, processing, completed or error state. */
export function SectionCard({
  title,
  state,
  percent,
  failureTitle,
  retrying,
  onRetry,
  tools,
  children,
}: {
  title: string;
  state: StepState;
  percent: number;
  failureTitle: string;
  retrying: boolean;
  onRetry(): void;
  tools?: ReactNode;
  children?: ReactNode;
}) {
  const flash = useCompletionFlash(state);
  return (
    <PageCard aria-label={title} data-state={state}>
      <Head>
        <Title>
          <h2>{title}</h2>
          {flash && <Success role="status">✓ Completed</Success>}
        </Title>
        {state === 'completed' && tools && <Tools>{tools}</Tools>}
      </Head>
      {state === 'pending' && <Muted>{PENDING_LABEL}</Muted>}
      {state === 'processing' && (
        <>
          <Muted>Processing… {Math.round(percent)}%</Muted>
          <Bar
            role="progressbar"
            aria-label={`${title} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
          >
            <div style={{ width: `${Math.max(2, Math.min(100, percent))}%` }} />
          </Bar>
        </>
      )}
      {state === 'failed' && (
        <Panel tone="danger" title={failureTitle} role="alert">
          <p>There was an error processing the transcription.</p>
          <Button type="button" disabled={retrying} onClick={onRetry}>
            Retry Processing
          </Button>
        </Panel>
      )}
      {state === 'completed' && children}
    </PageCard>
  );
}
