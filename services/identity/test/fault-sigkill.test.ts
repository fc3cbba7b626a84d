// Fault: the identity service SIGKILLed mid-request (issue 12). An identity process (server.ts, as
// deployed, with the production password-hash cost) takes a burst of signups and sign-ins at once;
// it is killed once a few signups are answered, with the rest in flight, and started again. Each
// client is a browser whose user tries again: a request cut by the kill or refused is sent again
// (with a fresh captcha, as the widget solves one per submit) until it is answered. A signup stored
// just before the kill is answered "already registered" on its retry. Figures printed: requests,
// cut, statuses, lost, applied twice (users, registered events), restart to ready.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { freePort, patience, startServerProcess } from '@lectern/service-kit/testing';
import { encodePayload, solveChallenge } from '../src/captcha/index.ts';
import type { Challenge } from '../src/captcha/index.ts';
import type { IdentityApp } from '../src/app.ts';
import { API, buildTestApp, outboxEvents, PASSWORD, seedOrganization, seedUser } from './helper.ts';

const serverTs = new URL('../src/server.ts', import.meta.url);
const SIGNUPS = 24;
const SIGN_INS = 12;

describe('fault: the identity service SIGKILLed mid-request', () => {
  let app: IdentityApp;
  let env: Record<string, string>;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    // The in-process app owns the schema (migrations) and seeds the church and its members.
    ({ app, env } = await buildTestApp());
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
  });

  it('every signup stored exactly once and every sign-in answered after the kill and the restart, with no 5xx but 503', async () => {
    const orgId = await seedOrganization(app, 'Kill Test Church');
    const members = await Promise.all(Array.from({ length: SIGN_INS }, () => seedUser(app, { orgId })));
    const emails = Array.from({ length: SIGNUPS }, (_, i) => `burst-${i}-${orgId.slice(0, 8)}@example.org`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}${API}`;
    // The production hash cost (the test default is the cheapest), so requests are in flight at the kill.
    const { PASSWORD_HASH_MEMORY_KIB: _memory, PASSWORD_HASH_ITERATIONS: _iterations, ...childEnv } = env;
    ({ child } = await startServerProcess(serverTs, childEnv, port, `${API}/readyz`));

    const figures = { requests: 0, cut: 0, statuses: new Map<number, number>() };
    let signupsAnswered = 0;
    /** One submit as the browser makes it: a fresh challenge, solved, then the form. Undefined when cut. */
    const submit = async (path: string, body: Record<string, unknown>): Promise<{ status: number; body: { reason?: string }; retryAfter: string | null } | undefined> => {
      figures.requests += 1;
      try {
        const challenge = (await (await fetch(`${base}/captcha/challenge`, { signal: AbortSignal.timeout(patience(15_000)) })).json()) as Challenge;
        const captcha = encodePayload(challenge, solveChallenge(challenge)!);
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, captcha }),
          signal: AbortSignal.timeout(patience(30_000)),
        });
        figures.statuses.set(response.status, (figures.statuses.get(response.status) ?? 0) + 1);
        return { status: response.status, body: (await response.json().catch(() => ({}))) as { reason?: string }, retryAfter: response.headers.get('retry-after') };
      } catch {
        figures.cut += 1;
        return undefined;
      }
    };
    /** Sends until answered with something other than 503 (or cut); what the user finally saw. */
    const untilAnswered = async (path: string, body: Record<string, unknown>): Promise<{ status: number; reason?: string; afterACut: boolean }> => {
      const until = Date.now() + patience(180_000);
      let afterACut = false;
      for (;;) {
        const answer = await submit(path, body);
        if (answer && answer.status !== 503) return { status: answer.status, reason: answer.body.reason, afterACut };
        if (answer) assert.ok(answer.retryAfter, '503 says when to try again');
        afterACut = true;
        if (Date.now() > until) throw new Error(`${path} for ${String(body.email)} never answered`);
        await sleep(250);
      }
    };

    const signups = Promise.all(emails.map(async (email) => {
      const outcome = await untilAnswered('/signup', { mode: 'join', firstName: 'Ruth', lastName: 'Moab', email, password: PASSWORD, organizationId: orgId });
      signupsAnswered += 1;
      return outcome;
    }));
    const signIns = Promise.all(members.map((member) => untilAnswered('/session', { email: member.email, password: member.password })));
    while (signupsAnswered < 3) await sleep(5);
    const inFlightAtKill = SIGNUPS - signupsAnswered;
    child.kill('SIGKILL');
    // Started again as an orchestrator would; the clients keep trying meanwhile.
    const restarted = await startServerProcess(serverTs, childEnv, port, `${API}/readyz`);
    child = restarted.child;
    const signupOutcomes = await signups;
    const signInOutcomes = await signIns;

    const db = app.kit.db;
    const registered = await outboxEvents(app, 'identity.user.registered.v1');
    let lost = 0;
    let appliedTwice = 0;
    for (const email of emails) {
      const users = await db.selectFrom('users').select('id').where('email', '=', email).execute();
      const events = registered.filter((event) => users.some((user) => user.id === event.subject));
      if (users.length === 0 || events.length === 0) lost += 1;
      if (users.length > 1 || events.length > 1) appliedTwice += 1;
    }
    const count = (outcomes: { status: number }[], status: number) => outcomes.filter((o) => o.status === status).length;
    console.log(
      `fault identity-sigkill-mid-burst: ${SIGNUPS} signups + ${SIGN_INS} sign-ins at once, ${inFlightAtKill} signups unanswered at the kill; ${figures.requests} requests, ${figures.cut} cut by the kill or refused while down; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...figures.statuses].sort(([a], [b]) => a - b)))}; signups created ${count(signupOutcomes, 201)}, answered "already registered" on a retry ${count(signupOutcomes, 409)}; sign-ins ${count(signInOutcomes, 200)}/${SIGN_INS}; ` +
        `lost ${lost}, applied twice ${appliedTwice}; restart to ready ${(restarted.readyMs / 1000).toFixed(1)} s; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    assert.ok(inFlightAtKill > 0, 'the kill came with signups outstanding');
    assert.equal(lost, 0);
    assert.equal(appliedTwice, 0);
    assert.deepEqual([...figures.statuses.keys()].filter((status) => ![200, 201, 409, 503].includes(status)), [], 'no other status (no 500)');
    // A 409 only for a retry whose earlier attempt was stored before the kill cut its answer.
    for (const outcome of signupOutcomes) {
      if (outcome.status === 409) assert.deepEqual({ reason: outcome.reason, afterACut: outcome.afterACut }, { reason: 'email_taken', afterACut: true });
      else assert.equal(outcome.status, 201);
    }
    assert.equal(count(signInOutcomes, 200), SIGN_INS);
  }, patience(300_000));
});
