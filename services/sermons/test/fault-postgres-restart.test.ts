// Fault: Postgres restarted mid-traffic (issue 12). Two sermons instances on a Postgres of this
// test's own keep taking sermon creations and progress reports while the database is stopped and
// started again. During the gap every refused request is a 503 with a clear message (never a 500);
// afterwards both instances answer again, the outbox drains and the live fan-out carries A's
// reports to a browser on B, all without a restart. Each creation carries an Idempotency-Key and
// every refused one is retried with its key once the database is back, as the staff UI does: a
// refusal whose commit went through (the answer was lost when the connection died) gets its sermon
// back, so every creation ends with exactly one sermon (ADR 0033). Figures printed: requests,
// acknowledged, refused, retried, refused yet stored (found by their retry), lost, applied twice,
// and the seconds each part took to recover.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll, jest } from '@jest/globals';
import WebSocket from 'ws';
import { patience, startPrivateInfra, type Infra } from '@lectern/local-stack/testing';
import { buildTestApp, INTERNAL_TOKEN, listen } from './helper.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type J = any;
type Instance = Awaited<ReturnType<typeof buildTestApp>>;

const QUOTA = { SERMON_QUOTA_LIMITS: 'free:5000,standard:5000', LOG_LEVEL: 'error' };

describe('fault: Postgres restarted mid-traffic', () => {
  jest.setTimeout(patience(300_000));
  let infra: Infra;
  let a: Instance;
  let b: Instance;
  let baseA: string;
  let baseB: string;
  const org = randomUUID();

  beforeAll(async () => {
    infra = await startPrivateInfra(['postgres']);
    const database = { DATABASE_URL: infra.env().DATABASE_URL! };
    a = await buildTestApp({ ...database, ...QUOTA });
    b = await buildTestApp({ ...database, ...QUOTA, DATABASE_SCHEMA: a.env.DATABASE_SCHEMA!, KAFKA_TOPIC_PREFIX: a.env.KAFKA_TOPIC_PREFIX!, SERMON_PIPELINE_TASK_QUEUE: a.env.SERMON_PIPELINE_TASK_QUEUE! });
    baseA = await listen(a.app);
    baseB = await listen(b.app);
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.app.close();
    await infra?.stop();
  });

  it('answers 503 with a clear message during the gap, recovers by itself, loses and doubles nothing (a refused creation retried with its key has exactly one sermon); B hears A again', async () => {
    // One staff member, signed in on both instances (each has its own test key set).
    const user = randomUUID();
    const tokens = { A: await a.token(org, 'PASTOR', user), B: await b.token(org, 'PASTOR', user) };
    const bases = { A: baseA, B: baseB };
    const create = (instance: 'A' | 'B', title: string, key: string = randomUUID()) =>
      fetch(`${bases[instance]}/api/sermons/sermons`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[instance]}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ title, speaker: 'Ann', recordedAt: '2026-11-15', file: { name: 'g.mp3', size: 100, contentType: 'audio/mpeg' } }),
      });

    // The sermon whose progress A receives and a staff browser on B follows.
    const followed = await create('A', 'Followed');
    assert.equal(followed.status, 201, await followed.clone().text());
    const followedId = ((await followed.json()) as J).sermon.id as string;
    const ws = new WebSocket(`${baseB.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${await b.token(org, 'STAFF')}`]);
    const heard: { percent: number; at: number }[] = [];
    const received: J[] = [];
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as J;
      received.push(message);
      if (message.type === 'event' && message.event === 'progress') heard.push({ percent: message.data.transcribePct, at: Date.now() });
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${followedId}` }));
    for (const until = Date.now() + 10_000; !received.some((m) => m.type === 'subscribed'); await sleep(20)) {
      if (Date.now() > until) throw new Error(`B never confirmed the subscription: ${JSON.stringify(received)}`);
    }

    interface Outcome { instance: 'A' | 'B'; title: string; key: string; status: number; detail?: string; retryAfter?: string | null; at: number }
    const outcomes: Outcome[] = [];
    const reports: { percent: number; status: number; at: number }[] = [];
    let traffic = true;
    const creator = async (instance: 'A' | 'B') => {
      for (let n = 1; traffic; n += 1) {
        const title = `pg-fault-${instance}-${n}`;
        const key = randomUUID();
        const response = await create(instance, title, key).catch(() => undefined);
        const status = response?.status ?? 0;
        const body = response && status !== 201 ? ((await response.json().catch(() => ({}))) as J) : undefined;
        outcomes.push({ instance, title, key, status, detail: body?.detail, retryAfter: response?.headers.get('retry-after'), at: Date.now() });
        await sleep(50);
      }
    };
    const reporter = async () => {
      for (let percent = 1; traffic; percent = Math.min(percent + 1, 99)) {
        const response = await fetch(`${baseA}/api/sermons/internal/sermons/${followedId}/progress`, {
          method: 'POST',
          headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ step: 'transcribe', percent, message: null }),
        }).catch(() => undefined);
        reports.push({ percent, status: response?.status ?? 0, at: Date.now() });
        await sleep(100);
      }
    };
    const running = Promise.all([creator('A'), creator('B'), reporter()]);

    // Traffic flows and B hears A before the restart (a loaded machine takes a while).
    for (const until = Date.now() + 30_000; !(heard.length > 0 && outcomes.filter((o) => o.status === 201).length >= 4); await sleep(100)) {
      if (Date.now() > until) throw new Error(`no traffic before the restart: heard ${JSON.stringify(received.slice(-3))}, reports ${JSON.stringify(reports.slice(-3))}, creations ${JSON.stringify(outcomes.slice(-3))}`);
    }
    const stoppedAt = Date.now();
    await infra.stopComponent('postgres');
    const downAt = Date.now();
    await sleep(1000);
    const readyz = await fetch(`${baseA}/api/sermons/readyz`);
    assert.equal(readyz.status, 503, 'readyz reports the database outage');
    await sleep(2000);
    const restartAt = Date.now();
    await infra.startComponent('postgres');
    const upAt = Date.now();

    const firstAfter = (instance: 'A' | 'B') => outcomes.find((o) => o.instance === instance && o.status === 201 && o.at >= upAt)?.at;
    const firstGoodReport = () => reports.find((r) => r.status === 204 && r.at >= upAt);
    const heardAgain = () => {
      const report = firstGoodReport();
      return report ? heard.find((h) => h.at >= upAt && h.percent >= report.percent)?.at : undefined;
    };
    const deadline = Date.now() + 60_000;
    while (!(firstAfter('A') && firstAfter('B') && heardAgain())) {
      if (Date.now() > deadline) throw new Error(`no recovery within 60 s: A ${firstAfter('A')}, B ${firstAfter('B')}, report ${JSON.stringify(firstGoodReport())}, heard ${JSON.stringify(heard.slice(-3))}, received ${JSON.stringify(received.slice(-3))}, fan-out A ${JSON.stringify(a.app.hub.stats)} B ${JSON.stringify(b.app.hub.stats)}`);
      await sleep(100);
    }
    await sleep(1000);
    traffic = false;
    await running;
    ws.close();

    // Every refused creation is tried again with its key, on the other instance (a client's retry
    // may reach any of them): a refusal whose commit went through gets its sermon back.
    const refused = outcomes.filter((o) => o.status === 503);
    const retries: { title: string; status: number; replayed: boolean; id: string | undefined; body: J }[] = [];
    for (const o of refused) {
      const response = await create(o.instance === 'A' ? 'B' : 'A', o.title, o.key);
      const body = (await response.json()) as J;
      retries.push({ title: o.title, status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', id: body?.sermon?.id as string | undefined, body });
    }

    // Every event of an acknowledged write reaches Kafka: the relay reconnected to the database too.
    const db = a.app.kit.db;
    const pendingOutbox = async () => Number((await db.selectFrom('outbox').where('published_at', 'is', null).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    while ((await pendingOutbox()) > 0) {
      if (Date.now() > deadline + 30_000) throw new Error('the outbox did not drain after the restart');
      await sleep(100);
    }
    const drainedAt = Date.now();

    const rows = await db.selectFrom('sermons').select(['id', 'title']).where('org_id', '=', org).where('title', 'like', 'pg-fault-%').execute();
    const rowsByTitle = new Map<string, string[]>();
    for (const row of rows) rowsByTitle.set(row.title, [...(rowsByTitle.get(row.title) ?? []), row.id]);
    const acknowledged = outcomes.filter((o) => o.status === 201);
    const other = outcomes.filter((o) => o.status !== 201 && o.status !== 503);
    const lost = acknowledged.filter((o) => (rowsByTitle.get(o.title) ?? []).length === 0).length;
    const appliedTwice = outcomes.filter((o) => (rowsByTitle.get(o.title) ?? []).length > 1).length;
    // The refusals whose commit had gone through: their retry answered the stored sermon.
    const refusedYetStored = retries.filter((r) => r.replayed).length;
    const retriedWithoutOneSermon = retries.filter((r) => r.status !== 201 || (rowsByTitle.get(r.title) ?? []).length !== 1 || rowsByTitle.get(r.title)?.[0] !== r.id);
    const createdEvents = await db.selectFrom('outbox').select(['key']).where('type', '=', 'sermons.sermon.created.v1').where('key', 'in', rows.length > 0 ? rows.map((r) => r.id) : [randomUUID()]).execute();
    const eventsPerSermon = new Map<string, number>();
    for (const event of createdEvents) eventsPerSermon.set(event.key, (eventsPerSermon.get(event.key) ?? 0) + 1);
    const sermonsWithoutOneEvent = rows.filter((r) => eventsPerSermon.get(r.id) !== 1).length;
    const quota = (await (await fetch(`${baseA}/api/sermons/quota`, { headers: { authorization: `Bearer ${tokens.A}` } })).json()) as J;
    const reportsRefused = reports.filter((r) => r.status === 503).length;

    const s = (from: number, to: number | undefined) => (to === undefined ? 'never' : `${((to - from) / 1000).toFixed(1)} s`);
    console.log(
      `fault postgres-restart: requests ${outcomes.length} creations + ${reports.length} progress reports over 2 instances; ` +
        `acknowledged ${acknowledged.length}, refused 503 ${refused.length} (+ ${reportsRefused} reports), other statuses ${other.length}; ` +
        `retried with their key ${retries.length} (refused yet stored, answered with their sermon ${refusedYetStored}), retries without exactly one sermon ${retriedWithoutOneSermon.length}; ` +
        `lost ${lost}, applied twice ${appliedTwice}, sermons ${rows.length}, sermons without exactly one created event ${sermonsWithoutOneEvent}; ` +
        `Postgres stopped in ${s(stoppedAt, downAt)}, away ${s(stoppedAt, upAt)}, started in ${s(restartAt, upAt)}; after it was back: ` +
        `A acknowledged again in ${s(upAt, firstAfter('A'))}, B in ${s(upAt, firstAfter('B'))}, B's browser heard A again in ${s(upAt, heardAgain())} ` +
        `(fan-out reconnects A ${a.app.hub.stats.reconnects}, B ${b.app.hub.stats.reconnects}), outbox drained in ${s(upAt, drainedAt)}; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    assert.deepEqual(other.map((o) => `${o.instance} ${o.status}`), [], 'every refusal is a 503 (no 500, no dropped connection)');
    assert.ok(refused.length > 0, 'the gap was seen by the traffic');
    for (const o of refused) {
      assert.equal(o.detail, 'The service cannot reach its database right now. Please try again in a few seconds.');
      assert.equal(o.retryAfter, '5');
    }
    assert.equal(lost, 0);
    assert.equal(appliedTwice, 0);
    assert.deepEqual(retriedWithoutOneSermon.map((r) => `${r.title} ${r.status} ${JSON.stringify(r.body)}`), [], 'every refused creation, retried with its key, has exactly one sermon');
    assert.equal(rows.length, acknowledged.length + refused.length, 'one sermon per creation, acknowledged or refused then retried');
    assert.equal(sermonsWithoutOneEvent, 0);
    assert.equal(quota.used, rows.length + 1, 'one quota unit per sermon (+ the followed one)');
    assert.ok(b.app.hub.stats.reconnects >= 1);
  });
});
