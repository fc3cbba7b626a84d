import styled from 'styled-components';
import { Button } from '@lectern/shell-kit';
import { DialogActions, ModalDialog } from './ModalDialog.tsx';

const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  &:hover:not(:disabled) {
    background: #922722;
  }
`;

/** 'Delete Sermon' confirmation (focus starts on Cancel); Escape, a backdrop click or Cancel closes it. */
export function DeleteSermonDialog({
  deleting,
  onCancel,
  onConfirm,
}: {
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <ModalDialog title="Delete Sermon" description="Are you sure you want to delete this sermon? This action cannot be undone." onClose={onCancel}>
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <DangerButton type="button" onClick={onConfirm} disabled={deleting}>
          Delete Forever
        </DangerButton>
      </DialogActions>
    </ModalDialog>
  );
}
