// 10,000 recipients queued by one Send, drained by the comms dispatcher through a mail catcher of
// its own (MailDev, so the shared one is not flooded): drain time, p95 queue delay (queued → the
// SMTP server took it), the comms process's peak RSS, and 0 lost / 0 duplicated checked against
// what the catcher received. Real Postgres and Kafka from the test infrastructure. Prints; does
// not assert. Run: node bench/delivery.bench.ts   (RECIPIENTS=10000 RATE=1000 BATCH=50 CONNECTIONS=10)
import { randomUUID } from 'node:crypto';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { getTestInfra, mailOf, startPrivateInfra } from '@lectern/local-stack/testing';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { CampaignService } from '../src/campaigns/campaign.service.ts';
import { loadCommsConfig } from '../src/config.ts';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 10_000);
const RATE = process.env.RATE ?? '1000';
const TARGET_DRAIN_S = 120;
const TARGET_P95_DELAY_S = 120;
const TARGET_RSS_MB = 400;

await getTestInfra();
const catcherInfra = await startPrivateInfra(['mail']);
const catcher = mailOf(catcherInfra);
const env = await isolatedServiceEnv('comms', {
  SMTP_URL: catcherInfra.endpoints.smtpUrl,
  MAIL_FROM: 'Lectern Bench <bench@lectern.test>',
  MAIL_POLL_MS: '100',
  MAIL_BATCH_SIZE: process.env.BATCH ?? '50',
  MAIL_CONNECTIONS_PER_SENDER: process.env.CONNECTIONS ?? '10',
  MAIL_PLATFORM_RATE_PER_SECOND: RATE,
  MAIL_SMTP_TIMEOUT_MS: '30000',
  LOG_LEVEL: 'warn',
});
const app = await buildApp(loadCommsConfig(env), { prettyLogs: false });
await app.ready();
const db = app.kit.db;
try {
  const template = await db.selectFrom('email_templates').select('id').where('org_id', 'is', null).where('name', '=', 'Weekly devotional reminder').executeTakeFirstOrThrow();
  const orgId = randomUUID();
  const run = randomUUID().slice(0, 8);
  const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({ email: `bench-${run}-${i}@example.test`, name: `Member ${i}` }));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const loadAtStart = loadAverage();
  const queuedAt = performance.now();
  const campaigns = new CampaignService({ db, messageDomain: 'lectern.test', onQueued: () => app.mail.kick() });
  await campaigns.send(orgId, randomUUID(), { templateId: template.id, contactIds: [], recipients });
  const queueMs = performance.now() - queuedAt;
  app.mail.start();
  for (;;) {
    const { left } = (await sql<{ left: number }>`select count(*)::int as "left" from communications where org_id = ${orgId} and status = 'pending'`.execute(db)).rows[0]!;
    if (left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const drainS = (performance.now() - queuedAt) / 1000;
  clearInterval(sampler);

  const rows = await db.selectFrom('communications').select(['status', 'created_at', 'sent_at']).where('org_id', '=', orgId).execute();
  const delays = rows.filter((r) => r.sent_at).map((r) => (r.sent_at!.getTime() - r.created_at.getTime()) / 1000).sort((a, b) => a - b);
  const failed = rows.filter((r) => r.status !== 'sent').length;

  // what the catcher received, per recipient
  const copies = new Map<string, number>();
  for (const message of await catcher.listMessages()) for (const to of message.to) copies.set(to.address, (copies.get(to.address) ?? 0) + 1);
  const lost = recipients.filter((r) => !copies.has(r.email)).length;
  const duplicated = recipients.filter((r) => (copies.get(r.email) ?? 0) > 1).length;

  console.log(`church e-mail drain: ${RECIPIENTS} recipients in one Send, platform rate limit ${RATE}/s, batch ${env.MAIL_BATCH_SIZE}, ${env.MAIL_CONNECTIONS_PER_SENDER} SMTP connections, private MailDev; load at start: ${loadAtStart}`);
  console.log(`queued in ${(queueMs / 1000).toFixed(1)} s (one transaction); drained in ${drainS.toFixed(1)} s = ${(RECIPIENTS / drainS).toFixed(0)} e-mails/s; ${failed} failed`);
  console.log(`queue delay s: p50 ${percentile(delays, 50).toFixed(1)}  p95 ${percentile(delays, 95).toFixed(1)}  max ${percentile(delays, 100).toFixed(1)}`);
  console.log(`catcher: ${copies.size} recipients received, ${lost} lost, ${duplicated} duplicated`);
  console.log(targetLine('drain time', drainS, 's', TARGET_DRAIN_S, { atMost: true }));
  console.log(targetLine('p95 queue delay', percentile(delays, 95), 's', TARGET_P95_DELAY_S, { atMost: true }));
  console.log(targetLine('comms peak RSS', peakRss / 1024 / 1024, 'MB', TARGET_RSS_MB, { atMost: true }));
  console.log(`lost + duplicated: ${lost + duplicated} e-mails  target 0  ${lost + duplicated === 0 ? 'met' : 'NOT met'}  (${loadAverage()})`);
} finally {
  await app.close();
  await catcherInfra.stop();
}
