// The kit's correction of kafkajs 2.2.4's idle request queue (ADR 0031,
// services/kit/src/events/kafkajs.idle-queue.ts), applied to the launcher's own Kafka client: the
// local stack cannot import the kit (the kit's tests depend on the local stack). With nothing
// pending, RequestQueue.scheduleCheckPendingRequests arms no timer; kafkajs' own method re-armed a
// 1 ms one for the life of every connection. The same symbol on the prototype in both copies keeps
// the correction applied once per process, whichever loads first.
// @ts-expect-error kafkajs publishes no types for its internal modules
import RequestQueue from 'kafkajs/src/network/requestQueue/index.js';

interface RequestQueueInternals {
  pending: unknown[];
  scheduleCheckPendingRequests(this: RequestQueueInternals): void;
}

const CORRECTED = Symbol.for('lectern.kafkajs.idle-queue');
const prototype = (RequestQueue as { prototype: RequestQueueInternals & { [CORRECTED]?: true } }).prototype;
if (!prototype[CORRECTED]) {
  const schedulePendingCheck = prototype.scheduleCheckPendingRequests;
  if (typeof schedulePendingCheck !== 'function') {
    throw new Error('kafkajs: RequestQueue internals changed; review deploy/local/src/support/kafkajs.idle-queue.ts');
  }
  prototype.scheduleCheckPendingRequests = function scheduleCheckOnlyWhenPending(this: RequestQueueInternals) {
    if (this.pending.length === 0) return;
    schedulePendingCheck.call(this);
  };
  prototype[CORRECTED] = true;
}
