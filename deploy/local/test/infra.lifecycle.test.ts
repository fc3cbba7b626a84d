// How the launcher's infrastructure behaves around its edges: external parts, taken ports,
// missing tools, stopping, restarting with data kept.
import { describe, test } from '@jest/globals';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Kafka, logLevel } from 'kafkajs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startProcessInfra } from '../src/process.runtime.ts';
import { canConnect } from '../src/support/ports.ts';
import { startPrivateInfra } from '../src/testing.ts';
import { groupAlive, spawnedGroups } from '../src/support/supervisor.ts';

async function withEnv<T>(vars: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

function holdPort(): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({ port: address.port, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(text)) found.push(`${pid} ${cmdline}`);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

describe('infrastructure lifecycle', () => {
  test('a variable pointing at an existing deployment makes that part external (not started)', async () => {
    const stripe = await startPrivateInfra(['stripe']);
    try {
      const base = stripe.endpoints.stripeApiBase;
      // Under `npm test` the shared infrastructure's variables are set: only stripe's may count here.
      await withEnv({ STRIPE_API_BASE: base, STRIPE_SECRET_KEY: 'sk_test_external', SMTP_URL: undefined }, async () => {
        const before = spawnedGroups().length;
        const infra = await startProcessInfra({ profile: 'test', only: ['stripe', 'mail'] });
        try {
          assert.equal(spawnedGroups().length - before, 1, 'only the mail catcher was started');
          assert.equal(infra.runtime, 'process');
          assert.equal(infra.endpoints.stripeApiBase, base);
          assert.equal(infra.env().STRIPE_SECRET_KEY, 'sk_test_external');
          assert.match(infra.env().SMTP_URL ?? '', /^smtp:\/\/127\.0\.0\.1:\d+$/);
          await assert.rejects(infra.stopComponent('stripe'), /stripe is not run by this Infra/);
        } finally {
          await infra.stop();
        }
        const onlyExternal = await startProcessInfra({ profile: 'test', only: ['stripe'] });
        assert.equal(onlyExternal.runtime, 'external');
        await onlyExternal.stop();
      });
    } finally {
      await stripe.stop();
    }
  });

  test('a taken port gives one line naming the port, the part and the fix', async () => {
    const held = await holdPort();
    try {
      await assert.rejects(startProcessInfra({ profile: 'test', only: ['stripe'], ports: { stripe: [held.port, held.port] }, useEnv: false }), {
        message: `port ${held.port} (stripe) is already in use — stop what holds it or set STRIPE_API_BASE to use that Stripe API (mock)`,
      });
      await assert.rejects(startProcessInfra({ profile: 'test', only: ['kafka'], ports: { kafka: [held.port - 1, held.port] }, useEnv: false }), {
        message: `port ${held.port} (kafka controller) is already in use — stop what holds it or set KAFKA_BROKERS to use that Kafka`,
      });
    } finally {
      await held.close();
    }
  });

  test('a missing prerequisite is named with what to do', async () => {
    const emptyCache = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-cache-'));
    try {
      await withEnv({ PATH: '/nonexistent', XDG_CACHE_HOME: emptyCache }, async () => {
        await assert.rejects(startProcessInfra({ profile: 'test', only: ['kafka'], useEnv: false }), { name: 'InfraError', message: /^'java' is missing — Kafka needs Java 17/ });
        await assert.rejects(startProcessInfra({ profile: 'test', only: ['stripe'], useEnv: false }), {
          name: 'InfraError',
          message: /^'go' is missing — stripe-mock is not in .* yet and building it needs Go/,
        });
      });
    } finally {
      fs.rmSync(emptyCache, { recursive: true, force: true });
    }
  });

  test('stop leaves no child process alive', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-stop-'));
    fs.chmodSync(dataDir, 0o755);
    try {
      const before = spawnedGroups().length;
      const infra = await startProcessInfra({ profile: 'test', dataDir, useEnv: false });
      const groups = spawnedGroups().slice(before);
      assert.equal(groups.length, 6);
      assert.ok(processesMentioning(dataDir).length >= 5, 'the parts run with their data dir on the command line');
      await infra.stop();
      assert.deepEqual(groups.filter(groupAlive), []);
      assert.deepEqual(processesMentioning(dataDir), []);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a process that exits without stopping its infrastructure leaves no child and no temp data behind', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/exit-without-stop.ts', import.meta.url));
    const run = spawnSync(process.execPath, [fixture], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, LECTERN_TEST_VERBOSE: '1' } });
    assert.equal(run.status, 0, run.stderr);
    const endpoints = JSON.parse(run.stdout.trim()) as { stripeApiBase: string; smtpUrl: string; databaseUrl: string };
    const dataDir = /data in (.+)\)$/m.exec(run.stderr)?.[1];
    assert.ok(dataDir, 'the fixture reported its data dir');
    for (const url of [endpoints.stripeApiBase, endpoints.smtpUrl, endpoints.databaseUrl]) {
      const port = Number(new URL(url).port);
      assert.equal(await canConnect(port), false, `port ${port} still answers`);
    }
    assert.deepEqual(processesMentioning(dataDir), []);
    assert.equal(fs.existsSync(dataDir), false, `${dataDir} left behind`);
  });

  test('a Postgres row and a Kafka message survive stopComponent/startComponent on the same port', async () => {
    const infra = await startPrivateInfra(['postgres', 'kafka']);
    try {
      const { databaseUrl, kafkaBrokers } = infra.endpoints;
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db.query('create table sermons (title text)');
      await db.query("insert into sermons values ('The Prodigal Son')");
      await db.end();
      const kafka = new Kafka({ brokers: kafkaBrokers, logLevel: logLevel.NOTHING });
      const producer = kafka.producer();
      await producer.connect();
      await producer.send({ topic: 'restart.check', messages: [{ key: 's1', value: 'kept' }] });
      await producer.disconnect();

      await infra.stopComponent('postgres');
      await infra.stopComponent('kafka');
      const down = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 1000 });
      down.on('error', () => undefined);
      await assert.rejects(down.connect());
      await infra.startComponent('postgres');
      await infra.startComponent('kafka');
      assert.equal(infra.endpoints.databaseUrl, databaseUrl);

      const again = new pg.Client({ connectionString: databaseUrl });
      await again.connect();
      const { rows } = await again.query<{ title: string }>('select title from sermons');
      await again.end();
      assert.deepEqual(rows, [{ title: 'The Prodigal Son' }]);

      const consumer = kafka.consumer({ groupId: 'restart-check', maxWaitTimeInMs: 500 });
      await consumer.connect();
      await consumer.subscribe({ topic: 'restart.check', fromBeginning: true });
      const seen: string[] = [];
      await consumer.run({ eachMessage: async ({ message }) => void seen.push(message.value?.toString() ?? '') });
      const deadline = Date.now() + 20_000;
      while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await consumer.disconnect();
      assert.deepEqual(seen, ['kept']);
    } finally {
      await infra.stop();
    }
  });
});
