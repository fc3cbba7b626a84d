import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { AuthError } from './auth.errors.ts';

export interface JwksCacheOptions {
  url: string;
  /**
   * Reads the key set (`{ keys: [...] }`) instead of fetching `url`: for identity itself, which
   * holds its keys and must not call itself over HTTP. Caching and refetch limits still apply.
   */
  load?: () => Promise<unknown>;
  /** How long a fetched key set is trusted before it is fetched again (default 10 minutes). */
  ttlMs?: number;
  /** At most one refetch for an unknown `kid` per this interval (default 30 s). */
  minRefetchIntervalMs?: number;
  fetchTimeoutMs?: number;
  /** Injectable clock for tests. */
  now?: () => number;
  onFetchError?: (error: unknown) => void;
}

export interface VerificationKey {
  kid: string;
  /** Algorithm family the key is for: `RS256` (RSA) or `EdDSA` (Ed25519). */
  alg: 'RS256' | 'EdDSA';
  /** SPKI PEM: @fastify/jwt caches one verifier per PEM string. */
  pem: string;
}

interface Jwk extends JsonWebKey {
  kid?: string;
  use?: string;
  alg?: string;
}

/**
 * The identity key set, fetched on first use, trusted for `ttlMs`, refetched at most once per
 * `minRefetchIntervalMs` when a token names a `kid` we do not hold (key rotation). Concurrent
 * callers share one fetch. If identity is unreachable, keys already held keep working.
 */
export class JwksCache {
  readonly #url: string;
  readonly #ttlMs: number;
  readonly #minRefetchMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #onFetchError: (error: unknown) => void;
  readonly #load: (() => Promise<unknown>) | undefined;
  #keys = new Map<string, VerificationKey>();
  #fetchedAt = Number.NEGATIVE_INFINITY;
  #lastAttemptAt = Number.NEGATIVE_INFINITY;
  #inFlight: Promise<void> | null = null;
  #fetchCount = 0;

  constructor(options: JwksCacheOptions) {
    this.#url = options.url;
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#minRefetchMs = options.minRefetchIntervalMs ?? 30_000;
    this.#timeoutMs = options.fetchTimeoutMs ?? 5_000;
    this.#now = options.now ?? Date.now;
    this.#onFetchError = options.onFetchError ?? (() => {});
    this.#load = options.load;
  }

  /** Number of key-set requests made so far (for metrics and tests). */
  get fetchCount(): number {
    return this.#fetchCount;
  }

  /** The key for `kid`, or null when identity does not publish it (the token is refused). */
  async getKey(kid: string): Promise<VerificationKey | null> {
    const now = this.#now();
    const fresh = now - this.#fetchedAt < this.#ttlMs;
    const cached = this.#keys.get(kid);
    if (fresh && cached) return cached;
    const mayRefetch = now - this.#lastAttemptAt >= this.#minRefetchMs;
    if (!fresh || mayRefetch) {
      // Expired: refetch (rate-limited so an unreachable identity is not hammered). Unknown
      // kid: one refetch per interval picks up a rotated key without letting forged kids
      // trigger a request each.
      if (mayRefetch || this.#inFlight) await this.#refresh(cached !== undefined);
    }
    return this.#keys.get(kid) ?? null;
  }

  async #refresh(haveFallback: boolean): Promise<void> {
    this.#inFlight ??= this.#fetch().finally(() => {
      this.#inFlight = null;
    });
    try {
      await this.#inFlight;
    } catch (error) {
      this.#onFetchError(error);
      if (!haveFallback && this.#keys.size === 0) {
        throw new AuthError(503, 'identity_unavailable', 'Sign-in cannot be checked right now; try again shortly.', { cause: error });
      }
    }
  }

  async #fetch(): Promise<void> {
    this.#lastAttemptAt = this.#now();
    this.#fetchCount += 1;
    const body = (this.#load ? await this.#load() : await this.#fetchUrl()) as { keys?: unknown } | null;
    if (!body) throw new Error(`JWKS ${this.#url} is empty`);
    if (!Array.isArray(body.keys)) throw new Error(`JWKS ${this.#url} has no "keys" array`);
    const keys = new Map<string, VerificationKey>();
    for (const jwk of body.keys as Jwk[]) {
      const key = toVerificationKey(jwk);
      if (key) keys.set(key.kid, key);
    }
    this.#keys = keys;
    this.#fetchedAt = this.#now();
  }

  async #fetchUrl(): Promise<unknown> {
    const response = await fetch(this.#url, {
      headers: { accept: 'application/jwk-set+json, application/json' },
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    if (!response.ok) throw new Error(`JWKS ${this.#url} answered ${response.status}`);
    return response.json();
  }
}

function toVerificationKey(jwk: Jwk): VerificationKey | null {
  if (typeof jwk.kid !== 'string' || jwk.kid === '' || (jwk.use !== undefined && jwk.use !== 'sig')) return null;
  let alg: VerificationKey['alg'];
  if (jwk.kty === 'RSA' && (jwk.alg === undefined || jwk.alg === 'RS256')) alg = 'RS256';
  else if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && (jwk.alg === undefined || jwk.alg === 'EdDSA' || jwk.alg === 'Ed25519')) alg = 'EdDSA';
  else return null;
  // Only public members are read, so a private JWK published by mistake is not turned into one.
  const publicJwk: JsonWebKey =
    jwk.kty === 'RSA' ? { kty: 'RSA', n: jwk.n, e: jwk.e } : { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  try {
    const pem = createPublicKey({ key: publicJwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    return { kid: jwk.kid, alg, pem };
  } catch {
    return null;
  }
}
