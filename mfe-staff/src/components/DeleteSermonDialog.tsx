import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@lectern/shell-kit';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(27, 36, 51, 0.45);
  display: grid;
  place-items: center;
  z-index: 50;
`;

const Box = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  padding: 1.5rem;
  max-width: 440px;
  width: calc(100% - 2rem);
  h2 {
    font-size: 1.3rem;
    margin: 0 0 0.5rem;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1.25rem;
`;

const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  &:hover:not(:disabled) {
    background: #922722;
  }
`;

/** 'Delete Sermon' confirmation; Escape or Cancel closes it. */
export function DeleteSermonDialog({
  deleting,
  onCancel,
  onConfirm,
}: {
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
      // Keep Tab inside the dialog while it is open (it is modal).
      if (event.key === 'Tab' && box.current) {
        const buttons = [...box.current.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
        const first = buttons[0];
        const last = buttons[buttons.length - 1];
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
  }, [onCancel]);
  return (
    <Backdrop onClick={(event) => event.target === event.currentTarget && onCancel()}>
      <Box
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby="delete-sermon-title"
        aria-describedby="delete-sermon-text"
      >
        <h2 id="delete-sermon-title">Delete Sermon</h2>
        <p id="delete-sermon-text">
          Are you sure you want to delete this sermon? This action cannot be undone.
        </p>
        <Actions>
          <Button ref={cancel} type="button" $variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <DangerButton type="button" onClick={onConfirm} disabled={deleting}>
            Delete Forever
          </DangerButton>
        </Actions>
      </Box>
    </Backdrop>
  );
}
