// Runs member syncs in the background on every identity instance (ADR 0021): a drain loop claims
// one job at a time under a lease (renewed while it runs), reads the vendor page by page from the
// job's saved resume point, and writes each page's members and the job's progress in one
// transaction that first checks the lease is still ours. A crash or restart leaves the job
// claimable once its lease runs out; a stop gives it back at once.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { AppError, DrainLoop, type DrainPassResult } from '@lectern/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityContext } from '../context.ts';
import type { MemberSyncJob } from '../data/member-sync-job.table.ts';
import { INTEGRATION_MESSAGES, INTEGRATION_NAMES } from './integration.rules.ts';
import { openPeopleSource } from './integration.service.ts';
import { claimJob, finishJob, releaseJob, renewLease, saveProgress, type JobProgress } from './member-sync.jobs.ts';
import { upsertPageIn } from './member-sync.service.ts';
import { DEFAULT_FETCH_POLICY, fetchPage, PeopleFetchError, type FetchPolicy, type PageStats } from './people.source.ts';

export interface MemberSyncRunnerOptions {
  /** How long a claim holds without renewal (default 60 s): the takeover delay after a crash. */
  leaseMs?: number;
  /** How often an idle instance looks for queued jobs (default 2 s); the instance that queues one starts at once. */
  pollMs?: number;
  /** An unexpected failure (not the vendor's answer) is retried this many times (default 5). */
  maxAttempts?: number;
  policy?: Partial<FetchPolicy>;
}

class LeaseLost extends Error {}

export class MemberSyncRunner {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #ctx: IdentityContext;
  readonly #log: FastifyBaseLogger;
  readonly #leaseMs: number;
  readonly #maxAttempts: number;
  readonly #policy: FetchPolicy;
  readonly #loop: DrainLoop;
  #current: { job: MemberSyncJob; abort: AbortController } | undefined;

  constructor(ctx: IdentityContext, log: FastifyBaseLogger, options: MemberSyncRunnerOptions = {}) {
    this.#ctx = ctx;
    this.#log = log;
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#maxAttempts = options.maxAttempts ?? 5;
    this.#policy = { ...DEFAULT_FETCH_POLICY, maxWaitSec: ctx.config.MEMBER_SYNC_MAX_WAIT_SEC, ...options.policy };
    this.#loop = new DrainLoop({ pass: () => this.#pass(), pollMs: options.pollMs ?? 2_000 });
  }

  start(): void {
    this.#loop.start();
  }

  /** Look for a job now (after queueing one). */
  kick(): void {
    this.#loop.kick();
  }

  /** Stops taking jobs; the running one stops after its current page and is given back for another instance. */
  async stop(): Promise<void> {
    const current = this.#current;
    current?.abort.abort();
    await this.#loop.stop();
  }

  async #pass(): Promise<DrainPassResult> {
    let job: MemberSyncJob | undefined;
    try {
      job = await claimJob(this.#ctx.db, this.owner, this.#leaseMs);
    } catch (error) {
      this.#log.warn({ err: error }, 'member sync: claiming a job failed');
      return 'backoff';
    }
    if (!job) return 'idle';
    await this.#run(job);
    return this.#loop.running ? 'more' : 'backoff';
  }

  async #run(job: MemberSyncJob): Promise<void> {
    const abort = new AbortController();
    this.#current = { job, abort };
    const db = this.#ctx.db;
    const heartbeat = setInterval(() => {
      renewLease(db, job.id, this.owner, this.#leaseMs).then((kept) => kept || abort.abort(), () => {});
    }, Math.max(250, this.#leaseMs / 3));
    heartbeat.unref();
    const name = INTEGRATION_NAMES[job.integration_type];
    const progress: JobProgress = {
      next_url: job.next_url,
      pages_processed: job.pages_processed,
      synced_count: job.synced_count,
      added: job.added,
      updated: job.updated,
      unchanged: job.unchanged,
      skipped: job.skipped,
      rate_limited_waits: job.rate_limited_waits,
      server_error_retries: job.server_error_retries,
    };
    try {
      const source = await openPeopleSource(this.#ctx, job.org_id, job.integration_type);
      const stats: PageStats = { rateLimitedWaits: job.rate_limited_waits, serverErrorRetries: job.server_error_retries };
      let url: string | null = job.next_url ?? source.firstPage();
      while (url) {
        const page = await fetchPage(source, url, { ...this.#policy, signal: abort.signal }, stats);
        await db.transaction().execute(async (trx) => {
          const outcome = await upsertPageIn(trx, job.org_id, job.integration_type, page.people);
          progress.next_url = page.next;
          progress.pages_processed++;
          progress.added += outcome.added;
          progress.updated += outcome.updated;
          progress.unchanged += outcome.unchanged;
          progress.skipped += outcome.skipped;
          progress.synced_count += outcome.added + outcome.updated + outcome.unchanged;
          progress.rate_limited_waits = stats.rateLimitedWaits;
          progress.server_error_retries = stats.serverErrorRetries;
          if (!(await saveProgress(trx, job.id, this.owner, progress))) throw new LeaseLost();
        });
        url = page.next;
        if (abort.signal.aborted) throw new LeaseLost();
      }
      await db.transaction().execute(async (trx) => {
        if (!(await finishJob(trx, job.id, this.owner, { status: 'succeeded', message: INTEGRATION_MESSAGES.syncDone(progress.synced_count, progress.pages_processed) }))) throw new LeaseLost();
        await trx.updateTable('integration_configs').set({ last_synced_at: new Date(), last_sync_count: progress.synced_count }).where('org_id', '=', job.org_id).where('integration_type', '=', job.integration_type).execute();
      });
    } catch (error) {
      if (error instanceof LeaseLost || abort.signal.aborted) {
        // Stopping or superseded: give it back (a no-op when another instance holds it now).
        await releaseJob(db, job.id, this.owner).catch(() => {});
        return;
      }
      if (error instanceof PeopleFetchError) {
        const failure = error.failure;
        const message = failure.kind === 'unauthorized'
          ? INTEGRATION_MESSAGES.badCredentials(name)
          : failure.kind === 'rate-limited'
            ? INTEGRATION_MESSAGES.rateLimited(name, failure.waitSec, progress.synced_count)
            : INTEGRATION_MESSAGES.unavailable(name, failure.status, progress.synced_count);
        await finishJob(db, job.id, this.owner, { status: 'failed', message, errorReason: `integration_${failure.kind === 'rate-limited' ? 'rate_limited' : failure.kind}` }).catch(() => {});
        return;
      }
      if (error instanceof AppError) {
        // the integration was deleted, its key cannot be opened, or the system is not configured
        await finishJob(db, job.id, this.owner, { status: 'failed', message: error.message, errorReason: typeof error.extensions.reason === 'string' ? error.extensions.reason : 'failed' }).catch(() => {});
        return;
      }
      this.#log.error({ err: error, jobId: job.id }, 'member sync failed unexpectedly');
      if (job.attempts >= this.#maxAttempts) await finishJob(db, job.id, this.owner, { status: 'failed', message: INTEGRATION_MESSAGES.syncUnexpected, errorReason: 'unexpected' }).catch(() => {});
      else await releaseJob(db, job.id, this.owner, 5_000 * job.attempts).catch(() => {});
    } finally {
      clearInterval(heartbeat);
      this.#current = undefined;
    }
  }
}
