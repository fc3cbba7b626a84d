// Builds the identity app: kit (config, logs, errors, db + migrations, outbox, OpenAPI, health)
// → signing keys → auth (verifying its own tokens through the kit plugin) → routes. Tests build
// it with `inject`; server.ts only listens.
import { apiPrefix, authPlugin, createSecretBox, createServiceApp } from '@lectern/service-kit';
import { parseTrustedProxies } from './http/client-address.ts';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import { CaptchaVerifier } from './captcha/index.ts';
import type { IdentityConfig } from './config.ts';
import { companyDomainsOf, issuerOf, SERVICE } from './config.ts';
import type { IdentityContext } from './context.ts';
import type { IdentityDatabase } from './data/database.ts';
import { PasswordHasher } from './domain/password.hasher.ts';
import { seedDemoAccounts, seedDemoSignupLead } from './organizations/demo-accounts.ts';
import { bootstrapAdmin } from './organizations/bootstrap-admin.ts';
import { SignInThrottle } from './domain/sign-in.throttle.ts';
import { ensureSigningKey, publicKeySet } from './keys/signing-key.service.ts';
import { billingAccountRoutes } from './billing/billing-account.routes.ts';
import { SUBSCRIPTION_PROJECTION_GROUP, subscriptionProjectionHandlers } from './billing/subscription-projection.consumer.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { jwksRoutes } from './routes/jwks.routes.ts';
import { AccessTokenIssuer } from './session/access-token.issuer.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { PgSpentStore } from './stores/captcha.spent-store.pg.ts';
import { ensureSecret } from './stores/service-secret.repository.ts';
import { PgThrottleStore } from './stores/sign-in.throttle-store.pg.ts';
import { createResetThrottle } from './password-reset/reset.throttle.ts';
import { passwordResetRoutes } from './password-reset/password-reset.routes.ts';
import { memberRoutes } from './members/member.routes.ts';
import { consoleRoutes } from './console/console.routes.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { scheduleAnalyticsRetention } from './analytics/analytics.retention.ts';
import { integrationRoutes } from './integrations/integration.routes.ts';
import { MemberSyncRunner, type MemberSyncRunnerOptions } from './integrations/member-sync.runner.ts';
import { identityRevocations } from './session/token-revocation.ts';
import { createWaitlistThrottle } from './waitlist/waitlist.throttle.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';

export type IdentityApp = ServiceApp<IdentityDatabase, IdentityConfig> & { identity: IdentityContext };

export interface IdentityAppOptions extends Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> {
  /** lease and poll timing of the background member sync (tests shorten them) */
  memberSync?: MemberSyncRunnerOptions;
}

export async function buildApp(config: IdentityConfig, options: IdentityAppOptions = {}): Promise<IdentityApp> {
  const { memberSync: memberSyncOptions, ...appOptions } = options;
  // Identity checks its own tokens with the same plugin as every service, reading its key set
  // from its schema instead of over HTTP (the loader runs at the first verification).
  const keys: { db?: IdentityApp['kit']['db']; log?: IdentityApp['log'] } = {};
  const revocations = identityRevocations(() => keys.db!, config.ACCESS_TOKEN_TTL_SEC, (err) => keys.log?.warn({ err }, 'token revocation list load failed'));
  const auth = {
    jwksUrl: `${issuerOf(config)}/.well-known/jwks.json`,
    jwksLoader: () => publicKeySet(keys.db!),
    revocations,
    issuer: issuerOf(config),
    audience: config.JWT_AUDIENCE,
  };
  const app = await createServiceApp<IdentityDatabase, IdentityConfig>({
    service: SERVICE,
    config,
    description: 'Users, organizations, roles, invites, tokens and the signing key set.',
    migrations: new URL('./migrations/', import.meta.url),
    auth,
    ...appOptions,
  });
  const db = app.kit.db;
  keys.db = db;
  keys.log = app.log;
  await ensureSigningKey(db);
  const captchaKey = config.CAPTCHA_HMAC_KEY ?? (await ensureSecret(db, 'captcha_hmac_key'));
  const ctx: IdentityContext = {
    db,
    config,
    companyDomains: companyDomainsOf(config),
    hasher: new PasswordHasher({ memoryCost: config.PASSWORD_HASH_MEMORY_KIB, timeCost: config.PASSWORD_HASH_ITERATIONS, parallelism: 1 }),
    captcha: new CaptchaVerifier({ hmacKey: captchaKey, spentStore: new PgSpentStore(db) }),
    captchaKey,
    throttle: new SignInThrottle(new PgThrottleStore(db)),
    resetThrottle: createResetThrottle(new PgThrottleStore(db)),
    waitlistThrottle: createWaitlistThrottle(new PgThrottleStore(db)),
    secrets: createSecretBox(config),
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    tokens: new AccessTokenIssuer(db, { issuer: issuerOf(config), audience: config.JWT_AUDIENCE, ttlSec: config.ACCESS_TOKEN_TTL_SEC }),
    revocations,
    memberSync: { kick: () => memberSync.kick() },
  };
  const memberSync = new MemberSyncRunner(ctx, app.log, memberSyncOptions);
  app.decorate('identity', ctx);
  app.addHook('onReady', async () => memberSync.start());
  // before the kit's onClose closes the pool: the running sync stops after its page and is given back
  app.addHook('preClose', async () => memberSync.stop());
  if ((await bootstrapAdmin(ctx)) === 'created') {
    app.log.info({ email: config.IDENTITY_BOOTSTRAP_ADMIN_EMAIL }, 'bootstrap administrator and organization created');
  }
  const demo = await seedDemoAccounts(ctx);
  if (demo.length > 0) app.log.info({ accounts: demo }, 'local demo accounts created');
  if (await seedDemoSignupLead(ctx)) app.log.info('local demo church recorded as a signup lead: billing may prepare its subscription');

  app.kit.consume({ groupId: `${config.KAFKA_TOPIC_PREFIX}${SUBSCRIPTION_PROJECTION_GROUP}`, services: ['billing'], handlers: subscriptionProjectionHandlers });

  const prefix = apiPrefix(SERVICE);
  // Older kits did not register the auth plugin in createServiceApp.
  if (!app.hasDecorator('verifyAccessToken')) await app.register(authPlugin, auth);
  await app.register(jwksRoutes, { prefix, db, accessTokenTtlSec: config.ACCESS_TOKEN_TTL_SEC });
  await app.register(sessionRoutes, { prefix, ctx });
  await app.register(accountRoutes, { prefix, ctx });
  await app.register(passwordResetRoutes, { prefix, ctx });
  await app.register(memberRoutes, { prefix, ctx });
  await app.register(consoleRoutes, { prefix, ctx });
  await app.register(billingAccountRoutes, { prefix, ctx });
  await app.register(integrationRoutes, { prefix, ctx });
  await app.register(analyticsRoutes, { prefix, ctx });
  const stopRetention = scheduleAnalyticsRetention(db, app.log);
  app.addHook('onClose', async () => stopRetention());
  await app.register(waitlistRoutes, { prefix, ctx });
  return app as IdentityApp;
}
