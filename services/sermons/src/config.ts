// The sermons service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig, StorageConfigProperties, TemporalConfigProperties } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'sermons';

export const SermonsConfigSchema = defineConfig({
  ...TemporalConfigProperties,
  ...StorageConfigProperties,
  PORT: Type.Integer({ default: 4102, minimum: 0, maximum: 65535 }),
  /**
   * Signs upload links (and fs storage links). Required: every instance must verify a link any
   * other instance issued, and a restart must not void links in flight. The local launcher makes one per start.
   */
  STORAGE_SIGNING_SECRET: Type.String({ minLength: 32 }),
  /** Service token of /internal (pipeline worker → sermons). Unset: the internal routes refuse every call. */
  SERMONS_INTERNAL_TOKEN: Type.Optional(Type.String({ minLength: 32 })),
  /** Temporal task queue the pipeline worker serves (the worker reads the same variable). */
  SERMON_PIPELINE_TASK_QUEUE: Type.String({ default: 'sermon-pipeline', minLength: 1 }),
  /**
   * Sermons in the pipeline at once (all organizations) before a church that already has its fair
   * share (this ÷ churches with work in the pipeline) gets 429 busy (domain/pipeline.capacity.ts).
   */
  SERMON_PIPELINE_CAPACITY: Type.Integer({ default: 4, minimum: 1 }),
  /**
   * An upload with no progress for this long can never complete (the link lives 60 minutes, a
   * started upload at most 10): its bytes, record and quota unit are released.
   */
  SERMON_UPLOAD_EXPIRY_MINUTES: Type.Integer({ default: 75, minimum: 1 }),
  /** Uploads per cycle by plan, `plan:limit,…`. */
  SERMON_QUOTA_LIMITS: Type.String({ default: 'free:4,standard:12,premium:40', pattern: '^[a-z0-9_-]+:\\d+(,[a-z0-9_-]+:\\d+)*$' }),
  SERMON_DEFAULT_PLAN: Type.String({ default: 'standard', minLength: 1 }),
  /** Where an upload is spooled while it is probed (default: the OS temp dir). */
  UPLOAD_TMP_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /** Identity's base URL, for the flag read (default: the origin of IDENTITY_JWKS_URL). */
  IDENTITY_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
});

export type SermonsConfig = Static<typeof SermonsConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadSermonsConfig(env: Record<string, string | undefined> = process.env): SermonsConfig {
  const config = loadConfig(SermonsConfigSchema, env);
  const limits = parseQuotaLimits(config.SERMON_QUOTA_LIMITS);
  if (!limits.has(config.SERMON_DEFAULT_PLAN)) {
    throw new Error(`Invalid configuration: SERMON_DEFAULT_PLAN "${config.SERMON_DEFAULT_PLAN}" is not in SERMON_QUOTA_LIMITS`);
  }
  return config;
}

export function parseQuotaLimits(value: string): Map<string, number> {
  return new Map(value.split(',').map((pair) => {
    const [plan, limit] = pair.split(':');
    return [plan as string, Number(limit)];
  }));
}
