import { NavLink, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { AppLink } from '@lectern/shell-kit';

const Layout = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2rem 1.5rem 4rem;
  display: grid;
  grid-template-columns: 210px minmax(0, 1fr);
  gap: 2rem;
  @media (max-width: 760px) { grid-template-columns: 1fr; }
`;

const Sidebar = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  align-self: start;
  position: sticky;
  top: calc(${({ theme }) => theme.layout.headerHeight} + 1.5rem);
  @media (max-width: 760px) { position: static; flex-direction: row; flex-wrap: wrap; }
  a {
    padding: 0.55rem 0.85rem;
    border-radius: ${({ theme }) => theme.radius.sm};
    color: ${({ theme }) => theme.colors.inkMuted};
    text-decoration: none;
    font-weight: 500;
  }
  a:hover { color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.surface}; }
  a.active { color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.accentSoft}; }
`;

const Heading = styled.div`
  font-size: 0.75rem;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.inkMuted};
  padding: 0 0.85rem 0.4rem;
`;

/** Staff navigation from the spec. Which items a user sees depends on role (arrives with identity). */
export function StaffLayout() {
  return (
    <Layout>
      <Sidebar aria-label="Staff">
        <Heading>Staff</Heading>
        <NavLink to="/dashboard">Dashboard</NavLink>
        <NavLink to="/sermons">Sermons</NavLink>
        <NavLink to="/members">Members</NavLink>
        <NavLink to="/communications">Communications</NavLink>
        <AppLink href="/console">Console</AppLink>
        <NavLink to="/settings">Settings</NavLink>
      </Sidebar>
      <div>
        <Outlet />
      </div>
    </Layout>
  );
}
