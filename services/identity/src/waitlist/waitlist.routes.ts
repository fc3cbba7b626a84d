// POST /waitlist (spec 001 §7 waitlist-signup) and GET /waitlist/confirm?token= (waitlist-confirm). Public.
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { IdentityContext } from '../context.ts';
import { clientAddress } from '../http/client-address.ts';
import { confirmWaitlist, joinWaitlist } from './waitlist.service.ts';

export async function waitlistRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  app.post('/waitlist', {
    schema: {
      tags: ['waitlist'],
      summary: 'Join the waiting list: records the address and e-mails a confirmation link (409 when already confirmed, 429 when throttled)',
      body: Type.Object({ email: Type.String({ maxLength: 320 }), source: Type.Literal('marketing-landing') }),
      response: { 202: Type.Object({ message: Type.String(), email: Type.String() }) },
    },
  }, async (request, reply) => {
    try {
      return reply.code(202).send(await joinWaitlist(ctx, request.body, clientAddress(request, ctx.trustedProxies)));
    } catch (error) {
      const retryAfterMs = (error as { extensions?: { retryAfterMs?: number } }).extensions?.retryAfterMs;
      if (typeof retryAfterMs === 'number') reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
      throw error;
    }
  });

  app.get('/waitlist/confirm', {
    schema: {
      tags: ['waitlist'],
      summary: "Confirm a spot from the e-mail's link (410 'Token expired' for an expired link, 400 for an unknown one)",
      querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Type.Object({ status: Type.Union([Type.Literal('confirmed'), Type.Literal('already_confirmed')]) }) },
    },
  }, async (request) => confirmWaitlist(ctx, request.query.token));
}
