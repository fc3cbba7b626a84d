/**
 * @jest-environment jsdom
 */
// Checkout state between the signup steps (spec 001 §3, §4): kept in sessionStorage for one hour,
// per checkout kind or offer, never with a password; anything else reads as missing, expired or invalid.
import { afterEach, describe, expect, test } from '@jest/globals';
import { CHECKOUT_TTL_MS, clearCheckout, loadCheckout, saveCheckout, type CheckoutState } from '../src/billing/checkout.storage.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const state = (change: Partial<CheckoutState> = {}): CheckoutState => ({
  kind: 'signup',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@grace.example',
  organizationName: 'Grace Church',
  subdomain: 'grace',
  plan: 'standard',
  interval: 'monthly',
  createdOrgId: 'org-1',
  checkoutToken: 'ct-1',
  createdAt: NOW,
  ...change,
});

afterEach(() => sessionStorage.clear());

describe('checkout storage', () => {
  test('a saved checkout reads back within the hour, under its kind or its offer key', () => {
    saveCheckout(state());
    saveCheckout(state({ kind: 'offer', offerKey: 'cotr-special', plan: 'premium' }));
    expect(loadCheckout('signup', NOW + CHECKOUT_TTL_MS)).toEqual({ status: 'ok', state: state() });
    const offer = loadCheckout('cotr-special', NOW + 1000);
    expect(offer.status === 'ok' && offer.state.plan).toBe('premium');
    expect(Object.keys(sessionStorage).sort()).toEqual(['lectern.checkout.cotr-special', 'lectern.checkout.signup']);
    expect(JSON.stringify(sessionStorage.getItem('lectern.checkout.signup'))).not.toMatch(/password/i);
  });

  test('after an hour it is expired and removed', () => {
    saveCheckout(state());
    expect(loadCheckout('signup', NOW + CHECKOUT_TTL_MS + 1)).toEqual({ status: 'expired' });
    expect(loadCheckout('signup', NOW)).toEqual({ status: 'missing' });
  });

  test('missing, unreadable or incomplete state is never used', () => {
    expect(loadCheckout('signup', NOW)).toEqual({ status: 'missing' });
    sessionStorage.setItem('lectern.checkout.signup', '{not json');
    expect(loadCheckout('signup', NOW)).toEqual({ status: 'invalid' });
    sessionStorage.setItem('lectern.checkout.signup', JSON.stringify({ ...state(), checkoutToken: '' }));
    expect(loadCheckout('signup', NOW)).toEqual({ status: 'invalid' });
    sessionStorage.setItem('lectern.checkout.signup', JSON.stringify({ ...state(), createdAt: String(NOW) }));
    expect(loadCheckout('signup', NOW)).toEqual({ status: 'invalid' });
  });

  test('clear removes only that checkout', () => {
    saveCheckout(state());
    saveCheckout(state({ kind: 'offer', offerKey: 'cotr-special' }));
    clearCheckout('signup');
    expect(loadCheckout('signup', NOW)).toEqual({ status: 'missing' });
    expect(loadCheckout('cotr-special', NOW).status).toBe('ok');
  });
});
