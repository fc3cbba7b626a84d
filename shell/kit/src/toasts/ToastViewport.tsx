import styled from 'styled-components';
import { toastStore, useToasts } from './toast.store.ts';
import type { ToastKind } from './toast.store.ts';

const Stack = styled.div`
  position: fixed;
  top: 1rem;
  right: 1rem;
  z-index: 1000;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(360px, calc(100vw - 2rem));
`;

const Item = styled.div<{ $kind: ToastKind }>`
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

/** Toasts at the top right of the page. Render once per page. */
export function ToastViewport() {
  const toasts = useToasts();
  return (
    <Stack aria-live="polite">
      {toasts.map((toast) => (
        <Item key={toast.id} $kind={toast.kind} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <strong>{toast.title}</strong>
          {toast.message && <p>{toast.message}</p>}
          <button type="button" aria-label="Dismiss" onClick={() => toastStore.getState().dismiss(toast.id)}>
            ×
          </button>
        </Item>
      ))}
    </Stack>
  );
}
