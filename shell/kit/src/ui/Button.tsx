import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/** A button; render it as a link with `as="a"` or `as={AppLink}`. */
export const Button = styled.button<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5em;
  padding: 0.65em 1.3em;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition: background 120ms ease, border-color 120ms ease;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.primaryText};
          &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; }
        `
      : $variant === 'secondary'
        ? css`
            background: ${theme.colors.surface};
            color: ${theme.colors.primary};
            border-color: ${theme.colors.border};
            &:hover:not(:disabled) { border-color: ${theme.colors.primary}; }
          `
        : css`
            background: transparent;
            color: ${theme.colors.primary};
            &:hover:not(:disabled) { background: ${theme.colors.accentSoft}; }
          `}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;
