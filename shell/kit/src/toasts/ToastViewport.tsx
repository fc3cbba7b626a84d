import { useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { toastStore, useToasts } from './toast.store.ts';
import type { ToastKind } from './toast.store.ts';

/** Phone widths: only the newest toast is open, the others fold behind a "more" button. */
export const NARROW_TOASTS_QUERY = '(max-width: 480px)';

const Stack = styled.div`
  position: fixed;
  top: 1rem;
  right: 1rem;
  z-index: ${({ theme }) => theme.layers.toast};
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0.5rem;
  width: min(360px, calc(100vw - 2rem));
  pointer-events: none;
  > * { pointer-events: auto; }
  @media ${NARROW_TOASTS_QUERY} {
    top: 0.5rem;
    right: 0.5rem;
    width: calc(100vw - 1rem);
  }
`;

const Item = styled.div<{ $kind: ToastKind }>`
  width: 100%;
  box-sizing: border-box;
  background: ${({ theme }) => theme.colors.surface};
  border-left: 4px solid
    ${({ theme, $kind }) => ($kind === 'error' ? theme.colors.danger : $kind === 'success' ? theme.colors.success : theme.colors.info)};
  border-radius: ${({ theme }) => theme.radius.sm};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  padding: 0.75rem 2.25rem 0.75rem 1rem;
  position: relative;
  strong { display: block; }
  p { margin: 0.15rem 0 0; color: ${({ theme }) => theme.colors.inkMuted}; font-size: 0.92rem; }
  button { position: absolute; top: 0.4rem; right: 0.5rem; border: 0; background: none; font-size: 1.1rem; cursor: pointer; color: inherit; }
`;

const Repeats = styled.span`
  margin-left: 0.4rem;
  font-weight: 600;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const More = styled.button`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-size: 0.85rem;
  font-weight: 600;
  padding: 0.3rem 0.8rem;
  cursor: pointer;
`;

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Toasts at the top right of the page (at most three; on a phone, the newest open). Render once per page. */
export function ToastViewport() {
  const toasts = useToasts();
  const narrow = useMediaQuery(NARROW_TOASTS_QUERY);
  const [expanded, setExpanded] = useState(false);
  if (expanded && toasts.length <= 1) setExpanded(false);
  const folded = narrow && !expanded ? toasts.length - 1 : 0;
  const shown = folded > 0 ? toasts.slice(-1) : toasts;
  return (
    <Stack aria-live="polite">
      {shown.map((toast) => (
        <Item key={toast.id} $kind={toast.kind} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <strong>
            {toast.title}
            {toast.count > 1 && <Repeats>×{toast.count}</Repeats>}
          </strong>
          {toast.message && <p>{toast.message}</p>}
          <button type="button" aria-label="Dismiss" onClick={() => toastStore.getState().dismiss(toast.id)}>
            ×
          </button>
        </Item>
      ))}
      {narrow && toasts.length > 1 && (
        <More type="button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show fewer' : `${folded} more`}
        </More>
      )}
    </Stack>
  );
}
