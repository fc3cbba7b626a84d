import styled from 'styled-components';

export const Section = styled.section`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 3.5rem 1.5rem;
`;

export const SectionTitle = styled.h2`
  font-size: 1.9rem;
  text-align: center;
  margin-bottom: 0.4rem;
`;

export const SectionLead = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.inkMuted};
  max-width: 640px;
  margin: 0 auto 2.25rem;
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = '240px' }) => $min}, 1fr));
  gap: 1.25rem;
`;

export const Badge = styled.span`
  display: inline-block;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  /* the accent darkened: 4.5:1 on its soft background (axe color-contrast) */
  color: #7a4e0c;
  background: ${({ theme }) => theme.colors.accentSoft};
  padding: 0.2rem 0.6rem;
  border-radius: 999px;
`;

export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
