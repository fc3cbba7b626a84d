import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is deploy/local/src/support/paths.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Git-ignored home of everything the dev profile keeps: data, logs. */
export const devStateDir = path.join(repoRoot, '.lectern');
