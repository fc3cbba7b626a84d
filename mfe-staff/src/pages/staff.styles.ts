import styled from 'styled-components';
import { Card } from '@lectern/shell-kit';

export const Stack = styled.div`
  display: grid;
  gap: 1.25rem;
`;

export const CardTitle = styled.h2`
  font-size: 1.25rem;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  margin: 0 0 1rem;
`;

/** The kit's card with less padding on a phone, where the page already has its own margin. */
export const PageCard = styled(Card)`
  @media (max-width: 560px) {
    padding: 1.1rem 1rem;
  }
`;
