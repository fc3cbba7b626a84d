// SIGKILL of a comms process in the middle of a church send, then a restart: every recipient gets
// exactly one copy (no loss, no duplicate) and every communication ends 'sent' (ADR 0014).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, it, afterAll } from '@jest/globals';
import { createDatabase } from '@lectern/service-kit';
import { CampaignService } from '../src/campaigns/campaign.service.ts';
import type { CommsDatabase } from '../src/data/database.ts';
import { patience } from '@lectern/service-kit/testing';
import { commsTestEnv, sharedMail, waitFor } from './helper.ts';

const RECIPIENTS = 60;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('comms killed mid-batch', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  it('delivers every recipient exactly once after SIGKILL and restart', async () => {
    const { catcher } = await sharedMail();
    // 25 a second: the send takes a few seconds, so the kill lands with deliveries in flight
    const port = await freePort();
    const env = await commsTestEnv({ MAIL_PLATFORM_RATE_PER_SECOND: '25', MAIL_BATCH_SIZE: '10', MAIL_SMTP_TIMEOUT_MS: '1000', HOST: '127.0.0.1', PORT: String(port) });
    const ready = async () => (await fetch(`http://127.0.0.1:${port}/api/comms/readyz`).catch(() => undefined))?.ok === true;
    const start = async (): Promise<ChildProcess> => {
      const child = spawn(process.execPath, [new URL('../src/server.ts', import.meta.url).pathname], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      cleanup.push(async () => child.kill('SIGKILL'));
      let output = '';
      child.stdout!.on('data', (d: Buffer) => (output += d));
      child.stderr!.on('data', (d: Buffer) => (output += d));
      await waitFor('comms to be ready', async () => child.exitCode !== null || (await ready()), patience(90_000));
      assert.equal(child.exitCode, null, output);
      return child;
    };
    const first = await start();

    const database = createDatabase<CommsDatabase>({ connectionString: env.DATABASE_URL!, schema: env.DATABASE_SCHEMA! });
    cleanup.push(() => database.close());
    const db = database.db;
    const template = await db.selectFrom('email_templates').select('id').where('org_id', 'is', null).orderBy('name').executeTakeFirstOrThrow();
    const orgId = randomUUID();
    const run = randomUUID().slice(0, 8);
    const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `kill-${run}-${i}@example.test`);
    const campaigns = new CampaignService({ db, messageDomain: 'lectern.test', onQueued: () => {} });
    await campaigns.send(orgId, randomUUID(), { templateId: template.id, contactIds: [], recipients: addresses.map((email) => ({ email })) });

    const delivered = async () => (await catcher.listMessages()).filter((m) => m.to.some((t) => t.address.startsWith(`kill-${run}-`)));
    await waitFor('a third of the batch to arrive', async () => (await delivered()).length >= RECIPIENTS / 3, patience(30_000));
    first.kill('SIGKILL');
    await once(first, 'exit');
    const atKill = (await delivered()).length;
    assert.ok(atKill < RECIPIENTS, 'killed before the batch was done');

    await start();
    const sentCount = async () => Number((await db.selectFrom('communications').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', orgId).where('status', '=', 'sent').executeTakeFirstOrThrow()).n);
    // the interrupted claims wait for their lease (4 × 1 s) before they are settled
    await waitFor('every communication to be sent', async () => (await sentCount()) === RECIPIENTS, patience(60_000));
    await waitFor('the catcher to have them all', async () => (await delivered()).length >= RECIPIENTS, patience(10_000));
    const copies = new Map<string, number>();
    for (const message of await delivered()) for (const to of message.to) copies.set(to.address, (copies.get(to.address) ?? 0) + 1);
    assert.deepEqual(addresses.filter((a) => copies.get(a) !== 1).map((a) => `${a}: ${copies.get(a) ?? 0}`), [], 'each recipient exactly once');
    const failed = await db.selectFrom('communications').select('error').where('org_id', '=', orgId).where('status', '!=', 'sent').execute();
    assert.deepEqual(failed, []);
  });
});
