import { createStorage } from '../../src/storage/index.ts';
import { bucketContract } from './bucket.contract.ts';
import { s3Endpoint } from './s3.server.ts';

bucketContract('S3 driver (versitygw or S3_ENDPOINT)', async () => {
  const endpoint = await s3Endpoint();
  const storage = createStorage({ driver: 's3', ...endpoint.config });
  return {
    storage,
    close: async () => {
      await storage.close();
      await endpoint.stop();
    },
  };
});
