// SIGKILL of a comms process in the middle of a church send, then a restart: every recipient gets
// the message (no loss), a second copy only where the kill fell after a hand-over and always with
// the same Message-ID (ADR 0029), and every communication ends 'sent'.
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

  it('delivers to every recipient after SIGKILL and restart, a repeat only after an interrupted hand-over and with the same Message-ID', async () => {
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
    const rows = new Map((await db.selectFrom('sent_emails').select(['recipient', 'message_id', 'smtp_response', 'attempts']).where('recipient', 'like', `kill-${run}-%`).execute()).map((r) => [r.recipient, r]));
    const reached = async () => new Set((await delivered()).flatMap((m) => m.to.map((t) => t.address))).size;
    await waitFor('the catcher to have every recipient', async () => (await reached()) === RECIPIENTS, patience(10_000)).catch(() => undefined);
    const copies = new Map<string, string[]>();
    for (const message of await delivered()) for (const to of message.to) copies.set(to.address, [...(copies.get(to.address) ?? []), String(message.headers?.['message-id'])]);
    const describe = (a: string) => `${a}: ${copies.get(a)?.length ?? 0} copies (${rows.get(a)?.attempts} attempt(s), ${rows.get(a)?.smtp_response ?? 'no SMTP response'})`;
    assert.deepEqual(addresses.filter((a) => !copies.has(a)).map(describe), [], 'no recipient is left without the message');
    const repeated = addresses.filter((a) => (copies.get(a)?.length ?? 0) > 1);
    assert.deepEqual(repeated.filter((a) => (rows.get(a)?.attempts ?? 0) < 2).map(describe), [], 'a second copy only for a row claimed again after the kill');
    assert.deepEqual(addresses.filter((a) => copies.get(a)!.some((id) => id !== rows.get(a)?.message_id)).map(describe), [], 'every copy carries its row\'s Message-ID');
    process.stderr.write(`[comms sigkill] ${RECIPIENTS} recipients, ${atKill} delivered at the kill, 0 lost, ${repeated.length} second copies with the same Message-ID\n`);
    const failed = await db.selectFrom('communications').select('error').where('org_id', '=', orgId).where('status', '!=', 'sent').execute();
    assert.deepEqual(failed, []);
  });
});
