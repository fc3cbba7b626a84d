import styled from 'styled-components';
import type { QuotaUsage } from '../sermons/sermon.types.ts';
import { quotaLine, quotaReachedMessage } from '../sermons/quota.text.ts';

const Line = styled.p`
  margin: 0 0 1rem;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const Reached = styled.p`
  margin: -0.6rem 0 1rem;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** Used of quota_limit with the reset date, and the limit message once nothing remains. */
export function QuotaLine({ quota }: { quota: QuotaUsage | null }) {
  if (!quota) return null;
  return (
    <>
      <Line data-testid="quota-line">{quotaLine(quota)}</Line>
      {quota.remaining <= 0 && (
        <Reached role="alert" data-testid="quota-reached">
          {quotaReachedMessage(quota.resets_at)}
        </Reached>
      )}
    </>
  );
}
