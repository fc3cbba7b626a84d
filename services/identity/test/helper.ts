// Builds the identity app for `inject`, against real Postgres and Kafka, in a fresh schema and
// topic prefix so test runs never share data; plus factories for users, organizations, sessions.
import { randomUUID } from 'node:crypto';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { createSecretBox } from '@lectern/service-kit';
import { mailLinkContext } from '@lectern/events';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { encodePayload, solveChallenge } from '../src/captcha/index.ts';
import type { Challenge } from '../src/captcha/index.ts';
import { loadIdentityConfig } from '../src/config.ts';
import type { Role } from '../src/domain/role.resolution.ts';

/** Fast settings for tests: cheap captcha and hash (the real parameters are benchmarked). */
export const FAST_ENV = { CAPTCHA_MAX_NUMBER: '2000', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1' };

export async function buildTestApp(extraEnv: Record<string, string> = {}) {
  const env = await isolatedServiceEnv('identity', { ...FAST_ENV, ...extraEnv });
  const app = await buildApp(loadIdentityConfig(env), { prettyLogs: false });
  return { app, env };
}

/** Opens a link identity sealed into an event, as comms does (same SECRET_KEYS). */
export function openMailLink(env: Record<string, string>, userId: string, sealed: unknown): string {
  return createSecretBox({ SECRET_KEYS: env.SECRET_KEYS! }).open(String(sealed), mailLinkContext(userId));
}

export const PASSWORD = 'Correct-Horse-Battery-42';
export const API = '/api/identity';

/** A solved captcha, as the widget would submit it. */
export async function solvedCaptcha(app: IdentityApp): Promise<string> {
  const challenge = (await app.inject({ url: `${API}/captcha/challenge` })).json<Challenge>();
  const solution = solveChallenge(challenge);
  if (!solution) throw new Error('captcha not solvable');
  return encodePayload(challenge, solution);
}

export async function seedOrganization(app: IdentityApp, name = `Church ${randomUUID().slice(0, 8)}`, extra: { domain?: string; subdomain?: string } = {}): Promise<string> {
  const row = await app.kit.db
    .insertInto('organizations')
    .values({ name, subdomain: extra.subdomain ?? `s-${randomUUID().slice(0, 12)}`, domain: extra.domain ?? null, plan_id: null, plan_label: null, created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An address on a company domain (COMPANY_DOMAINS default): with a verified e-mail, the company-only screens. */
export const companyEmail = (name = 'staff'): string => `${name}-${randomUUID().slice(0, 8)}@lectern.app`;

export interface SeedUser {
  email?: string;
  password?: string | null;
  role?: Role;
  orgId?: string | null;
  verified?: boolean;
  customRoles?: string[];
  firstName?: string | null;
  lastName?: string | null;
}

export async function seedUser(app: IdentityApp, input: SeedUser = {}): Promise<{ id: string; email: string; password: string }> {
  const email = input.email ?? `u-${randomUUID().slice(0, 8)}@example.org`;
  const password = input.password === undefined ? PASSWORD : input.password;
  const row = await app.kit.db
    .insertInto('users')
    .values({
      email,
      org_id: input.orgId === undefined ? null : input.orgId,
      role: input.role ?? 'MEMBER',
      first_name: input.firstName === undefined ? 'Ann' : input.firstName,
      last_name: input.lastName === undefined ? 'Lee' : input.lastName,
      phone: null,
      password_hash: password === null ? null : await app.identity.hasher.hash(password),
      email_verified_at: input.verified === false ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of input.customRoles ?? []) await app.kit.db.insertInto('custom_user_roles').values({ user_id: row.id, role }).execute();
  return { id: row.id, email, password: password ?? '' };
}

let ipCounter = 1;
/** A fresh client address per call unless given, so the address throttle does not mix tests. */
export const freshIp = (): string => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export async function signIn(app: IdentityApp, email: string, password: string, ip = freshIp()): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${API}/session`, remoteAddress: ip, payload: { email, password, captcha: await solvedCaptcha(app) } });
}

/** Signs in and returns the access token and the refresh cookie value. */
export async function session(app: IdentityApp, email: string, password = PASSWORD): Promise<{ token: string; refresh: string; body: Record<string, unknown> }> {
  const res = await signIn(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().accessToken, refresh: refreshCookieOf(res)!, body: res.json() };
}

export function refreshCookieOf(res: LightMyRequestResponse): string | null {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find((c) => c.startsWith('lectern_refresh='));
  if (!cookie) return null;
  const value = cookie.slice('lectern_refresh='.length).split(';')[0]!;
  return value || null;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Events written to the outbox, by type, oldest first. */
export async function outboxEvents(app: IdentityApp, type: string): Promise<{ subject: string; orgId: string | null; data: Record<string, unknown> }[]> {
  const rows = await app.kit.db.selectFrom('outbox').select(['envelope']).where('type', '=', type).orderBy('seq').execute();
  return rows.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope) as { subject: string; orgId: string | null; data: Record<string, unknown> });
}
