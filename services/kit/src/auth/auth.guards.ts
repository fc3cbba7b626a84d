import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthenticated } from './auth.errors.ts';
import { asAuthError, assertNotRevoked, toPrincipal } from './auth.plugin.ts';
import type { AccessTokenClaims, Principal, Role } from './auth.types.ts';

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const kVerified = Symbol('lectern.auth.verified');
type Marked = FastifyRequest & { [kVerified]?: Principal };

/**
 * Verifies the bearer token once per request and sets `request.user`. Every guard below starts
 * with it, so one `onRequest` hook per route prefix is enough.
 */
export async function authenticate(request: FastifyRequest): Promise<Principal> {
  const marked = request as Marked;
  const done = marked[kVerified];
  if (done) return done;
  if (typeof request.jwtVerify !== 'function') {
    throw new Error('auth plugin is not registered on this Fastify instance: register authPlugin before routes that use auth guards');
  }
  if (!request.headers.authorization) throw unauthenticated('Sign in to continue.');
  let principal: Principal;
  try {
    principal = toPrincipal(await request.jwtVerify<AccessTokenClaims>());
    await assertNotRevoked(request.server.tokenRevocations ?? null, principal);
  } catch (error) {
    const authError = asAuthError(error);
    if (authError.statusCode === 401) request.log.info({ reason: reasonOf(error) }, 'access token refused');
    throw authError;
  }
  request.user = principal;
  marked[kVerified] = principal;
  return principal;
}

/** onRequest hook: any signed-in caller. */
export const requireSignedIn: AuthHook = async (request) => {
  await authenticate(request);
};

/** onRequest hook: a signed-in caller whose organization role is one of `roles`. */
export function requireRole(...roles: Role[]): AuthHook {
  if (roles.length === 0) throw new Error('requireRole needs at least one role');
  return async (request) => {
    const principal = await authenticate(request);
    if (!principal.role || !roles.includes(principal.role)) throw forbidden();
  };
}

/** onRequest hook: Lectern company staff (the console), whatever their organization role. */
export const requireCompanyStaff: AuthHook = async (request) => {
  const principal = await authenticate(request);
  if (!principal.companyStaff) throw forbidden();
};

const STAFF_SIDE_ROLES: readonly Role[] = ['ADMIN', 'PASTOR', 'STAFF'];

/**
 * onRequest hook: the spec's company-only screens (team, integrations, SMTP, members admin,
 * communications): a staff-side organization role (ADMIN, PASTOR, STAFF) whose verified e-mail is
 * on an internal company domain.
 */
export const requireCompanyDomainStaff: AuthHook = async (request) => {
  const principal = await authenticate(request);
  if (!principal.companyDomain || !principal.role || !STAFF_SIDE_ROLES.includes(principal.role)) throw forbidden();
};

/** The caller's organization id, for scoping every query. Refuses callers without one (403). */
export function orgScope(request: FastifyRequest): string {
  const principal = (request as Marked)[kVerified];
  if (!principal) throw unauthenticated('Sign in to continue.');
  if (!principal.orgId) throw forbidden('Join or create an organization first.');
  return principal.orgId;
}

/**
 * Refuses a row that belongs to another organization with 404 (`not_found`), not 403, so a
 * caller cannot learn that another organization's id exists. Use after loading by id.
 */
export function assertSameOrg<T extends { orgId: string | null }>(request: FastifyRequest, row: T | null | undefined): asserts row is T {
  const orgId = orgScope(request);
  if (!row || row.orgId !== orgId) throw notFound();
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
