import styled from 'styled-components';

/** A white card with a soft shadow. */
export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: 1.5rem;
`;

/** Page-width content column. */
export const PageContainer = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2rem 1.5rem 4rem;
`;

export const PageTitle = styled.h1`
  font-size: 2rem;
  color: ${({ theme }) => theme.colors.ink};
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: 1.1rem;
  margin: 0 0 1.5rem;
`;
