// For component tests of capture events (`@lectern/shell-kit/testing`): the page's real analytics
// client, started with analytics_enabled on as the shell host would, and a reader of what reached
// the collector through the test's fake API.
import { startAnalytics } from '../analytics/analytics.browser.ts';
import type { EventProperties } from '../analytics/analytics.client.ts';
import { flagsStore } from '../flags/flags.store.ts';

/** One request a test's fake API recorded; `path` with or without identity's `/api/identity` prefix. */
export interface RecordedRequest {
  method: string;
  path: string;
  body?: unknown;
}

export interface CollectedEvent {
  name: string;
  properties?: EventProperties;
}

export interface CollectorReader {
  /** Sends what the client holds, then the JSON bodies posted to the collector so far. */
  bodies(requests: RecordedRequest[]): unknown[];
  /** Sends what the client holds, then the capture events (not page views or clicks) that reached the collector. */
  captured(requests: RecordedRequest[]): CollectedEvent[];
}

const toCollector = (request: RecordedRequest) => request.method === 'POST' && /(^|\/)analytics\/events$/.test(request.path);

export function startAnalyticsForTests(): CollectorReader {
  flagsStore.getState().loaded({ analytics_enabled: true });
  const analytics = startAnalytics();
  const bodies = (requests: RecordedRequest[]) => {
    analytics.flush();
    return requests.filter(toCollector).map((request) => request.body);
  };
  return {
    bodies,
    captured: (requests) =>
      bodies(requests)
        .flatMap((body) => (body as { events: (CollectedEvent & { path: string; ageMs: number })[] }).events)
        .filter((event) => !event.name.startsWith('$'))
        .map(({ name, properties }) => (properties ? { name, properties } : { name })),
  };
}
