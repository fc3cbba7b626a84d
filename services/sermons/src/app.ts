// Builds the sermons app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → storage, Temporal client, live hub → use cases → routes. server.ts only listens.
import { apiPrefix, createServiceApp, createStorage, FsStorage, livePlugin, storageConfigFromEnv, storageRoutes } from '@lectern/service-kit';
import type { Bucket, HttpAppOptions, LiveFanoutHub, ServiceApp, Storage } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import { SERMONS_RAW_BUCKET } from '@lectern/workflow-contract';
import type { SermonsConfig } from './config.ts';
import { SERVICE } from './config.ts';
import type { SermonsDatabase } from './data/database.ts';
import { createSermonUseCases, type SermonUseCases } from './domain/sermon.use-cases.ts';
import { BILLING_PLAN_GROUP, billingPlanHandlers } from './consumers/billing-plan.consumer.ts';
import { PipelineClient } from './pipeline/pipeline.client.ts';
import { internalRoutes } from './routes/internal.routes.ts';
import { migratedSermonRoutes } from './migration/migrated-sermon.routes.ts';
import { memberRoutes } from './member/member.routes.ts';
import { MemberService } from './member/member.service.ts';
import type { MemberDb } from './member/member.tables.ts';
import { staffPlaybackRoutes } from './member/playback.ts';
import { discussionGuideInternalRoutes, discussionGuideStaffRoutes } from './member/discussion-guide.routes.ts';
import { sermonRoutes } from './routes/sermons.routes.ts';
import { ActiveUploads, uploadRoutes } from './upload/upload.routes.ts';
import { UploadSigner } from './upload/upload.signing.ts';
import { UploadExpiry } from './upload/upload.expiry.ts';

const LIVE_ROLES: ReadonlySet<string> = new Set(['ADMIN', 'PASTOR', 'STAFF']);

export type SermonsApp = ServiceApp<SermonsDatabase, SermonsConfig> & { sermons: SermonUseCases; pipeline: PipelineClient; hub: LiveFanoutHub; uploadExpiry: UploadExpiry; rawBucket: () => Promise<Bucket>; storage: Storage };

export async function buildApp(config: SermonsConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> & { uploadTimeoutMs?: number } = {}): Promise<SermonsApp> {
  const { uploadTimeoutMs, ...appOptions } = options;
  const app = await createServiceApp<SermonsDatabase, SermonsConfig>({
    service: SERVICE,
    config,
    description: 'Sermons, processing progress, transcripts, outlines, devotionals and quota.',
    migrations: new URL('./migrations/', import.meta.url),
    ...appOptions,
  });
  const prefix = apiPrefix(SERVICE);
  const storage = createStorage(storageConfigFromEnv(config, `${config.PUBLIC_ORIGIN}${prefix}/storage`));
  const rawBucket = () => storage.bucket(SERMONS_RAW_BUCKET);
  const pipeline = new PipelineClient({ address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.SERMON_PIPELINE_TASK_QUEUE });
  // Live messages reach browsers on every instance, whichever one received the change (ADR 0020).
  const hub = await app.kit.startLiveHub();
  const sermons = createSermonUseCases({ db: app.kit.db, config, raw: rawBucket, hub, pipeline, log: app.log });
  const signer = new UploadSigner(config.STORAGE_SIGNING_SECRET);
  const active = new ActiveUploads();
  const uploadExpiry = new UploadExpiry({ db: app.kit.db, removal: sermons.removal, config, log: app.log });
  app.addHook('onReady', async () => uploadExpiry.start());
  app.kit.consume({ groupId: `${config.KAFKA_TOPIC_PREFIX}${BILLING_PLAN_GROUP}`, services: ['billing'], handlers: billingPlanHandlers(config) });

  await app.register(sermonRoutes, { prefix, sermons, signer, active, config, raw: rawBucket, storage, rawBucketName: SERMONS_RAW_BUCKET });
  await app.register(uploadRoutes, { prefix, sermons, signer, active, tmpDir: config.UPLOAD_TMP_DIR, raw: rawBucket, ...(uploadTimeoutMs ? { timeoutMs: uploadTimeoutMs } : {}) });
  const memberDb = app.kit.db as unknown as Kysely<MemberDb>;
  await app.register(memberRoutes, { prefix: `${prefix}/member`, members: new MemberService(memberDb), raw: rawBucket });
  await app.register(staffPlaybackRoutes, { prefix, sermons, raw: rawBucket });
  await app.register(discussionGuideStaffRoutes, { prefix, sermons, db: memberDb });
  await app.register(discussionGuideInternalRoutes, { prefix: `${prefix}/internal`, sermons, db: memberDb, token: config.SERMONS_INTERNAL_TOKEN });
  // The filesystem driver's signed links (uploads by URL, playback) are served here; S3 serves its own.
  if (storage instanceof FsStorage) await app.register(storageRoutes, { prefix: `${prefix}/storage`, storage });
  await app.register(internalRoutes, { prefix: `${prefix}/internal`, sermons, token: config.SERMONS_INTERNAL_TOKEN });
  await app.register(migratedSermonRoutes, { prefix: `${prefix}/internal`, sermons, token: config.SERMONS_INTERNAL_TOKEN });
  await app.register(livePlugin, {
    prefix,
    hub,
    authorize: async (principal, topic) => {
      const [kind, id] = topic.split(':');
      // Progress is staff information: the same roles the REST routes admit, of the sermon's church.
      if (principal.role === null || !LIVE_ROLES.has(principal.role)) return false;
      return kind === 'sermon' && id !== undefined && principal.orgId !== null && (await sermons.queries.orgOf(id)) === principal.orgId;
    },
  });
  app.addHook('onClose', async () => {
    await uploadExpiry.stop();
    await pipeline.close().catch(() => undefined);
    await storage.close();
  });
  app.decorate('sermons', sermons);
  app.decorate('pipeline', pipeline);
  app.decorate('hub', hub);
  app.decorate('uploadExpiry', uploadExpiry);
  app.decorate('rawBucket', rawBucket);
  app.decorate('storage', storage);
  return app as SermonsApp;
}
