// Configuration is read from the environment once, at start, against a TypeBox schema: a missing
// or bad variable stops start-up with a message that names it.
import { Type } from 'typebox';
import type { Static, TObject, TProperties } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly variables: string[];
  constructor(problems: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
    this.variables = problems.map((p) => p.variable);
  }
}

/** What every service reads (ARCHITECTURE.md); services add their own variables to it. */
export const BaseConfigProperties = {
  HOST: Type.String({ default: '0.0.0.0', minLength: 1 }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, description: '0 picks a free port' }),
  LOG_LEVEL: Type.String({ default: 'info', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] }),
  PUBLIC_ORIGIN: Type.String({ default: 'http://localhost:8080', pattern: '^https?://' }),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://', description: 'postgres://user:pass@host:port/db' }),
  /** Postgres schema the service works in; defaults to the service name (tests use a fresh one). */
  DATABASE_SCHEMA: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]{0,62}$' })),
  DATABASE_POOL_MAX: Type.Integer({ default: 10, minimum: 1 }),
  KAFKA_BROKERS: Type.String({ pattern: '^[^,\\s]+(,[^,\\s]+)*$', description: 'host:port[,host:port…]' }),
  /** Prepended to every topic name (`<prefix><service>.events`); tests use it for isolation. */
  KAFKA_TOPIC_PREFIX: Type.String({ default: '', pattern: '^[a-zA-Z0-9._-]*$' }),
  /** Relay poll fallback when no NOTIFY arrives (ms). */
  OUTBOX_POLL_MS: Type.Integer({ default: 1000, minimum: 10 }),
  /** Identity's key set; every service verifies access tokens against it (ADR 0006). */
  IDENTITY_JWKS_URL: Type.String({ default: 'http://127.0.0.1:4101/api/identity/.well-known/jwks.json', pattern: '^https?://' }),
  /** `iss` identity signs with and services require; default `${PUBLIC_ORIGIN}/api/identity`. */
  JWT_ISSUER: Type.Optional(Type.String({ minLength: 1 })),
  /** `aud` of access tokens. */
  JWT_AUDIENCE: Type.String({ default: 'lectern-api', minLength: 1 }),
} satisfies TProperties;

/** The issuer identity signs with and every service expects. */
export function jwtIssuer(config: { JWT_ISSUER?: string | undefined; PUBLIC_ORIGIN: string }): string {
  return config.JWT_ISSUER ?? `${config.PUBLIC_ORIGIN.replace(/\/$/, '')}/api/identity`;
}

/** Services that start or steer workflows (sermons, migration). */
export const TemporalConfigProperties = {
  TEMPORAL_ADDRESS: Type.String({ default: '127.0.0.1:7233', pattern: '^[^:\\s]+:\\d+$', description: 'host:port of the Temporal frontend' }),
  TEMPORAL_NAMESPACE: Type.String({ default: 'default', minLength: 1 }),
} satisfies TProperties;

/** Services that keep media (read by storageConfigFromEnv; validated here so start-up fails fast). */
export const StorageConfigProperties = {
  STORAGE_DRIVER: Type.String({ default: 'fs', enum: ['fs', 's3'] }),
  STORAGE_FS_ROOT: Type.String({ default: '.lectern/storage', minLength: 1 }),
  /** Signs fs upload/download links; set it when more than one instance serves links. */
  STORAGE_SIGNING_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  S3_REGION: Type.String({ default: 'us-east-1', minLength: 1 }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
} satisfies TProperties;

export const BaseConfigSchema = Type.Object(BaseConfigProperties);
export type BaseConfig = Static<typeof BaseConfigSchema>;

/** Build a service's config schema from the base plus its own variables. */
export function defineConfig<P extends TProperties>(properties: P) {
  return Type.Object({ ...BaseConfigProperties, ...properties });
}

function variablesOf(error: { instancePath: string; params: unknown; keyword: string }): string[] {
  if (error.keyword === 'required') {
    const params = error.params as { requiredProperties?: string[] };
    return params.requiredProperties ?? ['?'];
  }
  return [error.instancePath.replace(/^\//, '')];
}

function messageOf(error: { keyword: string; message: string; params: unknown }, raw: unknown): string {
  if (error.keyword === 'required') return 'is required';
  const shown = typeof raw === 'string' && raw.length > 0 ? ` (got "${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}")` : '';
  return `${error.message}${shown}`;
}

/**
 * Read and validate `env` against `schema`: strings are converted to the declared types, defaults
 * applied, unknown variables ignored. Throws ConfigError naming every bad or missing variable.
 * Values of variables whose name suggests a secret are never echoed in the message.
 */
export function loadConfig<S extends TObject>(schema: S, env: Record<string, string | undefined> = process.env): Static<S> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') input[key] = raw;
  }
  const value = Value.Convert(schema, Value.Default(schema, input));
  const validator = Compile(schema);
  if (validator.Check(value)) return value as Static<S>;
  const seen = new Set<string>();
  const problems: { variable: string; message: string }[] = [];
  for (const error of validator.Errors(value)) {
    for (const variable of variablesOf(error)) {
      if (seen.has(variable)) continue;
      seen.add(variable);
      const secret = /PASSWORD|SECRET|KEY|TOKEN|DATABASE_URL|SMTP_URL/.test(variable);
      problems.push({ variable, message: messageOf(error, secret ? undefined : input[variable]) });
    }
  }
  throw new ConfigError(problems);
}
