// The comms service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'comms';

export const CommsConfigSchema = defineConfig({
  PORT: Type.Integer({ default: 4104, minimum: 0, maximum: 65535 }),
});

export type CommsConfig = Static<typeof CommsConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadCommsConfig(env: Record<string, string | undefined> = process.env): CommsConfig {
  return loadConfig(CommsConfigSchema, env);
}
