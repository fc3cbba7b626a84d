// The shell knows each area's remote name, route prefixes and manifest URL, nothing more.

export type AreaName = 'marketing' | 'staff' | 'member' | 'console';

export interface Area {
  name: AreaName;
  /** What the header calls it. */
  label: string;
  /** Where the header link goes. */
  homePath: string;
  /** Paths the area owns (spec route table); `/x/*` owns everything below /x. */
  routes: readonly string[];
}

export const AREAS: readonly Area[] = [
  {
    name: 'marketing',
    label: 'Home',
    homePath: '/',
    routes: [
      '/', '/login', '/forgot-password', '/reset-password', '/signup', '/create-account', '/pricing', '/waitlist/*', '/cotr-special', '/cotr-special-step2',
      '/acceptable-use-policy', '/privacy-policy', '/terms-of-service', '/verify-email', '/confirmed', '/billing/*', '/onboarding',
      // The generic offer checkout, mounted by /console/checkout-demo (spec 001: the default and special offers).
      '/offer-checkout/*',
    ],
  },
  {
    name: 'staff',
    label: 'Dashboard',
    homePath: '/dashboard',
    routes: ['/dashboard', '/sermons', '/sermons/*', '/members', '/communications', '/settings', '/settings/*'],
  },
  { name: 'member', label: 'Member Area', homePath: '/member/dashboard', routes: ['/member', '/member/*'] },
  { name: 'console', label: 'Console', homePath: '/console', routes: ['/console', '/console/*'] },
];

/** Where the edge serves a remote's manifest (and, beside it, its remoteEntry.js and chunks). */
export const manifestUrl = (name: AreaName): string => `/mfe/${name}/mf-manifest.json`;

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function routeMatches(route: string, pathname: string): boolean {
  const path = normalise(pathname);
  if (route.endsWith('/*')) {
    const base = route.slice(0, -2);
    return path.startsWith(`${base}/`) && path.length > base.length + 1;
  }
  return path === route;
}

/** The area owning a path, or undefined (the shell then shows 'Page Not Found'). */
export function areaFor(pathname: string, areas: readonly Area[] = AREAS): Area | undefined {
  return areas.find((area) => area.routes.some((route) => routeMatches(route, pathname)));
}
