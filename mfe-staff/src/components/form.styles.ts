import styled from 'styled-components';

export const EditGrid = styled.div`
  display: grid;
  gap: 0.85rem;
`;

export const EditField = styled.label`
  display: grid;
  gap: 0.3rem;
  font-weight: 600;
  input,
  select,
  textarea {
    font: inherit;
    font-weight: 400;
    padding: 0.55em 0.7em;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  textarea {
    min-height: 5.5em;
    resize: vertical;
  }
  small {
    color: ${({ theme }) => theme.colors.inkMuted};
    font-weight: 400;
  }
`;

export const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  align-items: center;
`;

export const SubHeading = styled.h3`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: 1rem;
  margin: 1rem 0 0.35rem;
`;

export const Placeholder = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-style: italic;
`;
