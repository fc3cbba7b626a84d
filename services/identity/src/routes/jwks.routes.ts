import type { KitTables, ServiceInstance } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { IdentityDatabase } from '../data/database.ts';
import { publicKeySet } from '../keys/signing-key.service.ts';

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
}

export async function jwksRoutes(app: ServiceInstance, options: JwksRoutesOptions): Promise<void> {
  app.get('/.well-known/jwks.json', {
    schema: { tags: ['keys'], summary: 'Public keys that verify access tokens', response: { 200: Type.Object({ keys: Type.Array(Jwk) }) } },
  }, async (_request, reply) => {
    // Verifiers cache for 10 minutes (DESIGN.md); say the same to HTTP caches.
    reply.header('cache-control', 'public, max-age=600');
    return publicKeySet(options.db);
  });
}
