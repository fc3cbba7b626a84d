import { Context } from '@temporalio/activity';

// Well inside the pipeline's 30-second heartbeat timeout, so a step that is busy (a model loading,
// a generator waiting on its API) is never taken for a lost worker.
const KEEP_ALIVE_MS = 5_000;

/** Heartbeats `details()` now and every few seconds until the returned stop is called. */
export function keepHeartbeating(details: () => unknown = () => undefined): () => void {
  const ctx = Context.current();
  ctx.heartbeat(details());
  const timer = setInterval(() => ctx.heartbeat(details()), KEEP_ALIVE_MS);
  return () => clearInterval(timer);
}
