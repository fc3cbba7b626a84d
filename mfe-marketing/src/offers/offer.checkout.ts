// The steps every offer checkout shares: create the organization and lead (identity's signup,
// create mode) and remember the checkout for an hour; prepare the offer's subscription (the
// recurring price plus one-time items on the first invoice); finish after payment.
import { identity, navigateTo } from '@lectern/shell-kit';
import { completeSignup, prepareSubscription, resolvePrices } from '../billing/billing.client.ts';
import { clearCheckout, saveCheckout, type CheckoutState } from '../billing/checkout.storage.ts';
import type { OfferDefinition } from './offers.ts';

export interface OfferApplicant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  organizationName: string;
  password: string;
  captcha: string;
}

export async function createOfferOrganization(offer: OfferDefinition, applicant: OfferApplicant): Promise<CheckoutState> {
  const answer = await identity.signup({
    mode: 'create',
    firstName: applicant.firstName.trim(),
    lastName: applicant.lastName.trim(),
    email: applicant.email.trim(),
    ...(applicant.phone.trim() ? { phone: applicant.phone.trim() } : {}),
    password: applicant.password,
    captcha: applicant.captcha,
    organizationName: applicant.organizationName.trim(),
    plan: offer.defaultPlan,
    interval: offer.defaultInterval,
  });
  if (answer.mode !== 'create') throw new Error('unexpected signup answer');
  const state: CheckoutState = {
    kind: 'offer', offerKey: offer.key, firstName: applicant.firstName.trim(), lastName: applicant.lastName.trim(), email: applicant.email.trim(), phone: applicant.phone.trim(),
    organizationName: applicant.organizationName.trim(), subdomain: answer.subdomain, plan: offer.defaultPlan, interval: offer.defaultInterval,
    createdOrgId: answer.organizationId, checkoutToken: answer.checkoutToken, createdAt: Date.now(),
  };
  saveCheckout(state);
  return state;
}

/** Setup is skipped when the stored checkout already holds a client secret. */
export async function prepareOffer(offer: OfferDefinition, state: CheckoutState): Promise<CheckoutState> {
  if (state.clientSecret && state.subscriptionId) return state;
  const prices = await resolvePrices([offer.primaryProductCode, ...offer.invoiceItemCodes]);
  const prepared = await prepareSubscription({
    organizationId: state.createdOrgId,
    email: state.email,
    recurringPriceIds: [prices[offer.primaryProductCode]!.price_id],
    invoiceItemPriceIds: offer.invoiceItemCodes.map((code) => prices[code]!.price_id),
  });
  if (!prepared.clientSecret || !prepared.subscriptionId) throw new Error('incomplete answer');
  const next = { ...state, clientSecret: prepared.clientSecret, subscriptionId: prepared.subscriptionId, amountDueCents: prepared.amountDue, currency: prepared.currency };
  saveCheckout(next);
  return next;
}

export async function finishOffer(offer: OfferDefinition, state: CheckoutState): Promise<void> {
  // Spec: on success the stored checkout data is cleared, then /billing/success.
  clearCheckout(offer.key);
  await completeSignup(state.createdOrgId, state.checkoutToken);
  navigateTo(`/billing/success?session_id=${encodeURIComponent(state.subscriptionId ?? '')}`);
}
