// ensureTopics on a KRaft broker that has not caught up with a topic created a moment ago: the
// broker answers UNKNOWN_TOPIC_OR_PARTITION for a while, which kafkajs 2.2.4's own waitForLeaders
// does not wait through (a CI run on a loaded machine failed on it). The admin below plays such a
// broker and, when asked to wait for leaders itself, behaves as kafkajs 2.2.4 does.
import assert from 'node:assert/strict';
import { test } from '@jest/globals';
import type { Kafka } from 'kafkajs';
import { ensureTopics } from '../src/events/kafka.ts';

/** What kafkajs throws for error code 3 (a KafkaJSProtocolError carries the code's name as `type`). */
function unknownTopic(): Error {
  return Object.assign(new Error('This server does not host this topic-partition'), { type: 'UNKNOWN_TOPIC_OR_PARTITION', code: 3 });
}

/** A broker that knows a created topic only after `lagCalls` metadata requests. */
function catchingUpBroker(lagCalls: number) {
  const created = new Set<string>(['already.there']);
  let metadataCalls = 0;
  const calls: string[] = [];
  const metadata = (topics: string[]) => {
    metadataCalls += 1;
    if (metadataCalls <= lagCalls) throw unknownTopic();
    for (const topic of topics) if (!created.has(topic)) throw unknownTopic();
    return { topics: topics.map((name) => ({ name, partitions: [{ partitionId: 0, leader: 1, replicas: [1], isr: [1], partitionErrorCode: 0, offlineReplicas: [] }] })) };
  };
  const admin = {
    connect: async () => void calls.push('connect'),
    disconnect: async () => void calls.push('disconnect'),
    listTopics: async () => [...created],
    createTopics: async ({ topics, waitForLeaders }: { topics: { topic: string }[]; waitForLeaders?: boolean }) => {
      for (const { topic } of topics) created.add(topic);
      calls.push(`create ${topics.map((t) => t.topic).join(',')}`);
      // kafkajs 2.2.4 (admin/index.js, retryOnLeaderNotAvailable): only LEADER_NOT_AVAILABLE is waited through.
      if (waitForLeaders) metadata(topics.map((t) => t.topic));
      return true;
    },
    fetchTopicMetadata: async ({ topics }: { topics: string[] }) => metadata(topics),
  };
  return { kafka: { admin: () => admin } as unknown as Kafka, calls, metadataCalls: () => metadataCalls };
}

test('a new topic the broker does not know yet is waited for until its partitions have leaders', async () => {
  const broker = catchingUpBroker(3);
  await ensureTopics(broker.kafka, ['already.there', 'sermons.events'], 4);
  assert.deepEqual(broker.calls, ['connect', 'create sermons.events', 'disconnect']);
  assert.equal(broker.metadataCalls(), 4);
});

test('topics that all exist are not created again', async () => {
  const broker = catchingUpBroker(0);
  await ensureTopics(broker.kafka, ['already.there']);
  assert.deepEqual(broker.calls, ['connect', 'disconnect']);
  assert.equal(broker.metadataCalls(), 0);
});
