// Proof that kafkajs 2.2.4 works against the real Apache Kafka 4 broker we run: produce, consume
// in a group, offset commit and resume, rebalance on join and leave.
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel, type Consumer, type EachMessagePayload } from 'kafkajs';
import { getTestInfra } from '../src/testing.ts';

let kafka: Kafka;
// Short fetch long-polls: a disconnecting consumer waits for its pending fetch to return.

beforeAll(async () => {
  const infra = await getTestInfra();
  kafka = new Kafka({ clientId: 'local-stack-test', brokers: infra.endpoints.kafkaBrokers, logLevel: logLevel.NOTHING });
});

// Not createTopics' waitForLeaders: kafkajs 2.2.4 waits through LEADER_NOT_AVAILABLE only, and the
// KRaft broker answers UNKNOWN_TOPIC_OR_PARTITION until it has seen the new topic (the kit's
// ensureTopics waits the same way).
async function createTopic(partitions: number): Promise<string> {
  const topic = `test.${randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({ topics: [{ topic, numPartitions: partitions }] });
    let leaders = 0;
    await until(`leaders for ${topic}`, () => leaders === partitions, async () => {
      const metadata = await admin.fetchTopicMetadata({ topics: [topic] }).catch(() => undefined);
      leaders = metadata?.topics[0]?.partitions.filter((p) => p.leader >= 0).length ?? 0;
    });
  } finally {
    await admin.disconnect();
  }
  return topic;
}

async function produce(topic: string, values: string[], partition?: number): Promise<void> {
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic, messages: values.map((value) => ({ key: value, value, ...(partition === undefined ? {} : { partition }) })) });
  await producer.disconnect();
}

async function until(label: string, check: () => boolean, refresh?: () => Promise<void>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (await refresh?.(); !check(); await refresh?.()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(100);
  }
}

function collect(consumer: Consumer, into: string[], onMessage?: (payload: EachMessagePayload) => void): Promise<void> {
  return consumer.run({
    eachMessage: async (payload) => {
      into.push(payload.message.value?.toString() ?? '');
      onMessage?.(payload);
    },
  });
}

function assignedPartitions(consumer: Consumer, topic: string): () => number[] {
  let current: number[] = [];
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    current = [...(event.payload.memberAssignment[topic] ?? [])].sort();
  });
  return () => current;
}

describe('kafkajs against Apache Kafka 4', () => {
  const consumers: Consumer[] = [];
  afterAll(async () => {
    await Promise.allSettled(consumers.map((c) => c.disconnect()));
  });

  test('a produced message is consumed by a consumer group', async () => {
    const topic = await createTopic(1);
    await produce(topic, ['hello', 'world']);
    const consumer = kafka.consumer({ groupId: `g-${randomUUID()}`, maxWaitTimeInMs: 500 });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const seen: string[] = [];
    await collect(consumer, seen);
    await until('two messages', () => seen.length >= 2);
    assert.deepEqual(seen, ['hello', 'world']);
    await consumer.disconnect();
  });

  test('a new member of the group resumes after the committed offset and re-reads nothing', async () => {
    const topic = await createTopic(1);
    const groupId = `g-${randomUUID()}`;
    await produce(topic, ['m1', 'm2', 'm3']);

    const first = kafka.consumer({ groupId, maxWaitTimeInMs: 500 });
    consumers.push(first);
    await first.connect();
    await first.subscribe({ topic, fromBeginning: true });
    const firstSeen: string[] = [];
    await collect(first, firstSeen);
    await until('first three', () => firstSeen.length >= 3);
    await first.disconnect(); // commits the offsets it consumed

    const admin = kafka.admin();
    await admin.connect();
    const committed = await admin.fetchOffsets({ groupId, topics: [topic] });
    await admin.disconnect();
    assert.equal(committed[0]?.partitions[0]?.offset, '3');

    await produce(topic, ['m4', 'm5']);
    const second = kafka.consumer({ groupId, maxWaitTimeInMs: 500 });
    consumers.push(second);
    await second.connect();
    await second.subscribe({ topic, fromBeginning: true });
    const secondSeen: string[] = [];
    await collect(second, secondSeen);
    await until('the two new ones', () => secondSeen.length >= 2);
    await sleep(1000); // anything re-read would arrive now
    assert.deepEqual(firstSeen, ['m1', 'm2', 'm3']);
    assert.deepEqual(secondSeen, ['m4', 'm5']);
    await second.disconnect();
  });

  test('partitions are split when a second consumer joins and all go to the one left when it leaves', async () => {
    const topic = await createTopic(4);
    const groupId = `g-${randomUUID()}`;
    const a = kafka.consumer({ groupId, maxWaitTimeInMs: 500, heartbeatInterval: 500, sessionTimeout: 10_000, rebalanceTimeout: 10_000 });
    const b = kafka.consumer({ groupId, maxWaitTimeInMs: 500, heartbeatInterval: 500, sessionTimeout: 10_000, rebalanceTimeout: 10_000 });
    consumers.push(a, b);
    const aParts = assignedPartitions(a, topic);
    const bParts = assignedPartitions(b, topic);
    const aSeen: string[] = [];
    const bSeen: string[] = [];

    await a.connect();
    await a.subscribe({ topic, fromBeginning: true });
    await collect(a, aSeen);
    await until('a owns all four partitions', () => aParts().length === 4);

    await b.connect();
    await b.subscribe({ topic, fromBeginning: true });
    await collect(b, bSeen);
    await until('the partitions split two and two', () => aParts().length === 2 && bParts().length === 2);
    assert.deepEqual([...aParts(), ...bParts()].sort(), [0, 1, 2, 3]);

    // Each consumer gets the messages of its own partitions.
    for (const partition of [0, 1, 2, 3]) await produce(topic, [`p${partition}`], partition);
    await until('all four messages', () => aSeen.length + bSeen.length >= 4);
    assert.deepEqual(aSeen.sort(), aParts().map((p) => `p${p}`).sort());
    assert.deepEqual(bSeen.sort(), bParts().map((p) => `p${p}`).sort());

    await b.disconnect();
    await until('a owns all four again', () => aParts().length === 4);
    await produce(topic, ['after-leave'], bParts()[0]);
    await until('a reads the partition b had', () => aSeen.includes('after-leave'));
    await a.disconnect();
  });
});
