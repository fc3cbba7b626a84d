// The identity service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig, SecretConfigProperties } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'identity';

export const IdentityConfigSchema = defineConfig({
  /** Keys that seal church-system credentials at rest (kit secret box, AES-256-GCM with key ids). */
  ...SecretConfigProperties,
  /** Planning Center API origin (the local stack points it at its stand-in). */
  PLANNING_CENTER_API_BASE: Type.String({ default: 'https://api.planningcenteronline.com', pattern: '^https?://' }),
  /**
   * The OAuth application Lectern registered with Planning Center (api.planningcenteronline.com →
   * Developer → OAuth applications); unset: Planning Center connects with an API key only.
   */
  PLANNING_CENTER_OAUTH_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  PLANNING_CENTER_OAUTH_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** Rock RMS is self-hosted: the church's Rock origin. Unset: Rock RMS syncs are refused with a message. */
  ROCK_RMS_API_BASE: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Longest Retry-After a member sync waits for before it stops with a message (seconds). */
  MEMBER_SYNC_MAX_WAIT_SEC: Type.Integer({ default: 60, minimum: 1, maximum: 600 }),
  PORT: Type.Integer({ default: 4101, minimum: 0, maximum: 65535 }),
  /**
   * Proxies whose X-Forwarded-For entries are believed (CIDRs, comma-separated): the edge and any
   * load balancer in front of identity. Sign-in throttles count per client address behind them.
   */
  TRUSTED_PROXIES: Type.String({ default: '127.0.0.1/32,::1/128', pattern: '^[0-9a-fA-F:./]+(,[0-9a-fA-F:./]+)*$' }),
  /** The product's own e-mail domains ("company staff" in the spec), comma-separated. */
  COMPANY_DOMAINS: Type.String({ default: 'lectern.app,lectern.church', pattern: '^[a-z0-9.-]+(,[a-z0-9.-]+)*$' }),
  /** Access-token lifetime, seconds (ADR 0006: at most 15 minutes). */
  ACCESS_TOKEN_TTL_SEC: Type.Integer({ default: 900, minimum: 30, maximum: 900 }),
  REFRESH_TOKEN_TTL_DAYS: Type.Integer({ default: 30, minimum: 1, maximum: 365 }),
  /** `aud` of access tokens; every service passes the same value to the kit's authPlugin. */
  JWT_AUDIENCE: Type.String({ default: 'lectern-api', minLength: 1 }),
  /** Captcha HMAC key (≥ 32 bytes). Unset: a key generated once and kept in the identity schema. */
  CAPTCHA_HMAC_KEY: Type.Optional(Type.String({ minLength: 32 })),
  /** Work per captcha challenge (ALTCHA maxnumber); tests lower it. */
  CAPTCHA_MAX_NUMBER: Type.Integer({ default: 100_000, minimum: 1 }),
  /** argon2id memory cost, KiB (ADR 0009); tests lower it. */
  PASSWORD_HASH_MEMORY_KIB: Type.Integer({ default: 19_456, minimum: 8 }),
  PASSWORD_HASH_ITERATIONS: Type.Integer({ default: 2, minimum: 1 }),
  /**
   * First administrator of a fresh deployment (both or neither): created with its organization at
   * start when no user has this e-mail. `npm start` sets them for the local demo account.
   */
  IDENTITY_BOOTSTRAP_ADMIN_EMAIL: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' })),
  IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  IDENTITY_BOOTSTRAP_ORGANIZATION: Type.String({ default: 'Grace Community Church', minLength: 2 }),
  /** Local demo only: a pastor, a member and a company-staff user beside the bootstrap administrator. */
  IDENTITY_DEMO_ACCOUNTS: Type.Boolean({ default: false }),
});

export type IdentityConfig = Static<typeof IdentityConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  const config = loadConfig(IdentityConfigSchema, env);
  if (Boolean(config.IDENTITY_BOOTSTRAP_ADMIN_EMAIL) !== Boolean(config.IDENTITY_BOOTSTRAP_ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration: IDENTITY_BOOTSTRAP_ADMIN_EMAIL and IDENTITY_BOOTSTRAP_ADMIN_PASSWORD go together');
  }
  return config;
}

export const companyDomainsOf = (config: IdentityConfig): string[] =>
  config.COMPANY_DOMAINS.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);

/** `iss` of access tokens: JWT_ISSUER when set (kit base config), else `${PUBLIC_ORIGIN}/api/identity`. */
export const issuerOf = (config: IdentityConfig): string =>
  (config as { JWT_ISSUER?: string }).JWT_ISSUER ?? `${config.PUBLIC_ORIGIN.replace(/\/+$/, '')}/api/identity`;
