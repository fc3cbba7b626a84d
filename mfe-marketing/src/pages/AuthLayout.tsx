import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '@lectern/shell-kit';

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: 4rem 1.5rem;
`;

const Box = styled(Card)<{ $wide?: boolean }>`
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? '760px' : '440px')};
  padding: 2.25rem;
  h1 { font-size: 1.8rem; text-align: center; }
  > p { text-align: center; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

export function AuthLayout({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <Wrap>
      <Box $wide={wide}>{children}</Box>
    </Wrap>
  );
}
