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
