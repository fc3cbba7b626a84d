import styled from 'styled-components';

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
