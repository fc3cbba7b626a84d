import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(27, 36, 51, 0.45);
  display: grid;
  /* one column as wide as the window, whatever the dialog holds (a file input's own width pushed it past 390 px) */
  grid-template-columns: minmax(0, 1fr);
  place-items: center;
  z-index: ${({ theme }) => theme.layers.modal};
  overflow-y: auto;
  padding: 1rem 0;
`;

const Box = styled.div<{ $wide: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  padding: 1.5rem;
  max-width: ${({ $wide }) => ($wide ? '760px' : '480px')};
  width: calc(100% - 2rem);
  box-sizing: border-box;
  h2 {
    font-size: 1.3rem;
    margin: 0 0 0.75rem;
  }
  input, select, textarea {
    min-width: 0;
    max-width: 100%;
  }
`;

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href]';

/**
 * A modal dialog: focus moves in and stays in (Tab wraps), Escape or a backdrop click closes it,
 * focus returns after. `description`, when given, is the dialog's accessible description.
 */
export function ModalDialog({ title, description, onClose, wide = false, children }: { title: string; description?: string; onClose(): void; wide?: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      if (event.key === 'Tab' && box.current) {
        const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, []);
  return (
    <Backdrop onClick={(event) => event.target === event.currentTarget && onClose()}>
      <Box ref={box} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={description ? descriptionId : undefined} $wide={wide}>
        <h2 id={titleId}>{title}</h2>
        {description ? <p id={descriptionId}>{description}</p> : null}
        {children}
      </Box>
    </Backdrop>
  );
}

export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1.25rem;
`;
