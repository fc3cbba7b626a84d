import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createStorage, FsStorage, storageRoutes } from '../../src/storage/index.ts';
import { bucketContract } from './bucket.contract.ts';
import { freePort } from './s3.server.ts';

bucketContract('filesystem driver', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kit-fs-storage-'));
  const port = await freePort();
  const storage = createStorage({ driver: 'fs', root, signingSecret: 'test-signing-secret-0123456789', publicBaseUrl: `http://127.0.0.1:${port}/api/test/storage` });
  if (!(storage instanceof FsStorage)) throw new Error('expected the fs driver');
  const app = Fastify();
  await app.register(storageRoutes, { prefix: '/api/test/storage', storage });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    storage,
    close: async () => {
      await app.close();
      await storage.close();
      await rm(root, { recursive: true, force: true });
    },
  };
});
