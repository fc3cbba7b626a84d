// POST /webhooks/stripe: the raw body is kept for the signature check (this plugin's own JSON
// parser hands it over untouched). 400 for a bad signature, 200 for handled, duplicate or
// ignored events; any other failure is a 5xx so Stripe delivers again.
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { BillingContext } from '../context.ts';
import { handleStripeEvent, verifyStripeEvent } from '../webhooks/stripe-webhook.service.ts';

export async function webhookRoutes(app: ServiceInstance, { ctx }: { ctx: BillingContext }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/webhooks/stripe', {
    schema: {
      tags: ['webhooks'],
      summary: 'Stripe events (signed); triggers a refetch of the subscription or invoice',
      response: { 200: Type.Object({ received: Type.Boolean(), outcome: Type.String() }) },
    },
  }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const event = verifyStripeEvent(ctx, raw, request.headers['stripe-signature'] as string | undefined);
    const outcome = await handleStripeEvent(ctx, event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
    return { received: true, outcome };
  });
}
