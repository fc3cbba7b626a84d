import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrap = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  padding: 3rem 1rem;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const Ring = styled.span`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

/** Loading indicator with an accessible label. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Wrap role="status" aria-live="polite">
      <Ring aria-hidden="true" />
      <span>{label}</span>
    </Wrap>
  );
}
