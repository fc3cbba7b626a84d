// The sermons service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig, StorageConfigProperties, TemporalConfigProperties } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'sermons';

export const SermonsConfigSchema = defineConfig({
  ...TemporalConfigProperties,
  ...StorageConfigProperties,
  PORT: Type.Integer({ default: 4102, minimum: 0, maximum: 65535 }),
});

export type SermonsConfig = Static<typeof SermonsConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadSermonsConfig(env: Record<string, string | undefined> = process.env): SermonsConfig {
  return loadConfig(SermonsConfigSchema, env);
}
