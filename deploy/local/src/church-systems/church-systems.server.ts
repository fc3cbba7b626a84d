// Local stand-ins for the two church-management systems Lectern syncs members from, speaking each
// vendor's API shape (production talks to the real services):
//
//   Planning Center People  GET /people/v2/people?per_page=100&offset=N&include=emails,phone_numbers
//     JSON:API (data / included / links.next / meta.total_count); auth HTTP Basic
//     (application id : secret, a personal access token) or Bearer (an OAuth access token);
//     429 with Retry-After when rate limited (the real limit is 100 requests per 20 s).
//   Rock RMS                GET /api/People?$top=100&$skip=N&$orderby=Id
//     OData v1 list (a JSON array of Person objects); auth header `Authorization-Token: <key>`.
//
//   Planning Center OAuth 2  GET /oauth/authorize (authorization code; the stand-in approves at once
//     and redirects with code + state; PKCE S256 checked when a code_challenge was sent),
//     POST /oauth/token (authorization_code, refresh_token: a new refresh token each time, the old
//     one dies), POST /oauth/revoke; access tokens expire after `oauthAccessTtlSec` (PCO: 2 hours).
//
// Both serve the same deterministic congregation of `people` persons and can be told to fail:
// a share of requests answered 429 (Retry-After), chosen requests answered 500/503, any request
// with a wrong key answered 401. Counters tell a test what happened.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChurchSystemsOptions {
  port?: number;
  host?: string;
  /** Persons in the congregation (both systems). */
  people?: number;
  /** Planning Center personal access token: `applicationId:secret` (Basic); also accepted as a Bearer token. */
  planningCenterToken?: string;
  /** Rock RMS REST key (Authorization-Token header). */
  rockRmsKey?: string;
  /** Share of authorised requests answered 429 (0..1), decided by a seeded sequence so runs repeat. */
  rateLimitShare?: number;
  /** Retry-After seconds sent with a 429. */
  retryAfterSec?: number;
  /** 1-based numbers of authorised requests answered with a 5xx (e.g. [2] fails the second page once). */
  failRequests?: number[];
  /** Status of those failures (default 503). */
  failStatus?: number;
  /** OAuth client registered with the Planning Center stand-in. */
  oauthClientId?: string;
  oauthClientSecret?: string;
  /** Lifetime of OAuth access tokens, seconds (default 7200, as Planning Center). */
  oauthAccessTtlSec?: number;
}

export interface ChurchSystemsStats {
  requests: number;
  /** OAuth: codes issued, token grants (by type), revocations */
  oauthCodes: number;
  oauthTokenGrants: { authorization_code: number; refresh_token: number };
  oauthRevoked: number;
  unauthorized: number;
  rateLimited: number;
  failed: number;
  served: number;
}

export interface ChurchSystemsServer {
  url: string;
  planningCenterBase: string;
  rockRmsBase: string;
  stats: ChurchSystemsStats;
  /** Change the congregation or the faults while running (tests). */
  configure(options: Partial<Pick<ChurchSystemsOptions, 'people' | 'rateLimitShare' | 'retryAfterSec' | 'failRequests' | 'failStatus'>>): void;
  close(): Promise<void>;
}

export const DEMO_PLANNING_CENTER_TOKEN = 'lectern-demo-app:lectern-demo-secret';
export const DEMO_ROCK_RMS_KEY = 'lectern-demo-rock-key';
export const DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID = 'lectern-demo-oauth-client';
export const DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET = 'lectern-demo-oauth-secret';

const FIRST = ['Ruth', 'Boaz', 'Naomi', 'Lydia', 'Silas', 'Priscilla', 'Aquila', 'Phoebe', 'Timothy', 'Eunice', 'Lois', 'Barnabas', 'Dorcas', 'Philip', 'Martha', 'Miriam', 'Caleb', 'Hannah', 'Joel', 'Tabitha'];
const LAST = ['Adams', 'Baker', 'Carter', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ito', 'Johnson', 'Kim', 'Lopez', 'Moore', 'Nguyen', 'Okafor', 'Patel', 'Quinn', 'Reyes', 'Smith', 'Turner', 'Usman', 'Vargas', 'Walker', 'Young'];

export interface StandInPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  createdAt: string;
}

