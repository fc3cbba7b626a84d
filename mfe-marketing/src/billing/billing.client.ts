// The billing service's browser calls (spec 001 §7 functions) and identity's signup completion.
import { api, ApiError } from '@lectern/shell-kit';

export const PRODUCT_CODES = ['PREMIUM_MONTHLY', 'PREMIUM_YEARLY', 'SEED_MONTHLY', 'SEED_YEARLY', 'COTR_SPECIAL_YEARLY', 'COTR_WHITE_GLOVE_MIGRATION'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];
export type Plan = 'standard' | 'premium';
export type Interval = 'monthly' | 'annual';

export interface ResolvedPrice {
  price_id: string;
  unit_amount_cents: number;
  currency: string;
  interval: 'month' | 'year' | null;
  metadata: { Interval: string };
}

export interface PreparedSubscription {
  clientSecret: string;
  subscriptionId: string;
  amountDue: number;
  currency: string;
}

export type PaymentAdapter = 'payment-element' | 'test-card';
export type TestPaymentMethod = 'pm_card_visa' | 'pm_card_chargeDeclined';

/** Standard is sold as SEED_* (spec 001 §9). */
export const productCodeFor = (plan: Plan, interval: Interval): ProductCode =>
  plan === 'premium' ? (interval === 'annual' ? 'PREMIUM_YEARLY' : 'PREMIUM_MONTHLY') : interval === 'annual' ? 'SEED_YEARLY' : 'SEED_MONTHLY';

export async function resolvePrices(codes: readonly ProductCode[]): Promise<Record<string, ResolvedPrice>> {
  return (await api.post<{ results: Record<string, ResolvedPrice> }>('/api/billing/resolve-price', { product_codes: codes })).results;
}

/** Falls back to the test adapter's key on failure (spec: a built-in test key). */
export async function paymentConfig(): Promise<{ publishableKey: string; adapter: PaymentAdapter }> {
  try {
    return await api.get<{ publishableKey: string; adapter: PaymentAdapter }>('/api/billing/billing-publishable-key');
  } catch {
    return { publishableKey: 'pk_test_lectern_local', adapter: 'test-card' };
  }
}

export const prepareSubscription = (body: { organizationId: string; email: string; priceId?: string; recurringPriceIds?: string[]; invoiceItemPriceIds?: string[] }) =>
  api.post<PreparedSubscription>('/api/billing/prepare-subscription', body);

export const payWithTestCard = (body: { subscriptionId: string; clientSecret: string; paymentMethod: TestPaymentMethod; billingDetails: { name: string; email: string; phone?: string | null } }) =>
  api.post<{ status: string; subscriptionId: string }>('/api/billing/checkout/test-payment', body);

export const COMPLETION_MESSAGES = {
  sessionError: 'A session error occurred. Please contact support.',
  accountFailed: 'Your payment was successful, but we failed to create your account. Please contact support.',
} as const;

/**
 * After payment: identity creates the ADMIN once billing has reported the payment (it answers
 * 409 payment_pending until then, usually for well under a second).
 */
export async function completeSignup(organizationId: string, checkoutToken: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await api.post('/api/identity/signup/complete', { organizationId, checkoutToken });
      return;
    } catch (error) {
      const pending = error instanceof ApiError && error.status === 409 && error.problem.reason === 'payment_pending';
      if (pending && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 400));
        continue;
      }
      if (error instanceof ApiError && error.status === 404) throw new Error(COMPLETION_MESSAGES.sessionError);
      if (error instanceof ApiError && error.problem.reason === 'email_taken' && error.detail) throw new Error(error.detail);
      throw new Error(COMPLETION_MESSAGES.accountFailed);
    }
  }
}

/** Cents → '$3,564' or '$297.50' (two decimals only when there are cents), by currency. */
export function formatMoney(cents: number, currency = 'usd', decimals: 'auto' | 2 = 'auto'): string {
  const whole = cents % 100 === 0 && decimals === 'auto';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(cents / 100);
}
