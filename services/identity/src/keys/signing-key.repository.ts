import type { Executor, KitTables } from '@lectern/service-kit';
import type { JWK } from 'jose';
import type { IdentityDatabase } from '../data/database.ts';
import type { SigningKey } from '../data/signing-key.table.ts';

type Db = Executor<IdentityDatabase & KitTables>;

export async function findActiveKeys(db: Db): Promise<SigningKey[]> {
  return db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at', 'desc').execute();
}

export async function insertKey(db: Db, key: { kid: string; alg: SigningKey['alg']; publicJwk: JWK; privateJwk: JWK }): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({ kid: key.kid, alg: key.alg, public_jwk: JSON.stringify(key.publicJwk), private_jwk: JSON.stringify(key.privateJwk) })
    .execute();
}
