// Secrets at rest (integration credentials, SMTP passwords): AES-256-GCM with a random 96-bit IV,
// sealed as `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url). The key id in every sealed value lets
// keys rotate: new values use the active key, old values still open with the key they name.
// An optional context (e.g. "<orgId>:smtp:<integrationId>") is authenticated but not stored, so a
// sealed value copied onto another row does not open there.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import type { TProperties } from 'typebox';

const VERSION = 'v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

export interface SecretBox {
  /** The key new values are sealed with. */
  readonly activeKeyId: string;
  seal(plaintext: string, context?: string): string;
  /** Throws SecretBoxError for a value it cannot open (unknown key, tampered, wrong context). */
  open(sealed: string, context?: string): string;
  /** The key id a sealed value names (to find values to re-seal after a rotation). */
  keyIdOf(sealed: string): string;
}

/** The variables a service that keeps secrets reads (with the base config). */
export const SecretConfigProperties = {
  /** `keyId:base64(32 bytes)[,keyId:base64…]`: every key that may still open stored values. */
  SECRET_KEYS: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44}(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44})*$' }),
  /** The key new values are sealed with; default: the first of SECRET_KEYS. */
  SECRET_ACTIVE_KEY_ID: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' })),
} satisfies TProperties;

/** Parses `SECRET_KEYS`. */
export function parseSecretKeys(spec: string): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const entry of spec.split(',').map((e) => e.trim()).filter(Boolean)) {
    const at = entry.indexOf(':');
    const id = entry.slice(0, at);
    if (at < 1 || !KEY_ID.test(id)) throw new SecretBoxError(`SECRET_KEYS: "${id}" is not a key id (letters, digits, _ and -)`);
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (key.length !== 32) throw new SecretBoxError(`SECRET_KEYS: key "${id}" must be 32 bytes, base64-encoded`);
    if (keys.has(id)) throw new SecretBoxError(`SECRET_KEYS: key id "${id}" appears twice`);
    keys.set(id, key);
  }
  if (keys.size === 0) throw new SecretBoxError('SECRET_KEYS: no key given');
  return keys;
}

/** A fresh `SECRET_KEYS` value with one random key (local stack, tests). */
export function generateSecretKeys(keyId = 'k1'): string {
  return `${keyId}:${randomBytes(32).toString('base64')}`;
}

export function createSecretBox(config: { SECRET_KEYS: string; SECRET_ACTIVE_KEY_ID?: string | undefined }): SecretBox {
  const keys = parseSecretKeys(config.SECRET_KEYS);
  const activeKeyId = config.SECRET_ACTIVE_KEY_ID ?? keys.keys().next().value!;
  const activeKey = keys.get(activeKeyId);
  if (!activeKey) throw new SecretBoxError(`SECRET_ACTIVE_KEY_ID: "${activeKeyId}" is not one of SECRET_KEYS`);

  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError('not a sealed secret');
    const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
    return { keyId, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), body: Buffer.from(body, 'base64url') };
  };

  return {
    activeKeyId,
    seal(plaintext, context = '') {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', activeKey, iv);
      cipher.setAAD(Buffer.from(`${VERSION}.${activeKeyId}.${context}`));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, activeKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context = '') {
      const { keyId, iv, tag, body } = parse(sealed);
      const key = keys.get(keyId);
      if (!key) throw new SecretBoxError(`sealed with key "${keyId}", which SECRET_KEYS no longer holds`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(`${VERSION}.${keyId}.${context}`));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('sealed secret does not open (tampered, or sealed for another record)');
      }
    },
    keyIdOf(sealed) {
      return parse(sealed).keyId;
    },
  };
}
