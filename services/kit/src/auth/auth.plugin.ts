import { fastifyJwt, type TokenOrHeader } from '@fastify/jwt';
import type { Algorithm } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuthError, unauthenticated } from './auth.errors.ts';
import { ROLES, type AccessTokenClaims, type Principal, type Role } from './auth.types.ts';
import { JwksCache } from './jwks.cache.ts';
import { fetchRevocations, revocationsUrlFor, TokenRevocations } from './token-revocations.ts';

export interface AuthPluginOptions {
  /** Identity's key set, e.g. `IDENTITY_JWKS_URL` = http://localhost:8080/api/identity/.well-known/jwks.json */
  jwksUrl: string;
  /** Reads the key set locally instead of fetching `jwksUrl` (identity itself); see JwksCacheOptions.load. */
  jwksLoader?: () => Promise<unknown>;
  /** Expected `iss` claim (what identity signs with). */
  issuer: string | string[];
  /** Expected `aud` claim. */
  audience: string | string[];
  /** Allowed clock skew for exp/nbf/iat, seconds (default 5). */
  clockToleranceSec?: number;
  /** Key-set cache lifetime (default 10 minutes). */
  jwksCacheTtlMs?: number;
  /** Minimum time between key-set refetches for an unknown kid (default 30 s). */
  jwksMinRefetchIntervalMs?: number;
  /**
   * Tokens revoked before they expire (password reset, deactivated member). Default: identity's
   * `/.well-known/token-revocations.json` next to `jwksUrl`, reloaded every 5 s; identity passes
   * its own list (read from its table); `false` turns the check off.
   */
  revocations?: TokenRevocations | false;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies an access token from anywhere (e.g. a WebSocket message) and returns the caller. */
    verifyAccessToken(token: string): Promise<Principal>;
    jwksCache: JwksCache;
    tokenRevocations: TokenRevocations | null;
  }
}

const ALGORITHMS: Algorithm[] = ['RS256', 'EdDSA'];

/**
 * Verifies identity-issued access JWTs with @fastify/jwt against identity's JWKS. Registering it
 * does not protect anything: add `requireSignedIn` / `requireRole(...)` as the `onRequest` hook of
 * a route prefix.
 */
async function authPlugin(fastify: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  if (!options.jwksUrl) throw new Error('auth: jwksUrl (IDENTITY_JWKS_URL) is required');
  if (!options.issuer || !options.audience) throw new Error('auth: issuer and audience are required');
  const jwks = new JwksCache({
    url: options.jwksUrl,
    ...(options.jwksLoader ? { load: options.jwksLoader } : {}),
    ttlMs: options.jwksCacheTtlMs,
    minRefetchIntervalMs: options.jwksMinRefetchIntervalMs,
    onFetchError: (err) => fastify.log.warn({ err, jwksUrl: options.jwksUrl }, 'identity key set fetch failed'),
  });

  const verify = {
    algorithms: ALGORITHMS,
    allowedIss: options.issuer,
    allowedAud: options.audience,
    clockTolerance: (options.clockToleranceSec ?? 5) * 1000,
    requiredClaims: ['sub', 'exp', 'iss', 'aud'],
    // Identity's tokens are short-lived; fast-jwt's verified-token cache would only add memory.
    cache: false,
  };

  await fastify.register(fastifyJwt, {
    // Called per token with the decoded header: pick the identity key named by `kid`.
    secret: async (_request: FastifyRequest, tokenOrHeader: TokenOrHeader) =>
      keyFor('header' in tokenOrHeader ? tokenOrHeader.header : tokenOrHeader),
    // The secret callback needs the header (kid, alg), so decode completely.
    decode: { complete: true },
    verify,
  });

  async function keyFor(header: { kid?: unknown; alg?: unknown }): Promise<string> {
    if (typeof header.kid !== 'string' || header.kid === '') throw unauthenticated('Token has no key id.');
    if (typeof header.alg !== 'string' || !ALGORITHMS.includes(header.alg as Algorithm)) throw unauthenticated('Token algorithm not accepted.');
    const key = await jwks.getKey(header.kid);
    if (!key) throw unauthenticated('Token signed by an unknown key.');
    if (key.alg !== header.alg) throw unauthenticated('Token algorithm does not match its key.');
    return key.pem;
  }

  const revocationsUrl = options.jwksLoader ? null : revocationsUrlFor(options.jwksUrl);
  const revocations = options.revocations === false
    ? null
    : options.revocations ?? (revocationsUrl
      ? new TokenRevocations({ load: fetchRevocations(revocationsUrl), onLoadError: (err) => fastify.log.warn({ err }, 'identity token revocation list fetch failed') })
      : null);

  fastify.decorate('jwksCache', jwks);
  fastify.decorate('tokenRevocations', revocations);
  fastify.decorate('verifyAccessToken', async function verifyAccessToken(token: string): Promise<Principal> {
    try {
      const decoded = fastify.jwt.decode<{ header: { kid?: unknown; alg?: unknown } }>(token, { complete: true });
      if (!decoded) throw unauthenticated('Malformed token.');
      const pem = await keyFor(decoded.header);
      const claims = fastify.jwt.verify<AccessTokenClaims>(token, { key: pem, ...verify });
      const principal = toPrincipal(claims);
      await assertNotRevoked(revocations, principal);
      return principal;
    } catch (error) {
      throw asAuthError(error);
    }
  });
}

/** Refuses a token whose version identity has revoked (401, like any other dead token). */
export async function assertNotRevoked(revocations: TokenRevocations | null, principal: Principal): Promise<void> {
  if (revocations && (await revocations.isRevoked(principal.userId, principal.tokenVersion))) throw unauthenticated('Session ended. Sign in again.');
}

/** Maps claims to the principal; throws 401 when identity's claim contract is not met. */
export function toPrincipal(claims: AccessTokenClaims): Principal {
  const { sub, org, role, email, staff, cd, exp, tv } = claims;
  if (typeof sub !== 'string' || sub === '') throw unauthenticated('Token has no subject.');
  if (org !== undefined && org !== null && (typeof org !== 'string' || org === '')) throw unauthenticated('Token has a bad org claim.');
  if (role !== undefined && role !== null && !ROLES.includes(role as Role)) throw unauthenticated('Token has a bad role claim.');
  if (typeof exp !== 'number') throw unauthenticated('Token has no expiry.');
  return {
    userId: sub,
    orgId: org ?? null,
    role: role ?? null,
    email: typeof email === 'string' ? email : '',
    companyStaff: staff === true,
    companyDomain: cd === true,
    expiresAt: exp,
    tokenVersion: typeof tv === 'number' && Number.isInteger(tv) && tv >= 0 ? tv : 0,
  };
}

/** Any verification failure becomes one 401 (the reason is logged by callers, never echoed in detail). */
export function asAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  return unauthenticated('Sign in to continue.', error);
}

export default fp(authPlugin, { name: '@lectern/service-kit/auth', fastify: '5.x' });
