import { setTimeout as sleep } from 'node:timers/promises';
import { patience } from './support/test-time.ts';

// A small client for MailDev's HTTP API, for tests that check what the services sent.

export interface MailAddress {
  address: string;
  name?: string;
}

export interface CaughtMessage {
  id: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  text?: string;
  html?: string;
  date?: string;
  headers?: Record<string, string | string[]>;
}

export interface MailCatcher {
  listMessages(): Promise<CaughtMessage[]>;
  waitForMessage(predicate: (message: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
  clear(): Promise<void>;
}

export function mailCatcher(apiUrl: string): MailCatcher {
  const base = apiUrl.replace(/\/$/, '');

  async function call(path: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`mail catcher ${init?.method ?? 'GET'} ${path} answered ${response.status}`);
    return response;
  }

  async function listMessages(): Promise<CaughtMessage[]> {
    return (await (await call('/api/email')).json()) as CaughtMessage[];
  }

  return {
    listMessages,
    async waitForMessage(predicate, timeoutMs = patience(10_000)) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await listMessages()).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching e-mail arrived within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    async clear() {
      await call('/api/email/all', { method: 'DELETE' });
    },
  };
}
