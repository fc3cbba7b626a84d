/// <reference types="node" />
// The identity API as the browser sees it, for component tests: a fetch that answers the routes a
// page calls with JSON (or problem+json), records every request, and solves nothing for the page:
// the captcha challenge is a real ALTCHA challenge with a known answer.
import { jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import type { CaptchaChallenge } from '@lectern/shell-kit';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown };
type Route = (call: Call) => Answer;

const IDENTITY = '/api/identity';

/** A challenge whose answer is `number` (the browser has to find it by hashing). */
export function captchaChallenge(number = 1234, expiresInSeconds = 300): CaptchaChallenge {
  const salt = `lectern-test-salt?expires=${Math.floor(Date.now() / 1000) + expiresInSeconds}`;
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
    maxnumber: 10_000,
    salt,
    signature: 'signed-by-identity',
  };
}

class FakeResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly status: number;
  private readonly payload: unknown;
  constructor(status: number, payload: unknown) {
    this.status = status;
    this.payload = payload;
    this.ok = status >= 200 && status < 300;
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    this.headers = { get: (name: string) => (name.toLowerCase() === 'content-type' && status !== 204 ? type : null) };
  }
  async json() {
    return this.payload;
  }
  async text() {
    return JSON.stringify(this.payload);
  }
}

/** jsdom has no fetch: the page's API client gets this one. */
export function installIdentityApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (input: string, init?: { method?: string; body?: string }) => {
    const url = new URL(input, 'http://lectern.test');
    const call: Call = { method: init?.method ?? 'GET', path: `${url.pathname.replace(IDENTITY, '')}${url.search}`, body: init?.body ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname.replace(IDENTITY, '')}`];
    const answer = route ? route(call) : { status: 404, body: { title: 'Not Found', status: 404, detail: `no fake for ${call.method} ${call.path}` } };
    return new FakeResponse(answer.status, answer.body);
  });
  Object.defineProperty(globalThis, 'fetch', { value: fetch, configurable: true, writable: true });
  return { calls, fetch };
}
