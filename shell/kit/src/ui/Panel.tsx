import type { ReactNode } from 'react';
import styled from 'styled-components';

export type PanelTone = 'info' | 'success' | 'danger' | 'neutral';

const Box = styled.div<{ $tone: PanelTone }>`
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1rem 1.25rem;
  border: 1px solid
    ${({ theme, $tone }) =>
      $tone === 'danger' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : $tone === 'info' ? theme.colors.info : theme.colors.border};
  background: ${({ theme, $tone }) =>
    $tone === 'danger' ? theme.colors.dangerSoft : $tone === 'success' ? theme.colors.successSoft : $tone === 'info' ? theme.colors.infoSoft : theme.colors.surface};
  h2, h3 { font-family: ${({ theme }) => theme.fonts.body}; font-size: 1.05rem; margin: 0 0 0.35rem; }
  p { margin: 0.25rem 0; }
`;

/** A framed message box. */
export function Panel({ tone = 'neutral', title, children, role }: { tone?: PanelTone; title?: string; children?: ReactNode; role?: string }) {
  return (
    <Box $tone={tone} role={role}>
      {title && <h3>{title}</h3>}
      {children}
    </Box>
  );
}
