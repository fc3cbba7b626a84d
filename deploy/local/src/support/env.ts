import type { ComponentName, InfraEndpoints } from '../types.ts';
import { externalSwitch } from '../components/component.ts';

export const emptyEndpoints: InfraEndpoints = {
  databaseUrl: '',
  kafkaBrokers: [],
  temporalAddress: '',
  temporalNamespace: 'default',
  smtpUrl: '',
  stripeSecretKey: '',
};

/** The components whose variable points at an existing deployment. */
export function externalComponents(env: NodeJS.ProcessEnv, names: ComponentName[]): Set<ComponentName> {
  return new Set(names.filter((name) => Boolean(env[externalSwitch[name].envVar])));
}

/** Endpoints of an existing deployment, read from the variables ARCHITECTURE.md lists. */
export function endpointsFromEnv(name: ComponentName, env: NodeJS.ProcessEnv): Partial<InfraEndpoints> {
  switch (name) {
    case 'postgres':
      return { databaseUrl: env.DATABASE_URL ?? '' };
    case 'kafka':
      return { kafkaBrokers: (env.KAFKA_BROKERS ?? '').split(',').map((b) => b.trim()).filter(Boolean) };
    case 'temporal':
      return {
        temporalAddress: env.TEMPORAL_ADDRESS ?? '',
        temporalNamespace: env.TEMPORAL_NAMESPACE || 'default',
        ...(env.TEMPORAL_UI_URL ? { temporalUiUrl: env.TEMPORAL_UI_URL } : {}),
      };
    case 'mail': {
      const api = env.MAIL_API_URL || env.LECTERN_MAIL_API_URL;
      return { smtpUrl: env.SMTP_URL ?? '', ...(api ? { mailApiUrl: api } : {}) };
    }
    case 'stripe': {
      const base = env.STRIPE_API_BASE ?? '';
      // Pointing at the real API means "no mock": the Stripe SDK's own default is used.
      const real = /^https:\/\/api\.stripe\.com\/?$/.test(base);
      return { ...(real ? {} : { stripeApiBase: base }), stripeSecretKey: env.STRIPE_SECRET_KEY || 'sk_test_123' };
    }
    case 's3':
      return {
        s3: {
          endpoint: env.S3_ENDPOINT ?? '',
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        },
      };
  }
}

/** The endpoints of the given components as the environment variables the services read. */
export function endpointsToEnv(e: InfraEndpoints, parts: Iterable<ComponentName>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const part of parts) {
    switch (part) {
      case 'postgres':
        env.DATABASE_URL = e.databaseUrl;
        break;
      case 'kafka':
        env.KAFKA_BROKERS = e.kafkaBrokers.join(',');
        break;
      case 'temporal':
        env.TEMPORAL_ADDRESS = e.temporalAddress;
        env.TEMPORAL_NAMESPACE = e.temporalNamespace;
        if (e.temporalUiUrl) env.TEMPORAL_UI_URL = e.temporalUiUrl;
        break;
      case 'mail':
        env.SMTP_URL = e.smtpUrl;
        if (e.mailApiUrl) {
          env.MAIL_API_URL = e.mailApiUrl;
          // turbo passes LECTERN_* through to tasks; MAIL_API_URL is not in its list yet.
          env.LECTERN_MAIL_API_URL = e.mailApiUrl;
        }
        break;
      case 'stripe':
        if (e.stripeApiBase) env.STRIPE_API_BASE = e.stripeApiBase;
        env.STRIPE_SECRET_KEY = e.stripeSecretKey;
        break;
      case 's3':
        if (e.s3) {
          env.S3_ENDPOINT = e.s3.endpoint;
          env.S3_REGION = e.s3.region;
          env.S3_ACCESS_KEY_ID = e.s3.accessKeyId;
          env.S3_SECRET_ACCESS_KEY = e.s3.secretAccessKey;
        }
        break;
    }
  }
  return env;
}
