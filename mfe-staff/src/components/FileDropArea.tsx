import { useRef, useState } from 'react';
import styled from 'styled-components';
import { ACCEPT_ATTRIBUTE, MAX_UPLOAD_BYTES, validateDroppedFiles } from '../sermons/upload.validation.ts';
import { formatBytes } from '../sermons/sermon.format.ts';

const Zone = styled.div<{ $active: boolean }>`
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.infoSoft : theme.colors.page)};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1.5rem;
  text-align: center;
  cursor: pointer;
  p {
    margin: 0.25rem 0;
  }
  small {
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** One audio or video file, dropped or picked; the spec's drop messages on a refusal. */
export function FileDropArea({
  file,
  disabled,
  onFile,
}: {
  file: File | null;
  disabled: boolean;
  onFile(file: File | null): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function accept(files: File[]) {
    const verdict = validateDroppedFiles(files);
    if ('error' in verdict) {
      setProblem(verdict.error);
      onFile(null);
    } else {
      setProblem(null);
      onFile(verdict.file);
    }
  }

  return (
    <div>
      <Zone
        $active={active}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-label="Drop a sermon recording here or choose a file"
        aria-disabled={disabled}
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={(event) => {
          if (!disabled && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setActive(true);
        }}
        onDragLeave={() => setActive(false)}
        onDrop={(event) => {
          event.preventDefault();
          setActive(false);
          if (!disabled) accept(Array.from(event.dataTransfer.files));
        }}
      >
        {file ? (
          <p>
            <strong>{file.name}</strong> · {formatBytes(file.size)}
          </p>
        ) : (
          <p>
            <strong>Drop your sermon recording here</strong>, or click to choose a file
          </p>
        )}
        <small>
          Audio (MP3, WAV, FLAC, M4A, AAC) or video (MP4, MOV, AVI, MKV, WEBM), one file up to{' '}
          {formatBytes(MAX_UPLOAD_BYTES)}
        </small>
        <input
          ref={input}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          hidden
          data-testid="sermon-file"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            // A closed file dialog (no pick) keeps the current choice.
            if (files.length > 0) accept(files);
          }}
        />
      </Zone>
      {problem && <Problem role="alert">{problem}</Problem>}
    </div>
  );
}
