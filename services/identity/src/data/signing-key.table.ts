import type { ColumnType, Generated, Selectable } from 'kysely';
import type { JWK } from 'jose';

export interface SigningKeyTable {
  kid: string;
  alg: 'EdDSA' | 'RS256';
  public_jwk: ColumnType<JWK, string, string>;
  /** never leaves this service and is never logged */
  private_jwk: ColumnType<JWK, string, string>;
  created_at: Generated<Date>;
  retired_at: Date | null;
}

export type SigningKey = Selectable<SigningKeyTable>;
