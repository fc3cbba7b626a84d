import styled from 'styled-components';
import { AppLink, Button, useSession } from '@lectern/shell-kit';
import { Logo } from './Logo.tsx';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.layers.chrome};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  height: ${({ theme }) => theme.layout.headerHeight};
  margin: 0 auto;
  padding: 0 1.5rem;
  display: flex;
  align-items: center;
  gap: 1.25rem;
  @media (max-width: 480px) {
    padding: 0 1rem;
    gap: 0.5rem;
  }
  @media (max-width: 400px) {
    padding: 0 0.75rem;
  }
`;

export const Brand = styled(AppLink)`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.ink};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: 1.35rem;
  font-weight: 700;
`;

// Signed in, the header holds the brand, Pricing and Dashboard: below 400 px it tightens, and below
// 360 px the brand keeps its mark only (the link keeps its accessible name), so nothing overflows.
const PublicBrand = styled(Brand)`
  @media (max-width: 400px) {
    font-size: 1.15rem;
    gap: 0.45rem;
  }
  @media (max-width: 359px) {
    .brand-name { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  }
`;

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin-left: auto;
  a.text {
    color: ${({ theme }) => theme.colors.inkMuted};
    font-weight: 500;
    text-decoration: none;
    padding: 0.45rem 0.6rem;
  }
  a.text:hover { color: ${({ theme }) => theme.colors.primary}; }
  @media (max-width: 480px) {
    gap: 0.25rem;
    a.text { padding: 0.45rem 0.4rem; }
  }
  @media (max-width: 400px) {
    a.text { padding: 0.45rem 0.3rem; }
    a:not(.text) { padding: 0.55em 0.85em; white-space: nowrap; }
  }
`;

/** Public pages (spec 001 §2 landing page): Pricing; Dashboard when signed in, else Login. */
export function PublicHeader({ path }: { path: string }) {
  const status = useSession((state) => state.status);
  const homePath = useSession((state) => state.user?.homePath ?? '/dashboard');
  return (
    <Bar>
      <Inner>
        <PublicBrand href="/" aria-label="Lectern home">
          <Logo name="Lectern" />
          <span className="brand-name">Lectern</span>
        </PublicBrand>
        <Nav aria-label="Site">
          <AppLink className="text" href="/pricing">
            Pricing
          </AppLink>
          {status === 'authenticated' ? (
            <Button as={AppLink} href={homePath}>
              Dashboard
            </Button>
          ) : (
            path !== '/login' && (
              <Button as={AppLink} href="/login" $variant="secondary">
                Login
              </Button>
            )
          )}
        </Nav>
      </Inner>
    </Bar>
  );
}
