/**
 * @jest-environment jsdom
 */
// The delete confirmation on the sermon page, on the shared ModalDialog: named and described for
// screen readers, focus on Cancel and kept inside, Escape and the backdrop cancel, focus returns.
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeRoot } from '@lectern/shell-kit';
import { DeleteSermonDialog } from '../../src/components/DeleteSermonDialog.tsx';

function Page({ onConfirm, deleting = false }: { onConfirm(): void; deleting?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <ThemeRoot>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && <DeleteSermonDialog deleting={deleting} onCancel={() => setOpen(false)} onConfirm={onConfirm} />}
    </ThemeRoot>
  );
}

afterEach(cleanup);

describe('DeleteSermonDialog', () => {
  test('is a modal dialog named and described by its texts, focus on Cancel, Tab stays inside', async () => {
    render(<Page onConfirm={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Sermon' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { description: 'Are you sure you want to delete this sermon? This action cannot be undone.' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Forever' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Forever' }));
  });

  test('Delete Forever confirms; Escape cancels and gives focus back to what opened it', async () => {
    const onConfirm = jest.fn();
    render(<Page onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Forever' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test('a click on the backdrop cancels; a click inside does not', async () => {
    render(<Page onConfirm={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await userEvent.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('while deleting, both buttons are disabled', async () => {
    render(<Page onConfirm={() => undefined} deleting />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Delete Forever' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
