import { randomBytes } from 'node:crypto';
import { FsStorage, type FsStorageConfig } from './fs.driver.ts';
import { S3Storage, type S3StorageConfig } from './s3.driver.ts';
import type { Storage } from './storage.types.ts';

export type StorageConfig = ({ driver: 'fs' } & FsStorageConfig) | ({ driver: 's3' } & S3StorageConfig);

/** Picks the driver: `fs` (default, files under STORAGE_FS_ROOT) or `s3` (any S3-compatible store). */
export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? new S3Storage(config) : new FsStorage(config);
}

/** The storage variables (StorageConfigProperties): the environment itself, or a service's loaded config. */
export type StorageSettings = Partial<Record<'STORAGE_DRIVER' | 'STORAGE_FS_ROOT' | 'STORAGE_SIGNING_SECRET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string | undefined>>;

/**
 * Reads STORAGE_DRIVER, STORAGE_FS_ROOT, STORAGE_SIGNING_SECRET, S3_* from the environment (or a
 * service config holding StorageConfigProperties). `publicBaseUrl` is where the service mounts `storageRoutes` (fs driver only). Without
 * STORAGE_SIGNING_SECRET the fs driver signs with a per-process random key: links then work only
 * on the instance that issued them, which is fine for one local process and wrong for several.
 */
export function storageConfigFromEnv(env: StorageSettings, publicBaseUrl: string): StorageConfig {
  const driver = env.STORAGE_DRIVER ?? 'fs';
  if (driver === 's3') {
    const missing = (['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
    if (missing.length > 0) throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
    return {
      driver: 's3',
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      region: env.S3_REGION!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    };
  }
  if (driver !== 'fs') throw new Error(`STORAGE_DRIVER must be "fs" or "s3", not "${driver}"`);
  return {
    driver: 'fs',
    root: env.STORAGE_FS_ROOT ?? '.lectern/storage',
    signingSecret: env.STORAGE_SIGNING_SECRET ?? randomBytes(32).toString('base64url'),
    publicBaseUrl,
  };
}
