import styled from 'styled-components';

const Star = styled.button`
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: #8a5a00;
  border-radius: 999px;
  min-width: 44px;
  min-height: 44px;
  font-size: 1.2rem;
  line-height: 1;
  cursor: pointer;
  flex-shrink: 0;
  &[aria-pressed='true'] { background: ${({ theme }) => theme.colors.accentSoft}; border-color: ${({ theme }) => theme.colors.accent}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;

export function FavoriteButton({ favorite, title, onToggle }: { favorite: boolean; title: string; onToggle: (favorite: boolean) => void }) {
  return (
    <Star type="button" aria-pressed={favorite} aria-label={favorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`} onClick={() => onToggle(!favorite)}>
      <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
    </Star>
  );
}
