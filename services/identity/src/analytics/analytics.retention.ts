// The 2-year analytics retention as a job: every instance runs it at start and every 6 hours;
// the deletes are idempotent, so two instances running it at once do no harm.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../data/database.ts';
import { deleteExpiredAnalytics } from './analytics.repository.ts';

export const RETENTION_INTERVAL_MS = 6 * 3_600_000;

export function scheduleAnalyticsRetention(db: Db, log: FastifyBaseLogger, intervalMs = RETENTION_INTERVAL_MS): () => void {
  const run = () => {
    deleteExpiredAnalytics(db, new Date()).then(
      (deleted) => { if (deleted.events > 0 || deleted.identities > 0) log.info(deleted, 'analytics retention: expired rows deleted'); },
      (error: unknown) => log.warn({ err: error }, 'analytics retention failed; it runs again later'),
    );
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
