import styled from 'styled-components';

export const EditGrid = styled.div`
  display: grid;
  gap: 0.85rem;
`;

export const EditField = styled.label`
  display: grid;
  /* in a form grid the row may be taller (a neighbour's hint): label and input stay at the top, not stretched */
  align-content: start;
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

/** A list of bordered rows, each a text and its action buttons (templates, contacts); `$maxHeight` scrolls it. */
export const ItemList = styled.ul<{ $maxHeight?: string }>`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  display: grid;
  gap: 0.4rem;
  ${({ $maxHeight }) => ($maxHeight ? `max-height: ${$maxHeight}; overflow-y: auto;` : '')}
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 0.5rem;
    padding: 0.4rem 0.6rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  span {
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;
