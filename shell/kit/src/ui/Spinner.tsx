import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrap = styled.div<{ $inline: boolean }>`
  display: ${({ $inline }) => ($inline ? 'inline-flex' : 'flex')};
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  padding: ${({ $inline }) => ($inline ? '0' : '3rem 1rem')};
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

/** Loading indicator with an accessible label; `inline` sits beside text (a heading) instead of filling a block. */
export function Spinner({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <Wrap role="status" aria-live="polite" $inline={inline}>
      <Ring aria-hidden="true" />
      {label && <span>{label}</span>}
    </Wrap>
  );
}
