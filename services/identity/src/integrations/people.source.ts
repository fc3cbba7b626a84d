// Reading people from a church-management system page by page, with the politeness every vendor
// asks for: a 429 waits for Retry-After and asks for the same page again; a 5xx is retried a few
// times with back-off; 401/403 stop at once (bad credentials). The API key goes in a header only
// (never in a URL) and is never logged.
import { setTimeout as sleep } from 'node:timers/promises';

export interface ExternalPerson {
  /** the system's person id */
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface PeoplePage {
  people: ExternalPerson[];
  /** where the next page is; null after the last page */
  next: string | null;
}

/** One vendor: how to ask for a page and how to read it. */
export interface PeopleApi {
  readonly name: string;
  firstPage(): string;
  headers(): Record<string, string>;
  read(body: unknown, url: string): PeoplePage;
}

export type FetchFailure =
  | { kind: 'unauthorized'; status: number }
  | { kind: 'unavailable'; status: string }
  | { kind: 'rate-limited'; waitSec: number };

export class PeopleFetchError extends Error {
  readonly failure: FetchFailure;
  constructor(failure: FetchFailure) {
    super(failure.kind);
    this.failure = failure;
  }
}

export interface FetchPolicy {
  /** a Retry-After longer than this stops the sync (seconds) */
  maxWaitSec: number;
  /** 429s in a row on one page before giving up */
  maxRateLimitedInARow: number;
  /** attempts on a 5xx / network error before giving up */
  maxServerErrorAttempts: number;
  /** first back-off after a 5xx (doubles) */
  serverErrorBackoffMs: number;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** stops the requests and waits (the runner stopping or losing its lease) */
  signal?: AbortSignal;
}

export const DEFAULT_FETCH_POLICY: FetchPolicy = { maxWaitSec: 60, maxRateLimitedInARow: 10, maxServerErrorAttempts: 4, serverErrorBackoffMs: 500, timeoutMs: 20_000 };

/** Retry-After as seconds (delta-seconds or an HTTP date); 1 when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (!header) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - now) / 1000));
}

export interface PageStats {
  rateLimitedWaits: number;
  serverErrorRetries: number;
}

/** Fetches one page, waiting and retrying as the policy says. */
export async function fetchPage(api: PeopleApi, url: string, policy: FetchPolicy, stats: PageStats): Promise<PeoplePage> {
  const doFetch = policy.fetch ?? fetch;
  let rateLimited = 0;
  let serverErrors = 0;
  for (;;) {
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      response = await doFetch(url, { headers: { accept: 'application/json', ...api.headers() }, signal: policy.signal ? AbortSignal.any([policy.signal, timeout]) : timeout });
    } catch (error) {
      policy.signal?.throwIfAborted();
      if (++serverErrors >= policy.maxServerErrorAttempts) throw new PeopleFetchError({ kind: 'unavailable', status: error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'no connection' });
      stats.serverErrorRetries++;
      await sleep(policy.serverErrorBackoffMs * 2 ** (serverErrors - 1), undefined, { signal: policy.signal });
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new PeopleFetchError({ kind: 'unauthorized', status: response.status });
    }
    if (response.status === 429) {
      await response.body?.cancel();
      const waitSec = retryAfterSeconds(response.headers.get('retry-after'));
      if (waitSec > policy.maxWaitSec || ++rateLimited > policy.maxRateLimitedInARow) throw new PeopleFetchError({ kind: 'rate-limited', waitSec });
      stats.rateLimitedWaits++;
      await sleep(waitSec * 1000, undefined, { signal: policy.signal });
      continue;
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      if (++serverErrors >= policy.maxServerErrorAttempts) throw new PeopleFetchError({ kind: 'unavailable', status: `HTTP ${response.status}` });
      stats.serverErrorRetries++;
      await sleep(policy.serverErrorBackoffMs * 2 ** (serverErrors - 1), undefined, { signal: policy.signal });
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PeopleFetchError({ kind: 'unavailable', status: `HTTP ${response.status}` });
    }
    return api.read(await response.json(), url);
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Planning Center People v2 (JSON:API): 100 per page, `links.next`, e-mails and phone numbers
 * from `included`. The key is `applicationId:secret` (a personal access token, HTTP Basic) or an
 * OAuth access token (Bearer) — production access for many churches needs OAuth (ARCHITECTURE.md).
 */
export function planningCenterApi(base: string, apiKey: string): PeopleApi {
  const authorization = apiKey.includes(':') ? `Basic ${Buffer.from(apiKey).toString('base64')}` : `Bearer ${apiKey}`;
  return {
    name: 'Planning Center',
    firstPage: () => `${base.replace(/\/+$/, '')}/people/v2/people?per_page=100&include=emails,phone_numbers&order=created_at`,
    headers: () => ({ authorization }),
    read(body) {
      const doc = body as {
        data?: { id: string; attributes?: Record<string, unknown>; relationships?: Record<string, { data?: { type: string; id: string }[] }> }[];
        included?: { type: string; id: string; attributes?: Record<string, unknown> }[];
        links?: { next?: string };
      };
      const included = new Map((doc.included ?? []).map((item) => [`${item.type}:${item.id}`, item.attributes ?? {}]));
      const pick = (refs: { type: string; id: string }[] | undefined, field: string): string | null => {
        const attributes = (refs ?? []).map((r) => included.get(`${r.type}:${r.id}`)).filter((a): a is Record<string, unknown> => Boolean(a));
        const chosen = attributes.find((a) => a.primary === true) ?? attributes[0];
        return text(chosen?.[field]) || null;
      };
      return {
        people: (doc.data ?? []).map((person) => ({
          externalId: String(person.id),
          firstName: text(person.attributes?.first_name),
          lastName: text(person.attributes?.last_name),
          email: pick(person.relationships?.emails?.data, 'address'),
          phone: pick(person.relationships?.phone_numbers?.data, 'number'),
        })),
        next: doc.links?.next ?? null,
      };
    },
  };
}

/** Rock RMS REST v1 (OData): `Authorization-Token`, `$top`/`$skip` pages ordered by Id; a short page is the last. */
export function rockRmsApi(base: string, apiKey: string, pageSize = 100): PeopleApi {
  const page = (skip: number) => `${base.replace(/\/+$/, '')}/api/People?$top=${pageSize}&$skip=${skip}&$orderby=Id`;
  return {
    name: 'Rock RMS',
    firstPage: () => page(0),
    headers: () => ({ 'authorization-token': apiKey }),
    read(body, url) {
      const rows = Array.isArray(body) ? (body as Record<string, unknown>[]) : [];
      const skip = Number(new URL(url).searchParams.get('$skip') ?? 0);
      return {
        people: rows
          .filter((row) => row.IsDeceased !== true)
          .map((row) => ({
            externalId: String(row.Id),
            firstName: text(row.NickName) || text(row.FirstName),
            lastName: text(row.LastName),
            email: text(row.Email) || null,
            phone: null,
          })),
        next: rows.length < pageSize ? null : page(skip + pageSize),
      };
    },
  };
}
