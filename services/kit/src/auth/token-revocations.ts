import { createHash } from 'node:crypto';

// Access tokens are stateless for their lifetime (15 minutes). Some events must end them at once:
// a password reset, a member deactivated. Identity then raises the user's token version; tokens
// carry the version they were issued under (`tv`). Every service keeps the short list of users
// whose version rose within one token lifetime, reloaded at most every `maxAgeMs` and awaited when
// older (so a revoked token is refused at most `maxAgeMs` after the change, on every instance,
// without a database or network call per request). Users are listed by a hash of their id, so
// the published list says nothing about who they are.

/** The list's key for a user id: sha256, base64url, first 22 characters (128 bits). */
export const revocationKey = (userId: string): string => createHash('sha256').update(userId).digest('base64url').slice(0, 22);

/** What identity publishes at `/.well-known/token-revocations.json`. */
export interface TokenRevocationDocument {
  /** revocation key → the lowest token version still valid */
  minVersions: Record<string, number>;
  /** how often a reader should reload, ms */
  maxAgeMs: number;
}

export interface TokenRevocationsOptions {
  /** Loads the current list (identity reads its table; every other service fetches the document). */
  load: () => Promise<Record<string, number> | null>;
  /** Reload when the held list is older than this (default 5 s); the revocation delay bound. */
  maxAgeMs?: number;
  now?: () => number;
  onLoadError?: (error: unknown) => void;
}

export class TokenRevocations {
  readonly #load: TokenRevocationsOptions['load'];
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #onLoadError: (error: unknown) => void;
  #minVersions = new Map<string, number>();
  #loadedAt = Number.NEGATIVE_INFINITY;
  #inFlight: Promise<void> | null = null;

  constructor(options: TokenRevocationsOptions) {
    this.#load = options.load;
    this.#maxAgeMs = options.maxAgeMs ?? 5_000;
    this.#now = options.now ?? Date.now;
    this.#onLoadError = options.onLoadError ?? (() => {});
  }

  get maxAgeMs(): number {
    return this.#maxAgeMs;
  }

  /** True when `userId`'s tokens of `version` were revoked. */
  async isRevoked(userId: string, version: number): Promise<boolean> {
    if (this.#now() - this.#loadedAt >= this.#maxAgeMs) await this.refresh();
    return (this.#minVersions.get(revocationKey(userId)) ?? 0) > version;
  }

  /** Reload now (concurrent callers share one load). Identity calls it right after a revocation. */
  refresh(): Promise<void> {
    this.#inFlight ??= (async () => {
      try {
        const loaded = await this.#load();
        this.#minVersions = new Map(Object.entries(loaded ?? {}));
      } catch (error) {
        // Identity unreachable: keep the list held (tokens still expire within their lifetime);
        // try again after maxAgeMs rather than on every request.
        this.#onLoadError(error);
      } finally {
        this.#loadedAt = this.#now();
        this.#inFlight = null;
      }
    })();
    return this.#inFlight;
  }
}

/** Fetches identity's published list; a 404 (an identity or test key server without one) is an empty list. */
export function fetchRevocations(url: string, timeoutMs = 2_000): () => Promise<Record<string, number> | null> {
  return async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`token revocations: ${response.status} from ${url}`);
    const body = (await response.json()) as Partial<TokenRevocationDocument>;
    if (!body || typeof body.minVersions !== 'object' || body.minVersions === null) throw new Error('token revocations: malformed document');
    return body.minVersions;
  };
}

/** identity's JWKS URL → its revocation list's URL (same folder), or null when the URL is not of that shape. */
export function revocationsUrlFor(jwksUrl: string): string | null {
  return jwksUrl.endsWith('/.well-known/jwks.json') ? `${jwksUrl.slice(0, -'jwks.json'.length)}token-revocations.json` : null;
}
