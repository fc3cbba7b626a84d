import styled from 'styled-components';
import type { QuotaUsage } from '../sermons/sermon.types.ts';
import { quotaLine, quotaReachedMessage } from '../sermons/quota.text.ts';

const Line = styled.p<{ $full: boolean }>`
  margin: 0 0 1rem;
  color: ${({ theme, $full }) => ($full ? theme.colors.danger : theme.colors.inkMuted)};
  font-weight: ${({ $full }) => ($full ? 600 : 400)};
`;

/** Used of quota_limit with the reset date; the limit message once nothing remains. */
export function QuotaLine({ quota }: { quota: QuotaUsage | null }) {
  if (!quota) return null;
  const full = quota.remaining <= 0;
  return (
    <Line $full={full} role={full ? 'alert' : undefined} data-testid="quota-line">
      {full ? quotaReachedMessage(quota.resets_at) : quotaLine(quota)}
    </Line>
  );
}
