import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ErrorPanel, useFlag } from '@lectern/shell-kit';
import { canStart, validateUploadForm } from '../sermons/upload.validation.ts';
import type { UploadFormErrors } from '../sermons/upload.validation.ts';
import type { QuotaUsage } from '../sermons/sermon.types.ts';
import { uploadStore, useUpload } from '../hooks/upload.store.ts';
import { FileDropArea } from './FileDropArea.tsx';
import { StopUploadButton, UploadProgressPanel } from './UploadProgressPanel.tsx';
import { QuotaLine } from './QuotaLine.tsx';
import { EditField } from './form.styles.ts';

const Fields = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  margin-bottom: 1rem;
`;

// The editors' field, with its note shown as the field's error.
const Field = styled(EditField)`
  small {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
  margin-top: 1rem;
`;

const Notice = styled.div`
  margin-top: 1rem;
`;

/** 'Upload New Sermon': title, speaker, recording date, one file (or a signed URL when the flag is on). */
export function UploadForm({ quota, onUploaded }: { quota: QuotaUsage | null; onUploaded(): void }) {
  const navigate = useNavigate();
  const urlUploadEnabled = useFlag('sermon_url_upload_enabled') === true;
  const phase = useUpload((s) => s.phase);
  const uploadError = useUpload((s) => s.error);
  const [title, setTitle] = useState('');
  const [speaker, setSpeaker] = useState('');
  const [recordedAt, setRecordedAt] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [signedUrl, setSignedUrl] = useState('');
  const [errors, setErrors] = useState<UploadFormErrors>({});
  const submitting = phase !== 'idle';
  const values = { title, speaker, recordedAt, file, signedUrl: urlUploadEnabled ? signedUrl : '' };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateUploadForm(values, { urlUploadEnabled });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await uploadStore
      .getState()
      .start({ title, speaker, recordedAt, file, sourceUrl: file ? null : signedUrl.trim() }, quota);
    onUploaded();
    if (outcome) {
      setTitle('');
      setSpeaker('');
      setRecordedAt('');
      setFile(null);
      setSignedUrl('');
      if (outcome !== 'canceled') navigate(`/sermons/${outcome}`);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload New Sermon">
      <QuotaLine quota={quota} />
      <Fields>
        <Field>
          Title
          <input
            name="title"
            value={title}
            disabled={submitting}
            onChange={(e) => setTitle(e.target.value)}
            required
          />
          {errors.title && <small>{errors.title}</small>}
        </Field>
        <Field>
          Speaker
          <input
            name="speaker"
            value={speaker}
            disabled={submitting}
            onChange={(e) => setSpeaker(e.target.value)}
            required
          />
          {errors.speaker && <small>{errors.speaker}</small>}
        </Field>
        <Field>
          Recording date
          <input
            name="recordedAt"
            type="date"
            value={recordedAt}
            disabled={submitting}
            onChange={(e) => setRecordedAt(e.target.value)}
            required
          />
          {errors.recordedAt && <small>{errors.recordedAt}</small>}
        </Field>
      </Fields>
      <FileDropArea file={file} disabled={submitting} onFile={setFile} />
      {urlUploadEnabled && (
        <Fields style={{ marginTop: '1rem' }}>
          <Field>
            Signed URL
            <input
              name="signedUrl"
              type="url"
              value={signedUrl}
              disabled={submitting}
              placeholder="https://…/sermons-raw/…?token=…"
              onChange={(e) => setSignedUrl(e.target.value)}
            />
          </Field>
        </Fields>
      )}
      {errors.source && (
        <Notice>
          <ErrorPanel title={errors.source} />
        </Notice>
      )}
      {uploadError && !submitting && (
        <Notice>
          <ErrorPanel title={uploadError} />
        </Notice>
      )}
      <UploadProgressPanel />
      <Actions>
        <Button
          type="submit"
          disabled={!canStart(values, { submitting, remaining: quota?.remaining ?? null })}
        >
          Start
        </Button>
        <StopUploadButton />
      </Actions>
    </form>
  );
}
