import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const Track = styled.div`
  flex: 1;
  height: 8px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  span { display: block; height: 100%; background: ${({ theme }) => theme.colors.success}; }
`;

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <Row>
      <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </Track>
      <span>{percent}% complete</span>
    </Row>
  );
}
