// Fault: the billing service SIGKILLed mid-request (issue 12). A billing process (server.ts, as
// deployed) takes a burst of signed Stripe webhooks, 20 at once; it is killed after the first few
// are acknowledged, with the rest in flight, and started again. The sender behaves as Stripe does:
// it delivers again every event not answered 2xx, and afterwards once more every event (Stripe
// delivers at least once). Figures printed: deliveries, lost, applied twice, restart to ready.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll, jest } from '@jest/globals';
import type Stripe from 'stripe';
import { freePort, patience, startServerProcess } from '@lectern/service-kit/testing';
import type { BillingApp } from '../src/app.ts';
import { createStripeClient } from '../src/stripe/stripe.client.ts';
import { buildTestApp, signedEvent, stripeEvent, TEST_SECRET_KEY } from './helper.ts';

const serverTs = new URL('../src/server.ts', import.meta.url);
const EVENTS = 20;

describe('fault: the billing service SIGKILLed mid-request', () => {
  jest.setTimeout(patience(240_000));
  let app: BillingApp;
  let env: Record<string, string>;
  let stripe: Stripe;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    // The in-process app owns the schema (migrations) and the stand-in the child asks.
    const built = await buildTestApp();
    app = built.app as BillingApp;
    env = built.env;
    await app.ready();
    stripe = createStripeClient({ STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_API_BASE: built.standIn.baseUrl });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
  });

  it('every webhook applied exactly once after the kill and the restart, with no manual step', async () => {
    const prices = await app.billing.catalogue.all();
    const orgs: { orgId: string; event: ReturnType<typeof stripeEvent> }[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const orgId = randomUUID();
      const customer = await stripe.customers.create({ email: `${orgId}@example.org`, metadata: { orgId } });
      const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: prices.get('PREMIUM_MONTHLY')!.price_id }], payment_behavior: 'default_incomplete', metadata: { orgId } });
      orgs.push({ orgId, event: stripeEvent('customer.subscription.created', { id: sub.id, object: 'subscription' }) });
    }

    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/billing/webhooks/stripe`;
    ({ child } = await startServerProcess(serverTs, env, port, '/api/billing/readyz'));
    const figures = { deliveries: 0, refusedOrCut: 0, acknowledged: 0, duplicatesAnswered: 0, recoveryMs: 0 };
    /** Stripe's side: deliver until a 2xx answer (freshly signed each time), at most 120 s. */
    const deliver = async (event: ReturnType<typeof stripeEvent>): Promise<string> => {
      const until = Date.now() + patience(120_000);
      for (;;) {
        const { payload, headers } = signedEvent(event);
        figures.deliveries += 1;
        const response = await fetch(url, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(patience(15_000)) }).catch(() => undefined);
        if (response && response.status >= 200 && response.status < 300) return ((await response.json()) as { outcome: string }).outcome;
        figures.refusedOrCut += 1;
        await response?.arrayBuffer();
        if (Date.now() > until) throw new Error(`${event.id} never acknowledged`);
        await sleep(250);
      }
    };

    const burst = Promise.all(orgs.map(async ({ event }) => {
      const outcome = await deliver(event);
      figures.acknowledged += 1;
      return outcome;
    }));
    while (figures.acknowledged < 3) await sleep(5);
    const inFlightAtKill = EVENTS - figures.acknowledged;
    child.kill('SIGKILL');
    // Started again as an orchestrator would; the deliveries keep retrying meanwhile.
    const restarted = await startServerProcess(serverTs, env, port, '/api/billing/readyz');
    child = restarted.child;
    figures.recoveryMs = restarted.readyMs;
    const outcomes = await burst;
    // Stripe delivers at least once: every event again, each must be answered as a duplicate.
    for (const { event } of orgs) if ((await deliver(event)) === 'duplicate') figures.duplicatesAnswered += 1;

    const db = app.kit.db;
    let lost = 0;
    let appliedTwice = 0;
    for (const { orgId, event } of orgs) {
      const subscriptions = await db.selectFrom('subscriptions').select('status').where('org_id', '=', orgId).execute();
      const changed = await db.selectFrom('outbox').select('id').where('key', '=', orgId).where('type', '=', 'billing.subscription.changed.v1').execute();
      const recorded = await db.selectFrom('webhook_events').select('event_id').where('event_id', '=', event.id).execute();
      if (subscriptions.length === 0 || changed.length === 0 || recorded.length === 0) lost += 1;
      if (subscriptions.length > 1 || changed.length > 1 || recorded.length > 1) appliedTwice += 1;
    }
    console.log(
      `fault billing-sigkill-mid-webhook: ${EVENTS} events, ${inFlightAtKill} not yet acknowledged at the kill, ${figures.deliveries} deliveries (${figures.refusedOrCut} refused or cut), ` +
        `outcomes ${JSON.stringify(Object.fromEntries(['applied', 'duplicate'].map((o) => [o, outcomes.filter((x) => x === o).length])))}; ` +
        `lost ${lost}, applied twice ${appliedTwice}, redeliveries answered as duplicates ${figures.duplicatesAnswered}/${EVENTS}; restart to ready ${(figures.recoveryMs / 1000).toFixed(1)} s; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    assert.ok(inFlightAtKill > 0, 'the kill came with deliveries outstanding');
    assert.equal(lost, 0);
    assert.equal(appliedTwice, 0);
    assert.equal(figures.duplicatesAnswered, EVENTS);
  });
});
