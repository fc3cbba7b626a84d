// The spec's gates (000 §2): logged-in, onboarding check, staff, member and console. Each MFE
// wraps its routes in them; redirects may cross areas, so they go through single-spa.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useFlag } from '../flags/flags.store.ts';
import { redirectTo } from '../navigation/navigation.ts';
import { useSession, isStaffRole } from '../session/session.store.ts';
import { Spinner } from '../ui/Spinner.tsx';

export const currentLocation = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** /login with the original location, as the logged-in gate sends it. */
export const loginPathFor = (from: string): string => (from && from !== '/' ? `/login?from=${encodeURIComponent(from)}` : '/login');

/** The `from` a sign-in should return to: same-origin paths only (never `//host` or a URL). */
export function safeReturnPath(from: string | null): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  if (from === '/login' || from.startsWith('/login?')) return null;
  return from;
}

function Redirect({ to }: { to: string }) {
  useEffect(() => redirectTo(to), [to]);
  return <Spinner label="Redirecting…" />;
}

/** Spinner while the session loads; with no user, /login carrying the original location. */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useSession((state) => state.status);
  if (status === 'unknown') return <Spinner label="Loading your session…" />;
  if (status === 'anonymous') return <Redirect to={loginPathFor(currentLocation())} />;
  return <>{children}</>;
}

/** No organization, or neither first nor last name → /onboarding (not on /onboarding itself). */
export function OnboardingCheck({ children }: { children: ReactNode }) {
  const needsOnboarding = useSession((state) => state.user?.needsOnboarding ?? false);
  if (needsOnboarding && window.location.pathname !== '/onboarding') return <Redirect to="/onboarding" />;
  return <>{children}</>;
}

/** Only ADMIN, PASTOR or STAFF; any other signed-in user goes to /dashboard. */
export function StaffGate({ children }: { children: ReactNode }) {
  const role = useSession((state) => state.user?.role ?? null);
  if (!isStaffRole(role)) return <Redirect to="/dashboard" />;
  return <>{children}</>;
}

/**
 * Company-only screens (spec 001 §6: /members, /communications): a staff-side role on a verified
 * company-domain e-mail; anyone else goes to /. The services refuse the same callers with 403.
 */
export function CompanyDomainGate({ children }: { children: ReactNode }) {
  const allowed = useSession((state) => Boolean(state.user && state.user.companyDomain && isStaffRole(state.user.role)));
  if (!allowed) return <Redirect to="/" />;
  return <>{children}</>;
}

/** A MEMBER is sent to /member/dashboard. */
export function MemberGate({ children }: { children: ReactNode }) {
  const role = useSession((state) => state.user?.role ?? null);
  if (role === 'MEMBER') return <Redirect to="/member/dashboard" />;
  return <>{children}</>;
}

export type ConsoleProbe = () => Promise<boolean>;

/**
 * Console: the flags features_staff_console_enabled (000 §2) and rss_migration_enabled (001 §6),
 * then a successful probe. Spinner while pending; /dashboard when a flag is off or the probe fails.
 */
export function ConsoleGate({ probe, children }: { probe: ConsoleProbe; children: ReactNode }) {
  const consoleEnabled = useFlag('features_staff_console_enabled');
  const migrationEnabled = useFlag('rss_migration_enabled');
  const flagsOn = consoleEnabled === undefined || migrationEnabled === undefined ? undefined : consoleEnabled && migrationEnabled;
  const [probeResult, setProbeResult] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (!flagsOn) return;
    let live = true;
    probe().then(
      (ok) => live && setProbeResult(ok),
      () => live && setProbeResult(false),
    );
    return () => {
      live = false;
    };
  }, [flagsOn, probe]);
  if (flagsOn === undefined) return <Spinner label="Checking console access…" />;
  if (!flagsOn || probeResult === false) return <Redirect to="/dashboard" />;
  if (probeResult === undefined) return <Spinner label="Checking console access…" />;
  return <>{children}</>;
}

/** /login: a visitor who is already signed in goes to /dashboard (spec 000 §2, 001 §2). */
export function RedirectIfSignedIn({ children, unless = false }: { children: ReactNode; unless?: boolean }) {
  const status = useSession((state) => state.status);
  if (status === 'authenticated' && !unless) return <Redirect to="/dashboard" />;
  return <>{children}</>;
}
