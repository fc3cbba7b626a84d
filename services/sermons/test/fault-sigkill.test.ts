// Fault: the sermons service SIGKILLed mid-request (issue 12). A sermons process (server.ts, as
// deployed) takes uploads; it is killed while one upload is streaming. Figures printed: requests
// sent, completed, lost, applied twice, and the time until the restarted process is ready. Nothing
// completed is lost or doubled, and the interrupted upload is cleaned up by the service itself (the
// abandoned-upload expiry, time passed in): bytes gone, record gone, quota unit back.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { freePort, patience, startServerProcess } from '@lectern/service-kit/testing';
import { buildTestApp, makeTone } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;

const serverTs = new URL('../src/server.ts', import.meta.url);
const startServer = (env: Record<string, string>, port: number) => startServerProcess(serverTs, env, port, '/api/sermons/readyz');

describe('fault: the sermons service SIGKILLed mid-request', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    // The in-process app owns the schema (migrations) and serves the JWKS the child trusts.
    t = await buildTestApp({ SERMON_QUOTA_LIMITS: 'free:50,standard:50' });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t?.app.close();
  });

  it('nothing completed is lost or applied twice; the killed upload is cleaned up without a manual step', async () => {
    const org = randomUUID();
    const token = await t.token(org, 'PASTOR');
    const tone = readFileSync(makeTone(mkdtempSync(join(tmpdir(), 'fault-tone-'))));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    ({ child } = await startServer(t.env, port));

    const create = async () => {
      const response = await fetch(`${base}/api/sermons/sermons`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Grace', speaker: 'Ann', recordedAt: '2026-11-15', file: { name: 'g.mp3', size: tone.length, contentType: 'audio/mpeg' } }),
      });
      assert.equal(response.status, 201, `create sermon (POST /api/sermons/sermons) answered ${response.status}: ${await response.clone().text()}`);
      return (await response.json()) as J;
    };
    /** Every failure names the request, its answer and the state of the sermons process. */
    const processState = () => {
      if (!child) return 'no sermons process';
      const ended = child.signalCode ?? child.exitCode;
      return `sermons process ${child.pid} ${ended === null ? 'running' : `ended (${ended})`}`;
    };
    const expectUploaded = async (response: Response, what: string) => {
      assert.equal(response.status, 200, `${what}: PUT answered ${response.status}: ${await response.clone().text()} (${processState()})`);
    };
    const put = (created: J, body: RequestInit['body'], extra: RequestInit = {}) =>
      fetch(`${base}${new URL(created.upload.url).pathname}${new URL(created.upload.url).search}`, { method: 'PUT', headers: { ...created.upload.headers, 'content-length': String(tone.length) }, body, ...extra });

    const figures = { sent: 0, completed: 0, lost: 0, appliedTwice: 0, recoveryMs: 0 };
    const completed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await create();
      figures.sent += 2;
      await expectUploaded(await put(created, tone), `upload ${i + 1} of 3 before the kill (sermon ${created.sermon.id})`);
      completed.push(created.sermon.id as string);
    }

    // The fourth upload streams slowly; the process dies in the middle of it.
    const interrupted = await create();
    figures.sent += 2;
    let sentBytes = 0;
    const trickle = async function* () {
      for (let offset = 0; offset < tone.length; offset += 32_768) {
        yield tone.subarray(offset, offset + 32_768);
        sentBytes += 32_768;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    type Settled = { status?: number; body?: string; error?: unknown };
    let settled: Settled | undefined;
    const streaming = put(interrupted, ReadableStream.from(trickle()), { duplex: 'half' } as RequestInit).then(
      async (r): Promise<Settled> => (settled = { status: r.status, body: await r.text().catch(() => '') }),
      (error: unknown): Settled => (settled = { error }),
    );
    // A third of the recording sent, and the upload still open: then the kill.
    const deadline = Date.now() + patience(60_000);
    while (sentBytes < tone.length / 3 && !settled && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = `the slow upload (sermon ${interrupted.sermon.id}) had sent ${sentBytes} of ${tone.length} bytes`;
    assert.equal(settled, undefined, `${before} when the service answered it, before the kill: ${JSON.stringify(settled, (_k, v: unknown) => (v instanceof Error ? v.message : v))} (${processState()})`);
    assert.ok(sentBytes >= tone.length / 3, `${before} after ${patience(60_000)} ms, too few to kill it mid-request (${processState()})`);
    child.kill('SIGKILL');
    const outcome = await streaming;
    assert.ok(outcome.status !== 200, `the interrupted upload did not succeed: ${before} at the kill and it was answered 200`);

    // Restarted as an orchestrator would: no manual step in between.
    const restarted = await startServer(t.env, port).catch((error: unknown) => {
      throw new Error(`the sermons process did not come back after the SIGKILL: ${error instanceof Error ? error.message : String(error)}`);
    });
    child = restarted.child;
    figures.recoveryMs = restarted.readyMs;

    // The three completed uploads: each once, with its recording, one created event each.
    const db = t.app.kit.db;
    const rows = await db.selectFrom('sermons').select(['id', 'temporary_media_path']).where('org_id', '=', org).execute();
    const lostIds: string[] = [];
    const twiceIds: string[] = [];
    for (const id of completed) {
      const matches = rows.filter((row) => row.id === id);
      if (matches.length === 0 || !matches[0]!.temporary_media_path) {
        figures.lost += 1;
        lostIds.push(`${id} (${matches.length === 0 ? 'no record' : 'record without its recording'})`);
      }
      if (matches.length > 1) {
        figures.appliedTwice += 1;
        twiceIds.push(`${id} (${matches.length} records)`);
      }
      const created = await db.selectFrom('outbox').select('id').where('key', '=', id).where('type', '=', 'sermons.sermon.created.v1').execute();
      if (created.length > 1) {
        figures.appliedTwice += 1;
        twiceIds.push(`${id} (${created.length} created events)`);
      }
    }
    figures.completed = completed.length;
    // The interrupted one is waiting for bytes that never come: the service's own sweep removes it.
    const quotaUsed = async () => ((await fetch(`${base}/api/sermons/quota`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as J).used as number;
    assert.equal(await quotaUsed(), 4, 'quota after the restart: 3 completed uploads and the interrupted one, which waits for the expiry sweep');
    await t.app.uploadExpiry.sweep(new Date(Date.now() + 24 * 60 * 60_000));
    const left = await db.selectFrom('sermons').select('id').where('org_id', '=', org).execute();
    assert.deepEqual(left.map((row) => row.id).sort(), [...completed].sort(), 'only the completed uploads remain');
    assert.equal(await (await t.app.rawBucket()).exists(interrupted.upload.key), false, 'no bytes of the interrupted upload left');
    assert.equal(await quotaUsed(), 3, 'its quota unit came back');

    // The restarted process takes the same work again.
    const again = await create();
    await expectUploaded(await put(again, tone), `the upload after the restart (sermon ${again.sermon.id})`);
    figures.sent += 2;

    console.log(`fault sigkill-mid-upload: requests sent ${figures.sent}, completed uploads ${figures.completed} + 1 after restart, lost ${figures.lost}, applied twice ${figures.appliedTwice}, restart to ready ${figures.recoveryMs} ms`);
    assert.deepEqual(lostIds, [], 'completed uploads lost');
    assert.deepEqual(twiceIds, [], 'completed uploads applied twice');
  }, patience(300_000));
});
