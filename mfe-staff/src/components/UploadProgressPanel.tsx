import styled from 'styled-components';
import { Button } from '@lectern/shell-kit';
import { useUpload, uploadStore } from '../hooks/upload.store.ts';
import { formatBytes } from '../sermons/sermon.format.ts';

const Bar = styled.div`
  height: 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  margin: 0.5rem 0;
  div {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    transition: width 200ms linear;
  }
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 0.25rem 1rem;
  flex-wrap: wrap;
  margin-top: 1rem;
  > span:first-child {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  > span:last-child {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

/** The running upload: bytes sent of the total in B/KB/MB/GB and the percent. */
export function UploadProgressPanel() {
  const phase = useUpload((s) => s.phase);
  const loaded = useUpload((s) => s.loaded);
  const total = useUpload((s) => s.total);
  const fileName = useUpload((s) => s.fileName);
  if (phase === 'idle') return null;
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  return (
    <div aria-live="polite" data-testid="upload-progress">
      <Row>
        <span>
          {phase === 'creating'
            ? 'Preparing upload…'
            : phase === 'canceling'
              ? 'Canceling upload…'
              : total > 0 && loaded >= total
                ? // The server probes the media before it answers: say so rather than sit at 100%.
                  `Checking ${fileName ?? 'the recording'}…`
                : `Uploading ${fileName ?? 'sermon'}…`}
        </span>
        <span>
          {formatBytes(loaded)} / {formatBytes(total)} · {percent}%
        </span>
      </Row>
      <Bar
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="Upload progress"
      >
        <div style={{ width: `${percent}%` }} />
      </Bar>
    </div>
  );
}

/** Stop during upload: aborts the transfer and has the server remove the sermon and its media. */
export function StopUploadButton() {
  const phase = useUpload((s) => s.phase);
  if (phase === 'idle') return null;
  return (
    <Button
      type="button"
      $variant="secondary"
      disabled={phase === 'canceling'}
      onClick={() => void uploadStore.getState().stop()}
    >
      Stop
    </Button>
  );
}
