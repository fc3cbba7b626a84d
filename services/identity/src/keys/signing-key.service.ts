// Identity signs access tokens with an Ed25519 key pair generated once and kept in its schema;
// other services verify against the public half published as a JWKS.
import { randomUUID } from 'node:crypto';
import type { KitTables } from '@lectern/service-kit';
import { exportJWK, generateKeyPair } from 'jose';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { IdentityDatabase } from '../data/database.ts';
import { findActiveKeys, insertKey } from './signing-key.repository.ts';

export const SIGNING_ALG = 'EdDSA';

/** Make sure an active key exists; instances starting together agree on one (advisory lock). */
export async function ensureSigningKey(db: Kysely<IdentityDatabase & KitTables>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.signing_keys'))`.execute(trx);
    if ((await findActiveKeys(trx)).length > 0) return;
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    await insertKey(trx, { kid, alg: SIGNING_ALG, publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) });
  });
}

export interface PublicJwk {
  kty: string;
  crv?: string;
  x?: string;
  n?: string;
  e?: string;
  kid: string;
  alg: string;
  use: 'sig';
}

/** The public key set: only public members, whatever the stored JWK holds. */
export async function publicKeySet(db: Kysely<IdentityDatabase & KitTables>): Promise<{ keys: PublicJwk[] }> {
  const keys = await findActiveKeys(db);
  return {
    keys: keys.map((k) => {
      const { kty, crv, x, n, e } = k.public_jwk;
      return { kty: kty ?? 'OKP', ...(crv ? { crv } : {}), ...(x ? { x } : {}), ...(n ? { n } : {}), ...(e ? { e } : {}), kid: k.kid, alg: k.alg, use: 'sig' as const };
    }),
  };
}
