// The migration service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig, StorageConfigProperties, TemporalConfigProperties } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'migration';

export const MigrationConfigSchema = defineConfig({
  ...TemporalConfigProperties,
  ...StorageConfigProperties,
  PORT: Type.Integer({ default: 4105, minimum: 0, maximum: 65535 }),
  /** Task queue of the migration workflow; this service's own worker serves it. */
  RSS_MIGRATION_TASK_QUEUE: Type.String({ default: 'rss-migration', minLength: 1 }),
  /** The sermon pipeline's queue (the pipeline worker reads the same variable). */
  SERMON_PIPELINE_TASK_QUEUE: Type.String({ default: 'sermon-pipeline', minLength: 1 }),
  /** Run the migration worker in this process (server.ts); off for a routes-only instance. */
  MIGRATION_WORKER: Type.Boolean({ default: true }),
  /** Pre-built workflow bundle (production); otherwise the worker bundles workflows/ at start. */
  WORKFLOW_BUNDLE_PATH: Type.Optional(Type.String({ minLength: 1 })),
  /** The sermons service's internal API (records of migrated sermons) and its service token. */
  SERMONS_INTERNAL_URL: Type.String({ default: 'http://127.0.0.1:4102', pattern: '^https?://[^/]+$' }),
  SERMONS_INTERNAL_TOKEN: Type.Optional(Type.String({ minLength: 32 })),
  /** Where downloads are spooled (resumable partial files) before they go to storage. */
  MIGRATION_WORK_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /** Largest recording a migration downloads (2 GB). */
  MIGRATION_MEDIA_MAX_BYTES: Type.Integer({ default: 2 * 1024 * 1024 * 1024, minimum: 1 }),
  FEED_MAX_BYTES: Type.Integer({ default: 20 * 1024 * 1024, minimum: 1 }),
  /** Time limit of a feed fetch, and the longest a download may stall (ms). */
  FEED_FETCH_TIMEOUT_MS: Type.Integer({ default: 15_000, minimum: 100 }),
  /**
   * `host:port,…` exempt from the private-address refusal. ONLY for the tests and the local
   * stack's feed server on loopback; leave empty in production.
   */
  FEED_FETCH_ALLOW_ORIGINS: Type.String({ default: '' }),
});

export type MigrationConfig = Static<typeof MigrationConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadMigrationConfig(env: Record<string, string | undefined> = process.env): MigrationConfig {
  return loadConfig(MigrationConfigSchema, env);
}

export function allowedFeedOrigins(config: MigrationConfig): string[] {
  return config.FEED_FETCH_ALLOW_ORIGINS.split(',').map((entry) => entry.trim()).filter(Boolean);
}
