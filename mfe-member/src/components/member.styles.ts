import styled from 'styled-components';

export const Section = styled.section`
  margin: 0 0 1.4rem;
  h3 { font-size: 1.05rem; margin: 0 0 0.5rem; color: ${({ theme }) => theme.colors.ink}; }
  p, li { overflow-wrap: anywhere; }
  ul { padding-left: 1.2rem; margin: 0.25rem 0; }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-style: italic;
  margin: 0.25rem 0;
`;

export const ToggleButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.45rem;
  padding: 0.55rem 1rem;
  min-height: 44px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[aria-pressed='true'] { background: ${({ theme }) => theme.colors.successSoft}; border-color: ${({ theme }) => theme.colors.success}; color: #1d5535; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
  &:disabled { opacity: 0.6; cursor: wait; }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
  align-items: center;
  margin-bottom: 1.25rem;
`;
