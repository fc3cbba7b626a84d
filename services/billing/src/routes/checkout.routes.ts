// Public checkout routes (spec 001 §7 functions): prices, publishable key, prepare-subscription,
// and the local test-card confirmation. Thin: each calls one use case.
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import { PRODUCT_CODES } from '../catalogue/product-codes.ts';
import { prepareSubscription } from '../checkout/prepare-subscription.service.ts';
import { payWithTestCard, TEST_PAYMENT_METHODS } from '../checkout/test-card.service.ts';
import type { BillingContext } from '../context.ts';

const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });
const StripeId = Type.String({ minLength: 3, maxLength: 255, pattern: '^[A-Za-z0-9_]+$' });
const PriceSchema = Type.Object({
  price_id: Type.String(),
  unit_amount_cents: Type.Integer(),
  currency: Type.String(),
  interval: Type.Union([Type.Literal('month'), Type.Literal('year'), Type.Null()]),
  metadata: Type.Object({ Interval: Type.String() }),
});

export async function checkoutRoutes(app: ServiceInstance, { ctx }: { ctx: BillingContext }): Promise<void> {
  app.post('/resolve-price', {
    schema: {
      tags: ['checkout'],
      summary: 'Prices of the catalogue by product code (cents)',
      body: Type.Object({ product_codes: Type.Array(Type.Union(PRODUCT_CODES.map((c) => Type.Literal(c))), { minItems: 1, maxItems: PRODUCT_CODES.length }) }),
      response: { 200: Type.Object({ results: Type.Record(Type.String(), PriceSchema) }) },
    },
  }, async (request) => ({ results: await ctx.catalogue.resolve(request.body.product_codes) }));

  app.get('/billing-publishable-key', {
    schema: { tags: ['checkout'], summary: 'Publishable key and the payment adapter the browser uses', response: { 200: Type.Object({ publishableKey: Type.String(), adapter: Type.String() }) } },
  }, async () => ({ publishableKey: ctx.config.STRIPE_PUBLISHABLE_KEY, adapter: ctx.config.PAYMENT_ADAPTER }));

  app.post('/prepare-subscription', {
    schema: {
      tags: ['checkout'],
      summary: 'Create (or reuse) the incomplete subscription of an organization in signup',
      body: Type.Object({
        organizationId: Uuid,
        email: Type.String({ minLength: 3, maxLength: 320 }),
        priceId: Type.Optional(StripeId),
        recurringPriceIds: Type.Optional(Type.Array(StripeId, { maxItems: 1 })),
        invoiceItemPriceIds: Type.Optional(Type.Array(StripeId, { maxItems: 5 })),
      }),
      response: { 200: Type.Object({ clientSecret: Type.String(), subscriptionId: Type.String(), amountDue: Type.Integer(), currency: Type.String() }) },
    },
  }, async (request) => prepareSubscription(ctx, request.body));

  app.post('/checkout/test-payment', {
    schema: {
      tags: ['checkout'],
      summary: 'Local adapter: confirm the first invoice with a Stripe test payment method',
      body: Type.Object({
        subscriptionId: StripeId,
        clientSecret: Type.String({ minLength: 10, maxLength: 500 }),
        paymentMethod: Type.Union(TEST_PAYMENT_METHODS.map((m) => Type.Literal(m))),
        billingDetails: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), email: Type.String({ minLength: 3, maxLength: 320 }), phone: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])) }),
      }),
      response: { 200: Type.Object({ status: Type.String(), subscriptionId: Type.String() }) },
    },
  }, async (request) => payWithTestCard(ctx, request.body));
}
