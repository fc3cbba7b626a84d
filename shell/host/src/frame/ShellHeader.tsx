import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { AppLink, Button, useFlag } from '@lectern/shell-kit';
import { AREAS, areaFor } from '../areas/area.registry.ts';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 100;
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
  gap: 2rem;
`;

const Brand = styled(AppLink)`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.ink};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: 1.35rem;
  font-weight: 700;
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.accentSoft};
  font-size: 1.1rem;
`;

const Nav = styled.nav`
  display: flex;
  gap: 0.25rem;
  flex: 1;
  overflow-x: auto;
`;

const NavLink = styled(AppLink)<{ $current: boolean }>`
  padding: 0.45rem 0.8rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  text-decoration: none;
  white-space: nowrap;
  font-weight: 500;
  color: ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.inkMuted)};
  background: ${({ theme, $current }) => ($current ? theme.colors.accentSoft : 'transparent')};
  &:hover { color: ${({ theme }) => theme.colors.primary}; }
`;

const TestBanner = styled.div`
  background: ${({ theme }) => theme.colors.accent};
  color: #fff;
  text-align: center;
  font-weight: 600;
  padding: 0.35rem 1rem;
`;

function useCurrentPath(): string {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener('single-spa:routing-event', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('single-spa:routing-event', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

/** Logo, the four areas, and sign-in. Role-based navigation arrives with identity. */
export function ShellHeader() {
  const path = useCurrentPath();
  const currentArea = areaFor(path);
  const showTestBanner = useFlag('show-test-banner');
  return (
    <Bar>
      {showTestBanner && <TestBanner>TEST MODE ACTIVE — changes may not affect LIVE customers.</TestBanner>}
      <Inner>
        <Brand href="/" aria-label="Lectern home">
          <Mark aria-hidden="true">L</Mark>
          Lectern
        </Brand>
        <Nav aria-label="Areas">
          {AREAS.map((area) => (
            <NavLink key={area.name} href={area.homePath} $current={currentArea?.name === area.name} aria-current={currentArea?.name === area.name ? 'page' : undefined}>
              {area.label}
            </NavLink>
          ))}
        </Nav>
        {path !== '/login' && (
          <Button as={AppLink} href="/login" $variant="secondary">
            Sign In
          </Button>
        )}
      </Inner>
    </Bar>
  );
}
