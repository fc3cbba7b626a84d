// Webhook benchmark (issue 8): signed Stripe events at BENCH_RATE/s for BENCH_SECONDS, 10% exact
// duplicates (same event id again) and 10% out of order (a stale snapshot delivered after the
// newer state), into the real billing service (listening on HTTP), which refetches from the Stripe
// stand-in and publishes through Kafka to the real identity service. Reports p50/p95/p99 from
// receipt (the POST) to the organization's state visible in identity's table, events lost (final
// identity state ≠ Stripe's) and changes applied twice (more published changes than real ones).
//
//   npm run bench -- billing          (or: node services/billing/bench/webhook.bench.ts)
//   BENCH_SECONDS=10 BENCH_RATE=200 BENCH_ORGS=300 node services/billing/bench/webhook.bench.ts
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { createStripeStandIn } from '@lectern/local-stack/stripe-standin';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { buildApp as buildIdentity } from '@lectern/identity-service/src/app.ts';
import { loadIdentityConfig } from '@lectern/identity-service/src/config.ts';
import { buildApp } from '../src/app.ts';
import { loadBillingConfig } from '../src/config.ts';
import { createStripeClient } from '../src/stripe/stripe.client.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const rate = Number(process.env.BENCH_RATE ?? 200);
const orgCount = Number(process.env.BENCH_ORGS ?? 300);
const targetP95Ms = 200;
const secret = 'whsec_bench_0123456789abcdef';
const key = 'sk_test_bench';
let redeliveries = 0;

const standIn = createStripeStandIn({ rateLimitPerSec: 100_000 });
await standIn.start();
const billingEnv = await isolatedServiceEnv('billing', { STRIPE_API_BASE: standIn.baseUrl, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret, PAYMENT_ADAPTER: 'test-card', DATABASE_POOL_MAX: '20', LOG_LEVEL: 'warn' });
const billing = await buildApp(loadBillingConfig(billingEnv), { prettyLogs: false });
const billingUrl = `${await billing.listen({ port: 0, host: '127.0.0.1' })}/api/billing/webhooks/stripe`;
// identity reads billing's topic under the same prefix
const identityEnv = await isolatedServiceEnv('identity', { KAFKA_TOPIC_PREFIX: billingEnv.KAFKA_TOPIC_PREFIX!, PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1', LOG_LEVEL: 'warn' });
const identity = await buildIdentity(loadIdentityConfig(identityEnv), { prettyLogs: false });
await identity.ready();
await billing.kit.whenStarted();
await identity.kit.whenStarted();
const stripe: Stripe = createStripeClient({ STRIPE_SECRET_KEY: key, STRIPE_API_BASE: standIn.baseUrl });

process.stdout.write(`seeding ${orgCount} organizations with paid subscriptions…\n`);
const prices = await billing.billing.catalogue.all();
const orgs: { orgId: string; subId: string; cancel: boolean; pendingSince?: number; snapshots: Record<string, unknown>[] }[] = [];
for (let i = 0; i < orgCount; i++) {
  const orgId = randomUUID();
  await identity.kit.db.insertInto('organizations').values({ id: orgId, name: `Bench ${i}`, subdomain: `bench-${orgId.slice(0, 13)}`, domain: null, plan_id: null, plan_label: null, created_by: null }).execute();
  const customer = await stripe.customers.create({ email: `bench-${i}@example.org`, metadata: { orgId } });
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: prices.get('PREMIUM_MONTHLY')!.price_id }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'], metadata: { orgId } });
  const secretOf = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
  await stripe.paymentIntents.confirm(secretOf.split('_secret_')[0]!, { payment_method: 'pm_card_visa' });
  orgs.push({ orgId, subId: sub.id, cancel: false, snapshots: [] });
}
// Baseline: every organization's first state recorded and published before timing starts.
await Promise.all(orgs.map((o) => post(event('customer.subscription.created', { id: o.subId, object: 'subscription', status: 'active' }))));
await waitUntil(async () => (await identity.kit.db.selectFrom('organizations').select(sql<number>`count(*)::int`.as('n')).where('subscription_status', '=', 'active').executeTakeFirstOrThrow()).n === orgCount, 60_000, 'baseline');
const baselineChanges = await publishedChanges();

function event(type: string, object: Record<string, unknown>, id = `evt_bench_${randomUUID().replaceAll('-', '')}`) {
  return { id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
}
/** Delivers like Stripe: a non-2xx answer is delivered again later (here after 0.5 s, 1 s, 2 s …, 6 tries). */
async function post(e: ReturnType<typeof event>): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const payload = JSON.stringify(e);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const status = await fetch(billingUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload }).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => 0,
    );
    if ((status >= 200 && status < 300) || attempt >= 5) return status;
    redeliveries += 1;
    await sleep(500 * 2 ** attempt);
  }
}
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(50);
  }
}
async function publishedChanges(): Promise<number> {
  return (await billing.kit.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).where('type', '=', 'billing.subscription.changed.v1').executeTakeFirstOrThrow()).n;
}

