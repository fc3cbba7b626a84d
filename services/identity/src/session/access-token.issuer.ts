// Signs access JWTs with identity's newest active key (the one published first in the JWKS).
import { randomUUID } from 'node:crypto';
import type { AccessTokenClaims } from '@lectern/service-kit';
import { importJWK, SignJWT } from 'jose';
import type { CryptoKey } from 'jose';
import type { Db } from '../data/database.ts';
import { findActiveKeys } from '../keys/signing-key.repository.ts';

export interface AccessClaims extends Pick<AccessTokenClaims, 'sub' | 'org' | 'role' | 'email' | 'staff'> {
  /** verified e-mail on a company domain (API.md) */
  cd: boolean;
  /** the user's token version (token-revocation.ts) */
  tv?: number;
}

export interface SignedAccessToken {
  token: string;
  /** epoch ms */
  expiresAt: number;
  expiresIn: number;
}

export interface AccessTokenIssuerOptions {
  issuer: string;
  audience: string;
  ttlSec: number;
}

export class AccessTokenIssuer {
  readonly #db: Db;
  readonly #options: AccessTokenIssuerOptions;
  #key: Promise<{ kid: string; alg: string; key: CryptoKey | Uint8Array }> | null = null;

  constructor(db: Db, options: AccessTokenIssuerOptions) {
    this.#db = db;
    this.#options = options;
  }

  get issuer(): string {
    return this.#options.issuer;
  }

  get audience(): string {
    return this.#options.audience;
  }

  async sign(claims: AccessClaims, now = Date.now()): Promise<SignedAccessToken> {
    const { kid, alg, key } = await this.#signingKey();
    const iat = Math.floor(now / 1000);
    const exp = iat + this.#options.ttlSec;
    const { sub, ...rest } = claims;
    const token = await new SignJWT({ ...rest })
      .setProtectedHeader({ alg, kid, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(this.#options.issuer)
      .setAudience(this.#options.audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(key);
    return { token, expiresAt: exp * 1000, expiresIn: this.#options.ttlSec };
  }

  /** Forget the cached key (after a rotation). */
  reload(): void {
    this.#key = null;
  }

  #signingKey() {
    this.#key ??= (async () => {
      const [newest] = await findActiveKeys(this.#db);
      if (!newest) throw new Error('identity has no active signing key');
      return { kid: newest.kid, alg: newest.alg, key: await importJWK(newest.private_jwk, newest.alg) };
    })().catch((error: unknown) => {
      this.#key = null;
      throw error;
    });
    return this.#key;
  }
}
