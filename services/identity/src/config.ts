// The identity service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'identity';

export const IdentityConfigSchema = defineConfig({
  PORT: Type.Integer({ default: 4101, minimum: 0, maximum: 65535 }),
});

export type IdentityConfig = Static<typeof IdentityConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig(IdentityConfigSchema, env);
}
