// Password hashing: argon2id (memory-hard) through @node-rs/argon2, whose prebuilt binary ships
// in a registry package (no build, no download). Hashes are PHC strings that carry the
// algorithm, version, parameters and salt: "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>".
// Verification runs in the Rust argon2 crate, which compares digests in constant time.
import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

export interface Argon2Params {
  /** Memory per hash, KiB (`m=`). */
  memoryCost: number;
  /** Passes over memory (`t=`). */
  timeCost: number;
  /** Lanes (`p=`). */
  parallelism: number;
}

/**
 * OWASP's first recommended argon2id setting (19 MiB, 2 passes, 1 lane). Measured on the
 * 2-core dev machine by bench/password-hash.bench.ts; see docs/adr/0009.
 */
export const DEFAULT_ARGON2_PARAMS: Readonly<Argon2Params> = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Longest password accepted, in UTF-8 bytes: enough for any passphrase, bounded work per request. */
export const MAX_PASSWORD_BYTES = 1024;

export interface EncodedHash {
  algorithm: string;
  version: number;
  params: Argon2Params;
  salt: string;
  digest: string;
}

const PHC = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Reads a PHC-encoded argon2 hash; null when the text is not one. */
export function parseEncodedHash(encoded: string): EncodedHash | null {
  const match = PHC.exec(encoded);
  if (!match) return null;
  const [, algorithm, version, m, t, p, salt, digest] = match as unknown as [string, string, string, string, string, string, string, string];
  return {
    algorithm,
    version: Number(version),
    params: { memoryCost: Number(m), timeCost: Number(t), parallelism: Number(p) },
    salt,
    digest,
  };
}

function assertPasswordSize(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new RangeError(`Password longer than ${MAX_PASSWORD_BYTES} bytes`);
  }
}

export class PasswordHasher {
  readonly params: Readonly<Argon2Params>;
  #dummy: Promise<string> | null = null;

  constructor(params: Argon2Params = DEFAULT_ARGON2_PARAMS) {
    for (const [name, value] of Object.entries(params)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`argon2 ${name} must be a positive integer, got ${value}`);
    }
    if (params.memoryCost < 8 * params.parallelism) throw new RangeError('argon2 memoryCost must be at least 8 KiB per lane');
    this.params = Object.freeze({ ...params });
  }

  /** Hashes with a fresh 16-byte random salt; runs on the libuv thread pool. */
  async hash(password: string): Promise<string> {
    assertPasswordSize(password);
    return argon2Hash(password, { ...this.params, salt: randomBytes(16) });
  }

  /**
   * True when the password matches the encoded hash. `null` (no such user, or no password set)
   * still spends one full verification against a dummy hash and answers false, so the time
   * taken does not reveal whether the account exists. A malformed hash answers false.
   */
  async verify(encoded: string | null, password: string): Promise<boolean> {
    if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false;
    if (encoded === null || parseEncodedHash(encoded) === null) {
      await this.#verifyDummy(password);
      return false;
    }
    try {
      return await argon2Verify(encoded, password);
    } catch {
      return false;
    }
  }

  /** True when the hash was made with another algorithm, version or parameters than ours. */
  needsRehash(encoded: string): boolean {
    const parsed = parseEncodedHash(encoded);
    if (!parsed || parsed.algorithm !== 'argon2id' || parsed.version !== 19) return true;
    const { memoryCost, timeCost, parallelism } = parsed.params;
    return memoryCost !== this.params.memoryCost || timeCost !== this.params.timeCost || parallelism !== this.params.parallelism;
  }

  async #verifyDummy(password: string): Promise<void> {
    this.#dummy ??= this.hash(randomBytes(24).toString('base64'));
    try {
      await argon2Verify(await this.#dummy, password);
    } catch {
      // The outcome is irrelevant: only the time spent matters.
    }
  }
}
