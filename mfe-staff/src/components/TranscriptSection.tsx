import { useState } from 'react';
import styled from 'styled-components';
import { Button, showToast } from '@lectern/shell-kit';
import { transcriptFileName } from '../sermons/sermon.format.ts';
import { printDocument, transcriptDocument } from '../sermons/print.document.ts';

const Preview = styled.pre`
  white-space: pre-wrap;
  font-family: inherit;
  max-height: 320px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.page};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 1rem;
  margin: 0.75rem 0 0;
`;

const Toggle = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  button {
    margin-left: -1.3em;
  }
  span {
    color: ${({ theme }) => theme.colors.inkMuted};
    white-space: nowrap;
  }
`;

export const NO_TRANSCRIPT = 'No transcription available';

export function downloadTranscript(title: string, text: string | undefined): void {
  if (!text) {
    showToast({ kind: 'error', title: NO_TRANSCRIPT });
    return;
  }
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = transcriptFileName(title);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function printTranscript(title: string, text: string | undefined): void {
  if (!text) {
    showToast({ kind: 'error', title: NO_TRANSCRIPT });
    return;
  }
  printDocument(transcriptDocument(title, text));
}

/** Preview toggle with the character count; download and print sit in the section's tools. */
export function TranscriptPreview({
  text,
  characterCount,
}: {
  text: string | undefined;
  characterCount: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (!text) return <p>{NO_TRANSCRIPT}</p>;
  return (
    <div>
      <Toggle>
        <Button type="button" $variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide preview' : 'Show preview'}
        </Button>
        <span data-testid="transcript-characters">
          {(characterCount ?? text.length).toLocaleString('en-US')} characters
        </span>
      </Toggle>
      {open && <Preview data-testid="transcript-preview">{text}</Preview>}
    </div>
  );
}
