// Builds the comms app for `inject`, against real Postgres, Kafka and the mail catcher, in a fresh
// schema and topic prefix so test runs never share data; and publishes identity events to it.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope, EventType } from '@lectern/events';
import { serializeEnvelope, topicFor } from '@lectern/events';
import { ensureTopics } from '@lectern/service-kit';
import { createSigningKey, isolatedServiceEnv, patience, serveJwks, signAccessToken } from '@lectern/service-kit/testing';
import type { Role } from '@lectern/service-kit';
import { getTestInfra, mailOf } from '@lectern/local-stack/testing';
import type { CaughtMessage, MailCatcher } from '@lectern/local-stack/testing';
import type { Kafka } from 'kafkajs';
import { buildApp } from '../src/app.ts';
import type { CommsAppOptions } from '../src/app.ts';
import { loadCommsConfig } from '../src/config.ts';

/** Fast retries and short timeouts, so outage tests take seconds. */
export const FAST_MAIL_ENV = {
  MAIL_POLL_MS: '200',
  MAIL_RETRY_BASE_MS: '200',
  MAIL_RETRY_MAX_MS: '1000',
  MAIL_SMTP_TIMEOUT_MS: '5000',
  MAIL_FROM: 'Lectern Test <no-reply@lectern.test>',
};

export async function sharedMail(): Promise<{ smtpUrl: string; catcher: MailCatcher }> {
  const infra = await getTestInfra();
  return { smtpUrl: infra.endpoints.smtpUrl, catcher: mailOf(infra) };
}

export async function commsTestEnv(extraEnv: Record<string, string> = {}): Promise<Record<string, string>> {
  const smtpUrl = extraEnv.SMTP_URL ?? (await sharedMail()).smtpUrl;
  return isolatedServiceEnv('comms', { ...FAST_MAIL_ENV, SMTP_URL: smtpUrl, ...extraEnv });
}

export async function buildTestApp(extraEnv: Record<string, string> = {}, options: CommsAppOptions = {}) {
  const env = await commsTestEnv(extraEnv);
  const app = await buildApp(loadCommsConfig(env), { prettyLogs: false, ...options });
  return { app, env };
}

/** Produce envelopes to `<prefix>identity.events` as identity's relay would (key = subject). */
export async function publish(kafka: Kafka, topicPrefix: string, ...events: EventEnvelope[]): Promise<void> {
  const topic = `${topicPrefix}${topicFor('identity')}`;
  await ensureTopics(kafka, [topic]);
  const producer = kafka.producer();
  await producer.connect();
  try {
    await producer.send({ topic, acks: -1, messages: events.map((e) => ({ key: e.subject, value: serializeEnvelope(e), headers: { 'event-type': e.type, 'event-id': e.id } })) });
  } finally {
    await producer.disconnect();
  }
}

/** An address nobody else's test uses (the catcher is shared by every package's tests). */
export function uniqueAddress(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export async function messagesTo(catcher: MailCatcher, address: string): Promise<CaughtMessage[]> {
  return (await catcher.listMessages()).filter((m) => m.to.some((t) => t.address === address));
}

export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = patience(20_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

export type { EventType };

/** The comms app with a test key set it trusts, and a signer for callers of any role and domain. */
export async function buildApiTestApp(extraEnv: Record<string, string> = {}, options: CommsAppOptions = {}) {
  const key = await createSigningKey('EdDSA');
  const jwks = await serveJwks([key]);
  const env = await commsTestEnv({ IDENTITY_JWKS_URL: jwks.url, ...extraEnv });
  const config = loadCommsConfig(env);
  const app = await buildApp(config, { prettyLogs: false, ...options });
  app.addHook('onClose', () => jwks.close());
  const issuer = `${config.PUBLIC_ORIGIN}/api/identity`;
  const token = (caller: { orgId: string | null; role?: Role | null; companyDomain?: boolean; userId?: string; email?: string }) => {
    const userId = caller.userId ?? randomUUID();
    return signAccessToken(
      key,
      { sub: userId, org: caller.orgId, role: caller.role === undefined ? 'ADMIN' : caller.role, email: caller.email ?? `${userId.slice(0, 8)}@lectern.app`, staff: false, cd: caller.companyDomain ?? true },
      { issuer, audience: 'lectern-api' },
    );
  };
  return { app, env, config, token };
}

/** host and port of the shared catcher's SMTP side (a SendGrid-shaped integration points there) */
export function catcherSmtp(smtpUrl: string): { host: string; port: number } {
  const url = new URL(smtpUrl);
  return { host: url.hostname, port: Number(url.port) };
}
