// The sermons service in a process of its own for the benches (forked by
// sermons-service.process.ts), so the service's memory and event loop are measured apart from the
// load generator. Built like the integration tests (test/helper.ts): real Postgres, Kafka,
// Temporal, a fresh schema. Answers a few requests over the IPC channel.
import type { Role } from '@lectern/service-kit';
import { buildTestApp, INTERNAL_TOKEN, listen } from '../test/helper.ts';
import { seedLibrary } from './library.seed.ts';
import { seedMemberLibrary } from './member-library.seed.ts';

export type ChildRequest =
  | { id: number; type: 'token'; orgId: string; role: Role; userId?: string }
  | { id: number; type: 'seedLibrary'; sermons: number }
  | { id: number; type: 'seedMemberLibrary'; sermons: number; members: number; progressRows: number }
  | { id: number; type: 'gc' }
  | { id: number; type: 'close' };

/** What a pipeline worker needs to share this service's queue and storage. */
export type ServiceEnvForWorker = Record<'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'SERMON_PIPELINE_TASK_QUEUE' | 'STORAGE_FS_ROOT', string>;

export type ChildMessage =
  | { type: 'ready'; base: string; internalToken: string; publicOrigin: string; env: ServiceEnvForWorker }
  | { type: 'reply'; id: number; result?: unknown; error?: string };

const send = (message: ChildMessage) => process.send?.(message);

// Errors only: kafkajs warns while the fresh test broker elects its partition leaders.
const t = await buildTestApp({ LOG_LEVEL: 'error' });
const base = await listen(t.app);
let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await t.app.close();
  process.disconnect?.();
};

process.on('disconnect', () => void close());
process.on('message', (request: ChildRequest) => {
  void (async () => {
    try {
      let result: unknown = null;
      if (request.type === 'token') result = await t.token(request.orgId, request.role, request.userId);
      else if (request.type === 'seedLibrary') result = await seedLibrary(t.app.kit.db, request.sermons);
      else if (request.type === 'seedMemberLibrary') result = await seedMemberLibrary(t.app.kit.db, request);
      else if (request.type === 'gc') global.gc?.();
      else if (request.type === 'close') {
        send({ type: 'reply', id: request.id, result: null });
        await close();
        return;
      }
      send({ type: 'reply', id: request.id, result });
    } catch (error) {
      send({ type: 'reply', id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
const workerEnv: ServiceEnvForWorker = {
  TEMPORAL_ADDRESS: t.env.TEMPORAL_ADDRESS as string,
  TEMPORAL_NAMESPACE: t.env.TEMPORAL_NAMESPACE as string,
  SERMON_PIPELINE_TASK_QUEUE: t.env.SERMON_PIPELINE_TASK_QUEUE as string,
  STORAGE_FS_ROOT: t.storageRoot,
};
send({ type: 'ready', base, internalToken: INTERNAL_TOKEN, publicOrigin: t.config.PUBLIC_ORIGIN, env: workerEnv });