/** Person n (1-based) of the congregation: the same every run. */
export function standInPerson(n: number): StandInPerson {
  const firstName = FIRST[(n - 1) % FIRST.length]!;
  const lastName = LAST[Math.floor((n - 1) / FIRST.length) % LAST.length]!;
  return {
    id: 100_000 + n,
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${n}@members.example.church`.toLowerCase(),
    phone: n % 3 === 0 ? null : `555-${String(1000 + (n % 9000)).padStart(4, '0')}`,
    createdAt: new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString(),
  };
}

/** Mulberry32: a small seeded generator, so "1% of requests" picks the same requests every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function planningCenterAuthorized(header: string | undefined, token: string): boolean {
  if (!header) return false;
  if (header.startsWith('Bearer ')) return header.slice(7) === token;
  if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8') === token;
  return false;
}

export async function startChurchSystems(options: ChurchSystemsOptions = {}): Promise<ChurchSystemsServer> {
  const state = {
    people: options.people ?? 250,
    rateLimitShare: options.rateLimitShare ?? 0,
    retryAfterSec: options.retryAfterSec ?? 1,
    failRequests: new Set(options.failRequests ?? []),
    failStatus: options.failStatus ?? 503,
  };
  const pcToken = options.planningCenterToken ?? DEMO_PLANNING_CENTER_TOKEN;
  const rockKey = options.rockRmsKey ?? DEMO_ROCK_RMS_KEY;
  const stats: ChurchSystemsStats = { requests: 0, oauthCodes: 0, oauthTokenGrants: { authorization_code: 0, refresh_token: 0 }, oauthRevoked: 0, unauthorized: 0, rateLimited: 0, failed: 0, served: 0 };
  const oauth = {
    clientId: options.oauthClientId ?? DEMO_PLANNING_CENTER_OAUTH_CLIENT_ID,
    clientSecret: options.oauthClientSecret ?? DEMO_PLANNING_CENTER_OAUTH_CLIENT_SECRET,
    accessTtlSec: options.oauthAccessTtlSec ?? 7200,
    codes: new Map<string, { redirectUri: string; challenge: string | null; expiresAt: number }>(),
    access: new Map<string, number>(),
    refresh: new Set<string>(),
  };
  const bearerValid = (header: string | undefined): boolean => {
    if (!header?.startsWith('Bearer ')) return false;
    const expiresAt = oauth.access.get(header.slice(7));
    return expiresAt !== undefined && expiresAt > Date.now();
  };
  const issueTokens = () => {
    const accessToken = randomBytes(24).toString('hex');
    const refreshToken = randomBytes(24).toString('hex');
    oauth.access.set(accessToken, Date.now() + oauth.accessTtlSec * 1000);
    oauth.refresh.add(refreshToken);
    return { access_token: accessToken, token_type: 'bearer', expires_in: oauth.accessTtlSec, refresh_token: refreshToken, scope: 'people', created_at: Math.floor(Date.now() / 1000) };
  };
  const readForm = (req: http.IncomingMessage): Promise<URLSearchParams> =>
    new Promise((resolve, reject) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => resolve(new URLSearchParams(req.headers['content-type']?.includes('json') ? Object.entries(JSON.parse(body || '{}') as Record<string, string>) : body)));
      req.on('error', reject);
    });
  const clientOf = (req: http.IncomingMessage, form: URLSearchParams): { id: string | null; secret: string | null } => {
    const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString('utf8').split(':') : null;
    return { id: basic?.[0] ?? form.get('client_id'), secret: basic?.[1] ?? form.get('client_secret') };
  };
  const oauthError = (res: http.ServerResponse, status: number, error: string, description: string) => json(res, status, { error, error_description: description });

  async function handleOAuth(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== oauth.clientId || !redirectUri) return oauthError(res, 400, 'invalid_client', 'Unknown client or missing redirect_uri.');
      if (q.get('response_type') !== 'code') return oauthError(res, 400, 'unsupported_response_type', 'Only the authorization code flow is supported.');
      const challenge = q.get('code_challenge');
      if (challenge && q.get('code_challenge_method') !== 'S256') return oauthError(res, 400, 'invalid_request', 'code_challenge_method must be S256.');
      // The church administrator approves at once (the real consent screen is Planning Center's).
      const code = randomBytes(16).toString('hex');
      oauth.codes.set(code, { redirectUri, challenge, expiresAt: Date.now() + 10 * 60_000 });
      stats.oauthCodes++;
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      if (q.get('state') !== null) target.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: target.toString() });
      return void res.end();
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const form = await readForm(req);
      const client = clientOf(req, form);
      if (client.id !== oauth.clientId || client.secret !== oauth.clientSecret) return oauthError(res, 401, 'invalid_client', 'Client authentication failed.');
      const grant = form.get('grant_type');
      if (grant === 'authorization_code') {
        const code = form.get('code') ?? '';
        const saved = oauth.codes.get(code);
        oauth.codes.delete(code);
        if (!saved || saved.expiresAt < Date.now() || saved.redirectUri !== form.get('redirect_uri')) return oauthError(res, 400, 'invalid_grant', 'The authorization code is invalid, expired or was used.');
        if (saved.challenge) {
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== saved.challenge) return oauthError(res, 400, 'invalid_grant', 'PKCE verification failed.');
        }
        stats.oauthTokenGrants.authorization_code++;
        return json(res, 200, issueTokens(), { 'cache-control': 'no-store' });
      }
      if (grant === 'refresh_token') {
        const refreshToken = form.get('refresh_token') ?? '';
        if (!oauth.refresh.delete(refreshToken)) return oauthError(res, 400, 'invalid_grant', 'The refresh token is invalid or was revoked.');
        stats.oauthTokenGrants.refresh_token++;
        return json(res, 200, issueTokens(), { 'cache-control': 'no-store' });
      }
      return oauthError(res, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    }
    if (req.method === 'POST' && url.pathname === '/oauth/revoke') {
      const form = await readForm(req);
      const client = clientOf(req, form);
      if (client.id !== oauth.clientId || client.secret !== oauth.clientSecret) return oauthError(res, 401, 'invalid_client', 'Client authentication failed.');
      const token = form.get('token') ?? '';
      if (oauth.access.delete(token) || oauth.refresh.delete(token)) stats.oauthRevoked++;
      return json(res, 200, {});
    }
    json(res, 404, { errors: [{ status: '404', title: 'Not Found' }] });
  }
  let authorised = 0;
  let random = seeded(13);

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': status < 300 ? 'application/vnd.api+json' : 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  /** The shared fault plan of an authorised request: undefined means serve it. */
  const fault = (res: http.ServerResponse): boolean => {
    authorised++;
    if (state.failRequests.has(authorised)) {
      stats.failed++;
      json(res, state.failStatus, { errors: [{ status: String(state.failStatus), title: 'Service Unavailable' }] });
      return true;
    }
    if (state.rateLimitShare > 0 && random() < state.rateLimitShare) {
      stats.rateLimited++;
      json(res, 429, { errors: [{ status: '429', title: 'Too Many Requests', detail: 'Rate limit exceeded' }] }, { 'retry-after': String(state.retryAfterSec) });
      return true;
    }
    return false;
  };

  const server = http.createServer((req, res) => {
    stats.requests++;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/oauth/')) {
      handleOAuth(req, res, url).catch(() => json(res, 500, { error: 'server_error' }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/people/v2/people') {
      if (!planningCenterAuthorized(req.headers.authorization, pcToken) && !bearerValid(req.headers.authorization)) {
        stats.unauthorized++;
        return json(res, 401, { errors: [{ status: '401', title: 'Unauthorized', detail: 'Please provide valid credentials' }] });
      }
      if (fault(res)) return;
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 25)));
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
      const persons = Array.from({ length: Math.max(0, Math.min(perPage, state.people - offset)) }, (_, i) => standInPerson(offset + i + 1));
      const base = `http://${req.headers.host}/people/v2/people`;
      const next = offset + perPage < state.people ? `${base}?per_page=${perPage}&offset=${offset + perPage}&include=emails,phone_numbers` : undefined;
      stats.served++;
      return json(res, 200, {
        links: { self: `${base}?${url.searchParams}`, ...(next ? { next } : {}) },
        data: persons.map((p) => ({
          type: 'Person',
          id: String(p.id),
          attributes: { first_name: p.firstName, last_name: p.lastName, name: `${p.firstName} ${p.lastName}`, status: 'active', created_at: p.createdAt, updated_at: p.createdAt },
          relationships: {
            emails: { data: [{ type: 'Email', id: `e${p.id}` }] },
            phone_numbers: { data: p.phone ? [{ type: 'PhoneNumber', id: `p${p.id}` }] : [] },
          },
          links: { self: `${base}/${p.id}` },
        })),
        included: persons.flatMap((p) => [
          { type: 'Email', id: `e${p.id}`, attributes: { address: p.email, location: 'Home', primary: true } },
          ...(p.phone ? [{ type: 'PhoneNumber', id: `p${p.id}`, attributes: { number: p.phone, location: 'Mobile', primary: true } }] : []),
        ]),
        meta: { total_count: state.people, count: persons.length, ...(next ? { next: { offset: offset + perPage } } : {}) },
      });
    }
    if (req.method === 'GET' && url.pathname.toLowerCase() === '/api/people') {
      if (req.headers['authorization-token'] !== rockKey) {
        stats.unauthorized++;
        return json(res, 401, { Message: 'Authorization has been denied for this request.' });
      }
      if (fault(res)) return;
      const top = Math.min(1000, Math.max(1, Number(url.searchParams.get('$top') ?? 1000)));
      const skip = Math.max(0, Number(url.searchParams.get('$skip') ?? 0));
      const persons = Array.from({ length: Math.max(0, Math.min(top, state.people - skip)) }, (_, i) => standInPerson(skip + i + 1));
      stats.served++;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify(persons.map((p) => ({ Id: p.id, Guid: `00000000-0000-4000-8000-${String(p.id).padStart(12, '0')}`, FirstName: p.firstName, NickName: p.firstName, LastName: p.lastName, Email: p.email, IsDeceased: false, CreatedDateTime: p.createdAt.slice(0, 19) }))));
    }
    json(res, 404, { errors: [{ status: '404', title: 'Not Found' }] });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    planningCenterBase: url,
    rockRmsBase: url,
    stats,
    configure(change) {
      if (change.people !== undefined) state.people = change.people;
      if (change.rateLimitShare !== undefined) state.rateLimitShare = change.rateLimitShare;
      if (change.retryAfterSec !== undefined) state.retryAfterSec = change.retryAfterSec;
      if (change.failRequests !== undefined) state.failRequests = new Set(change.failRequests);
      if (change.failStatus !== undefined) state.failStatus = change.failStatus;
      authorised = 0;
      random = seeded(13);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
