// Checkout state kept between the steps (spec 001 §3, §4): sessionStorage, one hour. The password is
// not kept here: identity holds its hash with the lead; the browser keeps the checkout token.
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;

export interface CheckoutState {
  kind: 'signup' | 'offer';
  offerKey?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  organizationName: string;
  subdomain: string;
  plan: 'standard' | 'premium';
  interval: 'monthly' | 'annual';
  createdOrgId: string;
  checkoutToken: string;
  clientSecret?: string;
  subscriptionId?: string;
  amountDueCents?: number;
  currency?: string;
  createdAt: number;
}

export type LoadedCheckout = { status: 'ok'; state: CheckoutState } | { status: 'missing' } | { status: 'expired' } | { status: 'invalid' };

const key = (kind: string) => `lectern.checkout.${kind}`;

export function saveCheckout(state: CheckoutState): void {
  sessionStorage.setItem(key(state.offerKey ?? state.kind), JSON.stringify(state));
}

export function loadCheckout(name: string, now = Date.now()): LoadedCheckout {
  const raw = sessionStorage.getItem(key(name));
  if (!raw) return { status: 'missing' };
  try {
    const state = JSON.parse(raw) as CheckoutState;
    if (!state.createdOrgId || !state.checkoutToken || typeof state.createdAt !== 'number') return { status: 'invalid' };
    if (now - state.createdAt > CHECKOUT_TTL_MS) {
      sessionStorage.removeItem(key(name));
      return { status: 'expired' };
    }
    return { status: 'ok', state };
  } catch {
    return { status: 'invalid' };
  }
}

export function clearCheckout(name: string): void {
  sessionStorage.removeItem(key(name));
}
