export { default as authPlugin, toPrincipal, type AuthPluginOptions } from './auth.plugin.ts';
export { authenticate, requireSignedIn, requireRole, requireCompanyStaff, requireCompanyDomainStaff, orgScope, assertSameOrg, type AuthHook } from './auth.guards.ts';
export { AuthError, unauthenticated, forbidden, notFound } from './auth.errors.ts';
export { JwksCache, type JwksCacheOptions } from './jwks.cache.ts';
export { ROLES, type Role, type Principal, type AccessTokenClaims } from './auth.types.ts';
export { requireServiceToken, type ServiceTokenGuardOptions } from './service-token.guard.ts';
export { TokenRevocations, revocationKey, fetchRevocations, revocationsUrlFor, type TokenRevocationsOptions, type TokenRevocationDocument } from './token-revocations.ts';
