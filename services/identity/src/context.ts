// What the use cases need, built once in app.ts.
import type { KitTables, SecretBox, TokenRevocations } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import type { CaptchaVerifier } from './captcha/index.ts';
import type { IdentityConfig } from './config.ts';
import type { IdentityDatabase } from './data/database.ts';
import type { PasswordHasher } from './domain/password.hasher.ts';
import type { SignInThrottle } from './domain/sign-in.throttle.ts';
import type { TrustedProxies } from './http/client-address.ts';
import type { AccessTokenIssuer } from './session/access-token.issuer.ts';

export interface IdentityContext {
  db: Kysely<IdentityDatabase & KitTables>;
  config: IdentityConfig;
  companyDomains: readonly string[];
  hasher: PasswordHasher;
  captcha: CaptchaVerifier;
  captchaKey: string;
  throttle: SignInThrottle;
  /** "Forgot password?" requests (its own counters). */
  resetThrottle: SignInThrottle;
  /** The public waitlist endpoint (its own counters). */
  waitlistThrottle: SignInThrottle;
  tokens: AccessTokenIssuer;
  /** this instance's list of revoked token versions (also what the kit's auth checks) */
  revocations: TokenRevocations;
  /** this instance's background member-sync runner (kicked when a sync is queued) */
  memberSync: { kick(): void };
  /** seals church-system API keys at rest */
  secrets: SecretBox;
  /** Whose X-Forwarded-For entries the throttles believe (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
}
