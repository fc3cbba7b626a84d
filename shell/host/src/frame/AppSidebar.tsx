// The signed-in layout's navigation (spec 000 §2): a sidebar on desktop, a collapsible menu on
// mobile. The items are the server's navigation table for this user (role, company domain,
// staff user, console flag), so the browser never decides who sees Members or Console.
import { useEffect, useState } from 'react';
import styled, { css } from 'styled-components';
import { AppLink, Button, signOut, useSession } from '@lectern/shell-kit';
import type { NavItem } from '@lectern/shell-kit';
import { Logo } from './Logo.tsx';
import { Brand } from './PublicHeader.tsx';

const SIDEBAR_WIDTH = '240px';
export const MOBILE_QUERY = '(max-width: 860px)';

// The sidebar is a column of the signed-in layout (ShellFrame), as tall as the page however long it
// is; its panel sticks to the top of the window so the navigation and Sign Out stay in view.
const Aside = styled.aside`
  flex: 0 0 ${SIDEBAR_WIDTH};
  align-self: stretch;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  @media ${MOBILE_QUERY} { display: none; }
`;

const AsidePanel = styled.div`
  position: sticky;
  top: 0;
  height: 100vh;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  padding: 1.25rem 1rem;
`;

const MobileBar = styled.header`
  display: none;
  @media ${MOBILE_QUERY} {
    display: flex;
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.layers.chrome};
    align-items: center;
    justify-content: space-between;
    height: 56px;
    padding: 0 1rem;
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const MobileMenu = styled.div`
  display: none;
  @media ${MOBILE_QUERY} {
    display: flex;
    flex-direction: column;
    gap: 1rem;
    padding: 1rem;
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
`;

const Item = styled(AppLink)<{ $current: boolean }>`
  display: block;
  padding: 0.6rem 0.85rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  text-decoration: none;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.inkMuted};
  &:hover { color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.page}; }
  ${({ $current, theme }) =>
    $current &&
    css`
      color: ${theme.colors.primary};
      background: ${theme.colors.accentSoft};
    `}
`;

const Who = styled.div`
  margin-top: auto;
  display: grid;
  gap: 0.6rem;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.inkMuted};
  strong { color: ${({ theme }) => theme.colors.ink}; display: block; overflow-wrap: anywhere; }
`;

/** The item the current path belongs to: exact, or a sub-path (/sermons/42 → Sermons). */
export function currentItemId(items: readonly NavItem[], path: string): NavItem['id'] | undefined {
  const matches = items.filter((item) => path === item.path || path.startsWith(`${item.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.id;
}

function NavLinks({ label, items, path, onNavigate }: { label: string; items: readonly NavItem[]; path: string; onNavigate?: () => void }) {
  const current = currentItemId(items, path);
  return (
    <nav aria-label={label}>
      <Links>
        {items.map((item) => (
          <li key={item.id}>
            <Item href={item.path} $current={item.id === current} aria-current={item.id === current ? 'page' : undefined} onClick={onNavigate}>
              {item.label}
            </Item>
          </li>
        ))}
      </Links>
    </nav>
  );
}

function Account() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Who>
      <div>
        <strong>{name || user.email}</strong>
        {user.organization?.name ?? user.email}
      </div>
      <Button type="button" $variant="secondary" onClick={() => void signOut()}>
        Sign Out
      </Button>
    </Who>
  );
}

export function AppSidebar({ path }: { path: string }) {
  const items = useSession((state) => state.user?.navigation ?? []);
  const organizationName = useSession((state) => state.user?.organization?.name ?? 'Lectern');
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [path]);
  const brand = (
    <Brand href={items[0]?.path ?? '/'} aria-label={`Lectern: ${organizationName} home`}>
      <Logo name={organizationName} />
      Lectern
    </Brand>
  );
  return (
    <>
      <Aside>
        <AsidePanel>
          {brand}
          <NavLinks label="Main" items={items} path={path} />
          <Account />
        </AsidePanel>
      </Aside>
      <MobileBar>
        {brand}
        <Button type="button" $variant="ghost" aria-expanded={open} aria-controls="lectern-mobile-menu" onClick={() => setOpen(!open)}>
          {open ? 'Close' : 'Menu'}
        </Button>
      </MobileBar>
      {open && (
        <MobileMenu id="lectern-mobile-menu">
          <NavLinks label="Main (mobile)" items={items} path={path} onNavigate={() => setOpen(false)} />
          <Account />
        </MobileMenu>
      )}
    </>
  );
}
