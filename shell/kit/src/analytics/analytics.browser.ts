// The page's one analytics client (the shell kit is an MF singleton): started by the shell host,
// fed by single-spa's route changes, clicks (autocapture) and page hiding; `capture` is the
// global capture function every MFE calls (also `window.lecternCapture`).
import { flagsStore } from '../flags/flags.store.ts';
import { sessionStore } from '../session/session.store.ts';
import { createAnalytics, describeClick, type Analytics, type CaptureEvent, type EventProperties } from './analytics.client.ts';

let analytics: Analytics | null = null;

export function startAnalytics(): Analytics {
  if (analytics) return analytics;
  const client = createAnalytics({
    session: sessionStore,
    flags: flagsStore,
    storage: localStorage,
    fetch: (...args) => fetch(...args),
    sendBeacon: typeof navigator.sendBeacon === 'function' ? (url, data) => navigator.sendBeacon(url, data) : undefined,
  });
  analytics = client;
  let lastPath: string | null = null;
  const onRoute = () => {
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    client.pageview(location.pathname);
  };
  window.addEventListener('single-spa:routing-event', onRoute);
  window.addEventListener('popstate', onRoute);
  onRoute();
  document.addEventListener('click', (event) => {
    const properties = describeClick(event.target);
    if (properties) client.capture('$autocapture' as CaptureEvent, properties);
  }, { capture: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') client.flush(true);
  });
  window.addEventListener('pagehide', () => client.flush(true));
  (window as unknown as { lecternCapture: typeof capture }).lecternCapture = capture;
  return client;
}

/** The global capture function (spec 001 §7): a no-op until the shell started analytics. */
export function capture(name: CaptureEvent, properties?: EventProperties): void {
  analytics?.capture(name, properties);
}
