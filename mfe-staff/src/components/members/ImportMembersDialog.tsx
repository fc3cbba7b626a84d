import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Panel, showToast } from '@lectern/shell-kit';
import { DialogActions, ModalDialog } from '../ModalDialog.tsx';
import { EditField } from '../form.styles.ts';
import { membersApi, type ImportPreview } from '../../members/members.client.ts';

const TableWrap = styled.div`
  max-height: 50vh;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.4rem 0.6rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
    overflow-wrap: break-word;
  }
  tr[data-invalid='true'] td {
    background: ${({ theme }) => theme.colors.dangerSoft};
  }
  .error {
    color: ${({ theme }) => theme.colors.danger};
  }
  .error > span { display: block; }
`;

/** Import: choose a CSV, see every row with its errors, then import all rows or none. */
export function ImportMembersDialog({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setProblem(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    setBusy(true);
    try {
      setPreview(await membersApi.previewImport(text));
    } catch (error) {
      setProblem(error instanceof ApiError && error.detail ? error.detail : 'The file could not be read.');
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!csv) return;
    setBusy(true);
    try {
      const result = await membersApi.commitImport(csv);
      showToast({ kind: 'success', title: result.message });
      onImported();
    } catch (error) {
      const again = error instanceof ApiError ? (error.problem.preview as ImportPreview | undefined) : undefined;
      if (again) setPreview(again);
      setProblem(error instanceof ApiError && error.detail ? error.detail : 'Failed to import members');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title="Import Members" onClose={onClose} wide>
      <p>
        A CSV file with a first line naming the columns: <code>first_name</code>, <code>last_name</code>, <code>email</code>, and optionally{' '}
        <code>phone</code>, <code>role</code> (MEMBER or VOLUNTEER), <code>status</code> (active or inactive) — an export has them all. A member
        whose e-mail is already listed is updated.
      </p>
      <EditField>
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
      </EditField>
      {problem && (
        <Panel tone="danger" role="alert">
          <p>{problem}</p>
        </Panel>
      )}
      {preview && (
        <>
          <p role="status">
            {preview.valid} row{preview.valid === 1 ? '' : 's'} ready, {preview.invalid} with errors.
            {preview.invalid > 0 && ' Nothing is imported until every row is valid.'}
          </p>
          <TableWrap>
            <table aria-label="Import preview">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.line} data-invalid={row.action === null}>
                    <td>{row.line}</td>
                    <td>
                      {row.firstName} {row.lastName}
                    </td>
                    <td>{row.email}</td>
                    <td>{row.role || 'MEMBER'}</td>
                    <td>{row.action === null ? <span className="error">{Object.values(row.errors).map((message) => <span key={message}>{message}</span>)}</span> : row.action === 'add' ? 'Add' : 'Update'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void commit()} disabled={busy || !preview || preview.invalid > 0 || preview.valid === 0}>
          {busy ? 'Working…' : preview ? `Import ${preview.valid} member${preview.valid === 1 ? '' : 's'}` : 'Import'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
