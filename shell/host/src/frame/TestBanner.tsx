import styled from 'styled-components';
import { useFlag } from '@lectern/shell-kit';

const Banner = styled.div`
  background: ${({ theme }) => theme.colors.accent};
  color: #fff;
  text-align: center;
  font-weight: 600;
  padding: 0.35rem 1rem;
`;

/** Spec 000 §2: shown while the flag show-test-banner is on. */
export function TestBanner() {
  const on = useFlag('show-test-banner');
  return on ? <Banner role="note">TEST MODE ACTIVE — changes may not affect LIVE customers.</Banner> : null;
}
