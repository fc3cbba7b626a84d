import type { KitTables, ServiceInstance } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { IdentityDatabase } from '../data/database.ts';
import { publicKeySet } from '../keys/signing-key.service.ts';
import { recentRevocations } from '../session/token-revocation.ts';

/** How often other services reload the revocation list (the kit's default), and how long HTTP caches may keep it. */
const REVOCATIONS_READER_MAX_AGE_MS = 5_000;

const Jwk = Type.Object({
  kty: Type.String(),
  crv: Type.Optional(Type.String()),
  x: Type.Optional(Type.String()),
  n: Type.Optional(Type.String()),
  e: Type.Optional(Type.String()),
  kid: Type.String(),
  alg: Type.String(),
  use: Type.Literal('sig'),
});

export interface JwksRoutesOptions {
  db: Kysely<IdentityDatabase & KitTables>;
  accessTokenTtlSec: number;
}

export async function jwksRoutes(app: ServiceInstance, options: JwksRoutesOptions): Promise<void> {
  app.get('/.well-known/jwks.json', {
    schema: { tags: ['keys'], summary: 'Public keys that verify access tokens', response: { 200: Type.Object({ keys: Type.Array(Jwk) }) } },
  }, async (_request, reply) => {
    // Verifiers cache for 10 minutes (DESIGN.md); say the same to HTTP caches.
    reply.header('cache-control', 'public, max-age=600');
    return publicKeySet(options.db);
  });

  app.get('/.well-known/token-revocations.json', {
    schema: {
      tags: ['keys'],
      summary: 'Access tokens revoked before they expire: hashed user id → lowest token version still valid (changes within one token lifetime)',
      response: { 200: Type.Object({ minVersions: Type.Record(Type.String(), Type.Integer({ minimum: 0 })), maxAgeMs: Type.Integer() }) },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { minVersions: await recentRevocations(options.db, options.accessTokenTtlSec), maxAgeMs: REVOCATIONS_READER_MAX_AGE_MS };
  });
}
