// A whole migration end to end on real parts: the local feed server with 20-second espeak-ng
// videos, the migration service's worker process, Temporal, the sermons service and the real
// pipeline worker. Prints items/min, the orchestration overhead per item (the item's wall time
// minus its child pipeline run: record, download, store, bookkeeping; target < 2 s), the Temporal
// history of the parent chain (events and bytes per run) and the migration worker's peak memory.
//   MIGRATION_BENCH_ITEMS (default 260), MIGRATION_BENCH_SECONDS (video length, default 20),
//   MIGRATION_BENCH_MINUTES (default none: wait for the end; otherwise Stop after that long and
//   report the figures of the items that finished)
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { rssMigrationWorkflowId, sermonPipelineWorkflowId } from '@lectern/workflows';
import { startMigrationRig } from '../test/rig.ts';

const ITEMS = Number(process.env.MIGRATION_BENCH_ITEMS ?? 260);
const SECONDS = Number(process.env.MIGRATION_BENCH_SECONDS ?? 20);
const MINUTES = process.env.MIGRATION_BENCH_MINUTES ? Number(process.env.MIGRATION_BENCH_MINUTES) : Infinity;

function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const rig = await startMigrationRig({
  feeds: { seconds: SECONDS },
  migration: { LOG_LEVEL: 'warn' },
  sermons: {
    SERMON_PIPELINE_CAPACITY: '100000',
    // Migrated sermons count against the plan's quota: the bench organization's plan holds them all.
    SERMON_QUOTA_LIMITS: `free:4,standard:${Math.max(ITEMS, 12)}`,
    SERMON_DEFAULT_PLAN: 'standard',
  },
});
const { t, feeds } = rig;
const connection = await Connection.connect({ address: t.env.TEMPORAL_ADDRESS as string });
const temporal = new Client({ connection, namespace: t.env.TEMPORAL_NAMESPACE as string });
// Access tokens last 15 minutes and the run takes longer: a fresh one every 10 minutes.
const staffUserId = crypto.randomUUID();
let staff = { value: '', at: 0 };
const staffToken = async () => {
  if (Date.now() - staff.at > 10 * 60_000) staff = { value: await t.token({ staff: true, userId: staffUserId }), at: Date.now() };
  return staff.value;
};
const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await t.app.inject({ method, url: `/api/migration${url}`, headers: { authorization: `Bearer ${await staffToken()}` }, ...(payload ? { payload } : {}) })).json();

try {
  const orgId = randomUUID();
  const rssUrl = feeds.rssUrl(ITEMS);
  const parsed = await call('POST', '/rss/parse', { rssUrl, maxVideos: ITEMS });
  const started = Date.now();
  const { migrationId } = await call('POST', '/migrations', { rssUrl, targetOrgId: orgId, videos: parsed.videos, maxToQueue: ITEMS });
  let peakRss = 0;
  let stopped = false;
  let lastProgress = 0;
  for (;;) {
    peakRss = Math.max(peakRss, rssKiB(rig.migrationWorker.child.pid!));
    const { queue } = await call('GET', `/migrations/${migrationId}`);
    if (queue.status === 'completed' || queue.status === 'failed' || queue.status === 'cancelled') break;
    if (Date.now() - lastProgress > 5 * 60_000) {
      lastProgress = Date.now();
      const line = `  [${new Date().toISOString().slice(11, 19)}] ${queue.processedVideos}/${queue.totalVideos} done, ${loadAverage()}`;
      console.log(line);
    }
    if (!stopped && Date.now() - started > MINUTES * 60_000) {
      stopped = true;
      console.log(`  time limit of ${MINUTES} min reached: Stop sent, figures below are for the items that finished`);
      await call('POST', `/migrations/${migrationId}/cancel`, { reason: 'User requested cancellation' });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const wallSec = (Date.now() - started) / 1000;
  const { steps } = await call('GET', `/migrations/${migrationId}`);
  const items = await t.app.migrationStore.items(migrationId);
  const overheads: number[] = [];
  let pipelineSec = 0;
  const finished = items.filter((i) => i.status === 'completed');
  for (const item of finished) {
    const step = steps.find((s: { position: number | null }) => s.position === item.position);
    const child = await temporal.workflow.getHandle(sermonPipelineWorkflowId(item.sermon_id)).describe();
    const childSec = ((child.closeTime ?? new Date()).getTime() - child.startTime.getTime()) / 1000;
    pipelineSec += childSec;
    const itemSec = (item.updated_at.getTime() - new Date(step.createdAt).getTime()) / 1000;
    overheads.push(itemSec - childSec);
  }
  overheads.sort((a, b) => a - b);
  const runs: { events: number; bytes: number }[] = [];
  for await (const run of temporal.workflow.list({ query: `WorkflowId = '${rssMigrationWorkflowId(orgId, migrationId)}'` })) {
    const described = await temporal.workflow.getHandle(run.workflowId, run.runId).describe();
    runs.push({ events: described.historyLength, bytes: Number(described.raw.workflowExecutionInfo?.historySizeBytes ?? 0) });
  }
  const meanOverhead = overheads.reduce((a, b) => a + b, 0) / Math.max(1, overheads.length);
  const ended = items.filter((i) => i.status === 'completed' || i.status === 'failed').length;
  console.log(`RSS migration bench: ${items.length} items of ${SECONDS} s video queued, ${finished.length} completed, ${ended - finished.length} failed${stopped ? ', stopped at the time limit' : ''}, ${loadAverage()}`);
  console.log(`  wall ${wallSec.toFixed(1)} s → ${(ended / (wallSec / 60)).toFixed(2)} items/min (pipeline runs ${pipelineSec.toFixed(1)} s of it)`);
  console.log(`  ${targetLine('orchestration overhead per item (mean)', meanOverhead, 's', 2, { atMost: true, digits: 2 })}`);
  console.log(`  orchestration overhead p50 ${percentile(overheads, 50).toFixed(2)} s, p95 ${percentile(overheads, 95).toFixed(2)} s, max ${(overheads.at(-1) ?? 0).toFixed(2)} s`);
  console.log(`  Temporal history: ${runs.length} run(s) in the chain, largest ${Math.max(...runs.map((r) => r.events))} events / ${(Math.max(...runs.map((r) => r.bytes)) / 1024).toFixed(0)} KiB (continue-as-new suggested at ~4k events)`);
  console.log(`  migration worker peak RSS ${(peakRss / 1024).toFixed(0)} MiB`);
} finally {
  await connection.close();
  await rig.stop();
}
