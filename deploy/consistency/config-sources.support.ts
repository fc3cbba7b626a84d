// The variables a process really reads, taken from its configuration sources rather than from a
// list kept by hand: the worker reads its environment imperatively (`env.NAME` in workflows/src),
// the sermons service declares a TypeBox schema (services/sermons/src/config.ts).
import { readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { read, repoRoot } from './repo.support.ts';

const ENV_READ = /\benv(?:\.|\[\s*['"])([A-Z][A-Z0-9_]+)/g;

/** Every `env.NAME`, `process.env.NAME` or `env['NAME']` in a source text. */
export function envReadsIn(source: string): Set<string> {
  return new Set([...source.matchAll(ENV_READ)].map((match) => match[1]!));
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(repoRoot, folder), { withFileTypes: true })) {
    const path = posix.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
  }
  return files;
}

/**
 * What the worker process reads: every environment read in workflows/src (tests aside), plus the
 * kit's storage variables since worker.ts builds its storage with storageConfigFromEnv. Each name
 * maps to the files that read it.
 */
export function workerReads(): Map<string, string[]> {
  const reads = new Map<string, string[]>();
  const add = (file: string): void => {
    for (const name of envReadsIn(read(file))) reads.set(name, [...(reads.get(name) ?? []), file]);
  };
  for (const file of sourceFiles('workflows/src')) add(file);
  if (/\bstorageConfigFromEnv\(/.test(read('workflows/src/worker.ts'))) add('services/kit/src/storage/storage.factory.ts');
  return reads;
}

/** The keys of the sermons service's config schema (kit base, Temporal, storage and its own). */
export async function sermonsReads(): Promise<Set<string>> {
  const module = (await import(pathToFileURL(join(repoRoot, 'services/sermons/src/config.ts')).href)) as {
    SermonsConfigSchema: { properties: Record<string, unknown> };
  };
  return new Set(Object.keys(module.SermonsConfigSchema.properties));
}

const sermonsSchema = await sermonsReads();

/** What an app's configuration reads, where the tests derive it (worker, sermons); empty for the others. */
export function configReads(app: string): Set<string> {
  if (app === 'worker') return new Set(workerReads().keys());
  if (app === 'sermons') return sermonsSchema;
  return new Set();
}

/**
 * A variable that has no effect with the rest of the environment: the fs driver's settings under
 * s3. Except STORAGE_SIGNING_SECRET for sermons, which signs its own upload links with it.
 */
export function inapplicable(name: string, environment: Map<string, string>, app?: string): boolean {
  if (environment.get('STORAGE_DRIVER') !== 's3') return false;
  return name === 'STORAGE_FS_ROOT' || (name === 'STORAGE_SIGNING_SECRET' && app !== 'sermons');
}

/** The recogniser's pins and model checksum as the local launcher provisions them. */
export function launcherAsr(): { packages: string[]; modelSha256: string } {
  const source = read('deploy/local/src/provision/asr.ts');
  const list = /export const asrPackages = \[([^\]]*)\]/.exec(source)?.[1];
  const sha = /export const asrModelSha256 = '([0-9a-f]{64})'/.exec(source)?.[1];
  if (!list || !sha) throw new Error('deploy/local/src/provision/asr.ts: asrPackages or asrModelSha256 not found');
  return { packages: [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!), modelSha256: sha };
}

type Env = Record<string, string | undefined>;

const importRepo = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(repoRoot, path)).href)) as T;

/**
 * Runs the worker's and the sermons service's own configuration readers on an environment, as the
 * processes do at start (nothing is connected or spawned). Throws what the process would print.
 */
export async function configAccepts(app: 'worker' | 'sermons', env: Env): Promise<void> {
  if (app === 'sermons') {
    const { loadSermonsConfig } = await importRepo<{ loadSermonsConfig: (env: Env) => unknown }>('services/sermons/src/config.ts');
    loadSermonsConfig(env);
    return;
  }
  const { readWorkerConfig } = await importRepo<{ readWorkerConfig: (env: Env) => unknown }>('workflows/src/worker-config.ts');
  const { readTranscriptionConfig } = await importRepo<{ readTranscriptionConfig: (env: Env) => unknown }>('workflows/src/transcription/transcription.config.ts');
  const { createContentProviders } = await importRepo<{ createContentProviders: (env: Env) => unknown }>('workflows/src/content/content.config.ts');
  const { storageConfigFromEnv } = await importRepo<{ storageConfigFromEnv: (env: Env, base: string) => unknown }>('services/kit/src/storage/storage.factory.ts');
  readWorkerConfig(env);
  readTranscriptionConfig(env);
  createContentProviders(env);
  storageConfigFromEnv(env, '');
}
