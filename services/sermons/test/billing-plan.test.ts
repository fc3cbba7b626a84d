// The upload quota follows the plan billing reports (billing.subscription.changed.v1 via Kafka).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test, beforeAll, afterAll } from '@jest/globals';
import { createEvent, serializeEnvelope, topicFor } from '@lectern/events';
import type { Producer } from 'kafkajs';
import { buildTestApp } from './helper.ts';

let built: Awaited<ReturnType<typeof buildTestApp>>;
let producer: Producer;
beforeAll(async () => {
  built = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:2,standard:12,premium:40', SERMON_DEFAULT_PLAN: 'standard' });
  await built.app.ready();
  await built.app.kit.whenStarted();
  producer = built.app.kit.kafka.producer();
  await producer.connect();
});
afterAll(async () => {
  await producer?.disconnect();
  await built?.app.close();
});

async function publish(orgId: string, status: string, plan: string | null, version: number): Promise<void> {
  const event = createEvent('billing.subscription.changed.v1', {
    orgId,
    subject: orgId,
    data: { organizationId: orgId, subscriptionId: 'sub_q', customerId: 'cus_q', status, priceId: 'price_q', productCode: null, plan, interval: 'month', cancelAtPeriodEnd: false, trialEndsAt: null, renewalAt: null, version },
  });
  await producer.send({ topic: `${built.env.KAFKA_TOPIC_PREFIX}${topicFor('billing')}`, messages: [{ key: orgId, value: serializeEnvelope(event) }] });
}

async function limitOf(orgId: string, expected: number): Promise<number> {
  const token = await built.token(orgId, 'PASTOR');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await built.app.inject({ url: '/api/sermons/quota', headers: { authorization: `Bearer ${token}` } });
    const limit = res.json().quota_limit as number;
    if (limit === expected || Date.now() > deadline) return limit;
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('premium when paid, nothing while the first payment is pending, free once canceled', async () => {
  const orgId = randomUUID();
  assert.equal(await limitOf(orgId, 12), 12, 'default plan before any subscription');
  await publish(orgId, 'incomplete', 'premium', 1);
  await publish(orgId, 'active', 'premium', 2);
  assert.equal(await limitOf(orgId, 40), 40);
  await publish(orgId, 'canceled', 'premium', 3);
  assert.equal(await limitOf(orgId, 2), 2);
  const other = randomUUID();
  await publish(other, 'incomplete', 'premium', 1);
  await publish(other, 'trialing', 'standard', 2);
  assert.equal(await limitOf(other, 12), 12);
});
