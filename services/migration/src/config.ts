// The migration service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig, StorageConfigProperties, TemporalConfigProperties } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'migration';

export const MigrationConfigSchema = defineConfig({
  ...TemporalConfigProperties,
  ...StorageConfigProperties,
  PORT: Type.Integer({ default: 4105, minimum: 0, maximum: 65535 }),
});

export type MigrationConfig = Static<typeof MigrationConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadMigrationConfig(env: Record<string, string | undefined> = process.env): MigrationConfig {
  return loadConfig(MigrationConfigSchema, env);
}
