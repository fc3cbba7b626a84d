// The identity and migration routes the console's views call, for component tests: a fetch that
// answers JSON (or problem+json) and records every request.
import { jest } from '@jest/globals';

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}
export type Answer = { status: number; body: unknown };

/** The identity and migration routes the view calls; every request is recorded. */
export function serve(routes: Record<string, Answer>): Sent[] {
  const sent: Sent[] = [];
  window.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://lectern.test').pathname;
    sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = routes[`${method} ${path}`] ?? { status: 404, body: { title: 'Not Found', status: 404, detail: 'no such route' } };
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return { ok: status < 300, status, headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) }, json: async () => body, text: async () => JSON.stringify(body) } as unknown as Response;
  }) as typeof fetch;
  return sent;
}


/** Two churches to pick from, and a feed of 12 videos. */
export const ORGS = { status: 200, body: { items: [{ id: 'org-grace', name: 'Grace Church' }, { id: 'org-hope', name: 'Hope Chapel' }] } };
const video = (n: number) => ({ title: `Sermon ${n}`, publishedAt: '2026-11-01T10:00:00.000Z', mediaUrl: `https://feeds.example/${n}.mp4`, mediaType: 'video/mp4', duration: 1800, guid: `g${n}` });
export const FEED = { status: 200, body: { success: true, error: null, videos: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(video) } };
