export { createStorage, storageConfigFromEnv, type StorageConfig, type StorageSettings } from './storage.factory.ts';
export { storageRoutes, parseRange, type StorageRoutesOptions } from './storage.routes.ts';
export { FsStorage, type FsStorageConfig } from './fs.driver.ts';
export { S3Storage, type S3StorageConfig } from './s3.driver.ts';
export { StorageError } from './storage.errors.ts';
export type { Bucket, Storage, ObjectInfo, PutOptions, UploadUrlOptions, DownloadUrlOptions, SignedUrl, ByteRange } from './storage.types.ts';
