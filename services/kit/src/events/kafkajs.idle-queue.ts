// kafkajs 2.2.4 (its last release) keeps every broker connection busy while it is idle: after each
// answer, RequestQueue.scheduleCheckPendingRequests arms a timer for `throttledUntil - Date.now()`,
// and throttledUntil is -1 unless the broker throttled us. Node clamps that negative delay to 1 ms
// (Node 24 warns "TimeoutNegativeWarning: -1795… is a negative number"), the timer checks the
// empty queue and arms itself again: a 1 ms loop for the life of the connection. Upstream:
// tulios/kafkajs#1704 and #1751 (open; fixes #1755, #1768 unmerged).
//
// With nothing pending there is nothing to check later: push() schedules a check itself when it has
// to queue a request (throttled, or at the in-flight limit), and every answer or request time-out
// checks the queue again. With requests pending the original scheduling is kept.
// @ts-expect-error kafkajs publishes no types for its internal modules
import RequestQueue from 'kafkajs/src/network/requestQueue/index.js';

interface RequestQueueInternals {
  pending: unknown[];
  scheduleCheckPendingRequests(this: RequestQueueInternals): void;
}

// The launcher applies the same correction to its own client (deploy/local/src/support/
// kafkajs.idle-queue.ts: the local stack cannot import the kit); this symbol keeps it applied once.
const CORRECTED = Symbol.for('lectern.kafkajs.idle-queue');
const prototype = (RequestQueue as { prototype: RequestQueueInternals & { [CORRECTED]?: true } }).prototype;
if (!prototype[CORRECTED]) {
  const schedulePendingCheck = prototype.scheduleCheckPendingRequests;
  if (typeof schedulePendingCheck !== 'function') {
    throw new Error('kafkajs: RequestQueue internals changed; review services/kit/src/events/kafkajs.idle-queue.ts');
  }
  prototype.scheduleCheckPendingRequests = function scheduleCheckOnlyWhenPending(this: RequestQueueInternals) {
    if (this.pending.length === 0) return;
    schedulePendingCheck.call(this);
  };
  prototype[CORRECTED] = true;
}
