// Confirmation before a published sermon goes back to review (members stop seeing it at once).
import { Button } from '@lectern/shell-kit';
import { DialogActions, ModalDialog } from './ModalDialog.tsx';

export function UnpublishSermonDialog({ title, unpublishing, onCancel, onConfirm }: { title: string; unpublishing: boolean; onCancel(): void; onConfirm(): void }) {
  return (
    <ModalDialog title="Unpublish this sermon?" onClose={onCancel}>
      <p>
        “{title}” goes back to Ready for Review and disappears from your members’ library right away. Their
        progress and favourites are kept and come back when you publish it again.
      </p>
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" disabled={unpublishing} onClick={onConfirm}>
          {unpublishing ? 'Unpublishing…' : 'Unpublish'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
