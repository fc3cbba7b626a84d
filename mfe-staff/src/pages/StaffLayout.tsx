import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { OnboardingCheck, RequireSession } from '@lectern/shell-kit';

const Content = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2rem 1.5rem 4rem;
  @media (max-width: 560px) {
    padding: 1.25rem 1rem 3rem;
  }
`;

/**
 * The staff area's pages sit in the shell's signed-in layout (sidebar, mobile menu): this only
 * adds the logged-in gate and the onboarding check every signed-in page has.
 */
export function StaffLayout() {
  return (
    <RequireSession>
      <OnboardingCheck>
        <Content>
          <Outlet />
        </Content>
      </OnboardingCheck>
    </RequireSession>
  );
}
