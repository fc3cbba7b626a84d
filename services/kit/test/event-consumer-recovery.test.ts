// A consumer that kafkajs gives up on, or that stops making progress while the broker answers, is
// replaced by a new one in the same group, and every event is still applied exactly once (ADR 0032).
// Against the shared Kafka and Postgres: nothing here stops either; the one fault put in is a
// FindCoordinator request that times out, in this process only.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll, jest } from '@jest/globals';
import { KafkaJSRequestTimeoutError } from 'kafkajs';
// @ts-expect-error kafkajs publishes no types for its internal modules
import Broker from 'kafkajs/src/broker/index.js';
import { isolatedServiceEnv, patience } from '../src/testing/index.ts';
import type { EventConsumer } from '../src/events/event-consumer.ts';
import { buildProbeApp, effectCounts, writeProbe } from './fixtures/probe.app.ts';
import type { ProbeApp, ProbeDatabase } from './fixtures/probe.app.ts';
import { waitFor } from './helpers.ts';

describe('event consumer recovery', () => {
  jest.setTimeout(patience(90_000));
  let app: ProbeApp;
  const logLines: string[] = [];
  let crashing: EventConsumer<ProbeDatabase>;
  let stalling: EventConsumer<ProbeDatabase>;
  let coordinatorLookup: EventConsumer<ProbeDatabase>;
  let crashed = 0;
  let stalled = 0;
  let lookupsFailed = 0;
  /** what the stalling consumer reported (readyz's `consumers`) while its batch hung */
  const reportedWhileHung = new Set<string>();
  const brokerPrototype = (Broker as { prototype: { findGroupCoordinator(options: { groupId: string }): Promise<unknown> } }).prototype;
  const findGroupCoordinator = brokerPrototype.findGroupCoordinator;
  /** lets a handler held by the stall test go when the test ends, whatever the outcome */
  let released = false;
  const total = 20;

  beforeAll(async () => {
    const env = await isolatedServiceEnv('kit');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await buildProbeApp(env, { logStream });
    // kafkajs does not restart a consumer after a crash on an error it does not call retriable:
    // a TypeError from a handler (here, once) is one, KafkaJSGroupCoordinatorNotFound another.
    crashing = app.kit.consume({
      groupId: `crashing-${env.DATABASE_SCHEMA}`,
      services: ['diagnostics'],
      handlers: {
        'diagnostics.probe.emitted.v1': async () => {
          if (crashed === 0) {
            crashed += 1;
            throw new TypeError('a handler bug hit once');
          }
        },
      },
    });
    // A consumer that neither fetches nor finishes a batch: its first batch never ends until the
    // consumer has been replaced (a hung request would look the same from outside).
    stalling = app.kit.consume({
      groupId: `stalling-${env.DATABASE_SCHEMA}`,
      services: ['diagnostics'],
      stallMs: 3000,
      handlers: {
        'diagnostics.probe.emitted.v1': async (trx, event) => {
          if (stalled === 0) {
            stalled += 1;
            while (!released && !(stalling.stats.replaced >= 1)) {
              reportedWhileHung.add(stalling.progress().state);
              await sleep(100);
            }
            throw new Error('the stalled batch ends once its consumer was replaced');
          }
          await trx.insertInto('probe_effects').values({ seq: event.data.seq, event_id: event.id }).execute();
        },
      },
    });
    // kafkajs turns a FindCoordinator request that fails with anything but "coordinator not
    // available" (here a time-out, as from a broker still starting on a loaded machine) into
    // KafkaJSGroupCoordinatorNotFound, which it does not retry (tulios/kafkajs#1445, #1630).
    const coordinatorGroup = `coordinator-${env.DATABASE_SCHEMA}`;
    brokerPrototype.findGroupCoordinator = function failOnce(this: unknown, options: { groupId: string }) {
      if (options.groupId === coordinatorGroup && lookupsFailed === 0) {
        lookupsFailed += 1;
        return Promise.reject(new KafkaJSRequestTimeoutError('Request GroupCoordinator(key: 10, version: 2) timed out'));
      }
      return findGroupCoordinator.call(this, options);
    };
    coordinatorLookup = app.kit.consume({
      groupId: coordinatorGroup,
      services: ['diagnostics'],
      handlers: { 'diagnostics.probe.emitted.v1': async () => {} },
    });
    await app.ready();
    await app.kit.whenStarted();
    for (let seq = 1; seq <= total; seq += 1) await writeProbe(app, seq);
  });
  afterAll(async () => {
    brokerPrototype.findGroupCoordinator = findGroupCoordinator;
    released = true;
    await app?.close();
  });

  it('replaces a consumer that kafkajs gave up on after a crash, losing nothing', async () => {
    await waitFor('the crashed consumer to be replaced and apply every event', async () => crashing.stats.handled === total, 60_000, 200);
    assert.equal(crashed, 1);
    assert.ok(crashing.stats.replaced >= 1, `replaced ${crashing.stats.replaced}`);
    assert.ok(logLines.some((l) => l.includes('kafkajs gave up on the consumer after a crash')), 'the replacement is logged with its reason');
  });

  it('replaces a consumer that kafkajs gave up on because a group coordinator lookup timed out', async () => {
    await waitFor('the consumer to be replaced and apply every event', async () => coordinatorLookup.stats.handled === total, 60_000, 200);
    assert.equal(lookupsFailed, 1);
    assert.equal(coordinatorLookup.stats.replaced, 1);
    assert.ok(logLines.some((l) => l.includes('KafkaJSGroupCoordinatorNotFound') || l.includes('Failed to find group coordinator')), 'the cause is logged');
  });

  it('replaces a consumer that has neither fetched nor finished a batch for stallMs while the broker answers', async () => {
    await waitFor('the stalled consumer to be replaced and apply every event', async () => (await effectCounts(app.kit.db)).distinct === total, 60_000, 200);
    assert.equal(stalled, 1);
    assert.equal(stalling.stats.replaced, 1);
    assert.ok(logLines.some((l) => /no fetch and no batch for \d+ s while the broker answers/.test(l)), 'the stall is logged');
    // What readyz reports: consuming until stallMs passed with nothing, then stalled until replaced; consuming again after.
    assert.deepEqual([...reportedWhileHung].sort(), ['consuming', 'stalled']);
    assert.equal(stalling.progress().state, 'consuming');
    assert.equal(stalling.progress().replaced, 1);
    // Exactly once in effect: the stalled batch rolled back, the new consumer applied each event once.
    await sleep(1000);
    assert.deepEqual(await effectCounts(app.kit.db), { effects: total, distinct: total, maxPerSeq: 1 });
  });
});