// Watcher: receipt → visible, read from identity's organizations table every 10 ms.
const latencies: number[] = [];
let watching = true;
const watcher = (async () => {
  while (watching) {
    const pending = orgs.filter((o) => o.pendingSince !== undefined);
    if (pending.length > 0) {
      const rows = await identity.kit.db.selectFrom('organizations').select(['id', 'cancel_at_period_end']).where('id', 'in', pending.map((o) => o.orgId)).execute();
      const now = performance.now();
      for (const row of rows) {
        const org = pending.find((o) => o.orgId === row.id)!;
        if (row.cancel_at_period_end === org.cancel && org.pendingSince !== undefined) {
          latencies.push(now - org.pendingSince);
          org.pendingSince = undefined;
        }
      }
    }
    await sleep(10);
  }
})();

process.stdout.write(`sending ${rate} events/s for ${seconds} s (80% changes, 10% duplicates, 10% stale/out of order)…\n`);
const sent: ReturnType<typeof event>[] = [];
const counts = { changes: 0, duplicates: 0, stale: 0, non2xx: 0, standInFailures: 0 };
const inflight: Promise<void>[] = [];
const started = performance.now();
const total = seconds * rate;
for (let n = 0; n < total; n++) {
  const due = started + (n * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  const roll = n % 10;
  let task: Promise<void>;
  if (roll === 3 && sent.length > 0) {
    counts.duplicates += 1;
    task = post(sent[Math.floor(Math.random() * sent.length)]!).then((s) => void (s !== 200 && counts.non2xx++));
  } else if (roll === 7 && orgs.some((o) => o.snapshots.length > 1)) {
    counts.stale += 1;
    const org = orgs.filter((o) => o.snapshots.length > 1)[Math.floor(Math.random() * 10) % Math.max(1, orgs.filter((o) => o.snapshots.length > 1).length)]!;
    task = post(event('customer.subscription.updated', org.snapshots[0]!)).then((s) => void (s !== 200 && counts.non2xx++));
  } else {
    const free = orgs.filter((o) => o.pendingSince === undefined);
    const org = free[Math.floor(Math.random() * free.length)];
    if (!org) continue;
    counts.changes += 1;
    org.cancel = !org.cancel;
    org.pendingSince = performance.now();
    task = (async () => {
      // The stand-in shares this process with both services; on a saturated machine a call can time out.
      const sub = await stripe.subscriptions.update(org.subId, { cancel_at_period_end: org.cancel }).catch(() => null);
      if (!sub) {
        counts.changes -= 1;
        counts.standInFailures += 1;
        org.cancel = (await stripe.subscriptions.retrieve(org.subId).catch(() => null))?.cancel_at_period_end ?? !org.cancel;
        org.pendingSince = undefined;
        return;
      }
      org.snapshots.push({ id: sub.id, object: 'subscription', cancel_at_period_end: sub.cancel_at_period_end });
      const e = event('customer.subscription.updated', org.snapshots.at(-1)!);
      sent.push(e);
      // receipt = the webhook POST starts (Stripe's side changed just before)
      org.pendingSince = performance.now();
      if ((await post(e)) !== 200) counts.non2xx += 1;
    })();
  }
  inflight.push(task);
}
await Promise.all(inflight);
const sendSeconds = (performance.now() - started) / 1000;
await waitUntil(async () => orgs.every((o) => o.pendingSince === undefined), 30_000, 'all changes visible').catch(() => undefined);
watching = false;
await watcher;

// Lost: identity's final state differs from Stripe's. Applied twice: more published changes than real ones.
const finalRows = await identity.kit.db.selectFrom('organizations').select(['id', 'cancel_at_period_end']).where('id', 'in', orgs.map((o) => o.orgId)).execute();
let lost = 0;
for (const org of orgs) {
  const truth = (await stripe.subscriptions.retrieve(org.subId)).cancel_at_period_end;
  if (finalRows.find((r) => r.id === org.orgId)?.cancel_at_period_end !== truth) lost += 1;
}
const published = (await publishedChanges()) - baselineChanges;
const appliedTwice = Math.max(0, published - counts.changes);
const sorted = [...latencies].sort((a, b) => a - b);

process.stdout.write(`\nwebhook → organization state (billing + Kafka + identity), ${counts.changes + counts.duplicates + counts.stale} events in ${sendSeconds.toFixed(1)} s (${((counts.changes + counts.duplicates + counts.stale) / sendSeconds).toFixed(0)}/s): ${counts.changes} changes, ${counts.duplicates} duplicates, ${counts.stale} out of order; redeliveries after a non-2xx answer ${redeliveries}; still failing after 6 tries ${counts.non2xx}; changes not made (stand-in call failed) ${counts.standInFailures}\n`);
process.stdout.write(`latency receipt → visible: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (${sorted.length} measured)\n`);
process.stdout.write(`${targetLine('p95 receipt → organization state visible', percentile(sorted, 95), 'ms', targetP95Ms)}\n`);
process.stdout.write(`lost (identity ≠ Stripe at the end): ${lost}  target 0  ${lost === 0 ? 'met' : 'NOT met'}\n`);
process.stdout.write(`applied twice (published ${published} for ${counts.changes} real changes): ${appliedTwice}  target 0  ${appliedTwice === 0 ? 'met' : 'NOT met'}\n`);
process.stdout.write(`${loadAverage()}\n`);

await billing.close();
await identity.close();
await standIn.stop();
if (lost > 0 || appliedTwice > 0 || counts.non2xx > 0) process.exitCode = 1;
