// Each part of the local infrastructure starts and answers a real request.
import { describe, test, beforeAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Kafka, logLevel } from 'kafkajs';
import { Connection } from '@temporalio/client';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getTestInfra, mailOf, type Infra } from '../src/testing.ts';
import { sendMail } from './helpers/smtp.ts';

let infra: Infra;
beforeAll(async () => {
  infra = await getTestInfra();
});

describe('the local infrastructure answers', () => {
  test('postgres runs queries on PostgreSQL ≥ 15', async () => {
    const client = new pg.Client({ connectionString: infra.endpoints.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    await client.end();
    assert.ok(Number(rows[0]?.v) >= 150000);
  });

  test('kafka reports its cluster and creates a topic', async () => {
    const admin = new Kafka({ brokers: infra.endpoints.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const topic = `answers.${randomUUID()}`;
    await admin.createTopics({ topics: [{ topic, numPartitions: 2 }], waitForLeaders: true });
    const cluster = await admin.describeCluster();
    const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
    await admin.disconnect();
    assert.equal(cluster.brokers.length, 1);
    assert.equal(metadata.topics[0]?.partitions.length, 2);
  });

  test('temporal answers the gRPC health check and knows the namespace', async () => {
    const connection = await Connection.connect({ address: infra.endpoints.temporalAddress });
    try {
      const health = await connection.healthService.check({});
      assert.equal(health.status, 1); // SERVING
      const ns = await connection.workflowService.describeNamespace({ namespace: infra.endpoints.temporalNamespace });
      assert.equal(ns.namespaceInfo?.name, infra.endpoints.temporalNamespace);
    } finally {
      await connection.close();
    }
  });

  test('the mail catcher receives a message sent over SMTP and shows it through its API', async () => {
    const mail = mailOf(infra);
    const subject = `Welcome ${randomUUID()}`;
    await sendMail(infra.endpoints.smtpUrl, { from: 'noreply@lectern.test', to: 'pastor@church.test', subject, text: 'Hello from the test' });
    const message = await mail.waitForMessage((m) => m.subject === subject, 10_000);
    assert.equal(message.to[0]?.address, 'pastor@church.test');
    assert.match(message.text ?? '', /Hello from the test/);
  });

  test('stripe-mock answers the Stripe API', async () => {
    assert.ok(infra.endpoints.stripeApiBase);
    const response = await fetch(`${infra.endpoints.stripeApiBase}/v1/customers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${infra.endpoints.stripeSecretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=treasurer%40church.test',
    });
    const customer = (await response.json()) as { object: string; id: string };
    assert.equal(response.status, 200);
    assert.equal(customer.object, 'customer');
  });

  test('versitygw stores and returns an object over the S3 API', async () => {
    const s3 = infra.endpoints.s3;
    assert.ok(s3);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const bucket = `b-${randomUUID()}`;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'sermons/a.txt', Body: 'In the beginning' }));
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'sermons/a.txt' }));
    assert.equal(await object.Body?.transformToString(), 'In the beginning');
    client.destroy();
  });
});
