// The product-analytics collector (spec 001 §7 Other, ADR 0025): the shell kit's client posts
// batches of page views and capture events under the browser's random analytics id, and
// identifies that id once per signed-in user. Nothing is accepted while analytics_enabled is off.
// Stored: event name, path (no query or fragment), a few small properties, time; the id → user
// link. Not stored: the address (only a keyed hash counts requests for a minute), the e-mail,
// the user agent.
import { createHmac } from 'node:crypto';
import { AppError, ErrorCode, requireSignedIn, Uuid } from '@lectern/service-kit';
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { IdentityContext } from '../context.ts';
import { readFlags } from '../flags/flag.repository.ts';
import { clientAddress } from '../http/client-address.ts';
import { ensureSecret } from '../stores/service-secret.repository.ts';
import { countRequest, insertEvents, linkIdentity } from './analytics.repository.ts';

/** Requests (batches of up to MAX_BATCH events) one client may send a minute. */
export const ANALYTICS_REQUESTS_PER_MINUTE = 60;
export const MAX_BATCH = 50;
/** An event may wait in the browser's queue at most a day (a tab asleep); older ones are refused. */
const MAX_AGE_MS = 86_400_000;

/** '$pageview', '$autocapture', or a snake_case capture name, optionally under the spec's 'checkout2step.' prefix. */
export const EVENT_NAME = '^(\\$pageview|\\$autocapture|(checkout2step\\.)?[a-z][a-z0-9_]{0,47})$';
const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;

const EventSchema = Type.Object({
  name: Type.String({ pattern: EVENT_NAME, maxLength: 62 }),
  path: Type.Optional(Type.String({ pattern: '^/[^?#\\s]*$', maxLength: 300 })),
  properties: Type.Optional(Type.Record(
    Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$' }),
    // One type list, not anyOf: the validator's type coercion leaves a value of a listed type alone.
    Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'], maxLength: 200 }),
    { maxProperties: 10 },
  )),
  ageMs: Type.Integer({ minimum: 0, maximum: MAX_AGE_MS }),
}, { additionalProperties: false });

const analyticsOff = () => new AppError(ErrorCode.FORBIDDEN, { detail: 'Analytics is turned off.', extensions: { reason: 'analytics_disabled' } });

export async function analyticsRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  const { db } = ctx;
  const hashKey = await ensureSecret(db, 'analytics_client_hash_key');
  const clientHash = (address: string) => createHmac('sha256', hashKey).update(address).digest('base64url');

  async function requireAnalyticsOn(): Promise<void> {
    if ((await readFlags(db, null)).analytics_enabled !== true) throw analyticsOff();
  }

  app.post('/analytics/events', {
    bodyLimit: 64 * 1024,
    schema: {
      tags: ['analytics'],
      summary: 'Collector: a batch of page views / capture events from the shell kit (sendBeacon or fetch keepalive)',
      body: Type.Object({ anonymousId: Uuid, events: Type.Array(EventSchema, { minItems: 1, maxItems: MAX_BATCH }) }, { additionalProperties: false }),
      response: { 202: Type.Object({ accepted: Type.Integer() }) },
    },
  }, async (request, reply) => {
    await requireAnalyticsOn();
    const now = new Date();
    const requests = await countRequest(db, clientHash(clientAddress(request, ctx.trustedProxies)), now);
    if (requests > ANALYTICS_REQUESTS_PER_MINUTE) {
      reply.header('retry-after', String(60 - now.getUTCSeconds()));
      throw new AppError(ErrorCode.RATE_LIMITED, { detail: 'Too many analytics requests. Try again in a minute.', extensions: { reason: 'analytics_rate_limited' } });
    }
    const { anonymousId, events } = request.body;
    for (const event of events) {
      for (const value of Object.values(event.properties ?? {})) {
        if (typeof value === 'string' && EMAIL_LIKE.test(value)) {
          throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Analytics events must not carry e-mail addresses.', extensions: { reason: 'personal_data' } });
        }
      }
    }
    await insertEvents(db, anonymousId, events, now);
    return reply.code(202).send({ accepted: events.length });
  });

  app.post('/analytics/identify', {
    onRequest: requireSignedIn,
    schema: {
      tags: ['analytics'],
      summary: 'Identify: link the browser analytics id to the signed-in user (once per user; the e-mail is checked, not stored)',
      body: Type.Object({ anonymousId: Uuid, userId: Uuid, email: Type.String({ maxLength: 320 }) }, { additionalProperties: false }),
      response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    await requireAnalyticsOn();
    const { anonymousId, userId, email } = request.body;
    if (userId !== request.user.userId || email.trim().toLowerCase() !== request.user.email.toLowerCase()) {
      throw new AppError(ErrorCode.FORBIDDEN, { detail: 'You can only identify yourself.', extensions: { reason: 'not_yourself' } });
    }
    await linkIdentity(db, anonymousId, userId);
    return reply.code(204).send(null);
  });
}
