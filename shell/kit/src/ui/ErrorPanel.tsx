import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button.tsx';
import { Panel } from './Panel.tsx';

const Actions = styled.div`
  margin-top: 0.75rem;
`;

/** An error the user can read, with an optional retry. */
export function ErrorPanel({ title, message, onRetry, retryLabel = 'Try again', children }: {
  title: string;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Panel tone="danger" title={title} role="alert">
      {message && <p>{message}</p>}
      {children}
      {onRetry && (
        <Actions>
          <Button type="button" onClick={onRetry}>
            {retryLabel}
          </Button>
        </Actions>
      )}
    </Panel>
  );
}
