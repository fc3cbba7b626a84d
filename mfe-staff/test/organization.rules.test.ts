import assert from 'node:assert/strict';
import { test } from '@jest/globals';
import { dateLine, planDisplay, PLAN_WARNING, seatsDisplay, statusLabel } from '../src/settings/organization.rules.ts';

test('status labels (spec 001 §4)', () => {
  assert.deepEqual(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused', null].map(statusLabel), ['ACTIVE', 'TRIAL', 'PAST DUE', 'CANCELED', 'UNPAID', 'INCOMPLETE', 'EXPIRED', 'PAUSED', 'UNKNOWN']);
});

test('plan from the price catalogue, else the plan name with the warning', () => {
  assert.deepEqual(planDisplay('PREMIUM_YEARLY', 'premium'), { text: 'Premium — $3564/year ($297/month)', warning: false });
  assert.deepEqual(planDisplay('SEED_YEARLY', 'standard'), { text: 'Standard — $1188/year ($99/month)', warning: false });
  assert.deepEqual(planDisplay(null, 'standard'), { text: 'Standard', warning: true });
  assert.equal(PLAN_WARNING, '⚠️ (Contact support if this seems incorrect)');
});

test('trial ends, renews on, or cancels on with WILL CANCEL; seats x / 4', () => {
  const base = { trialEndsAt: '2026-12-01T00:00:00Z', renewalAt: '2027-01-01T00:00:00Z' };
  assert.deepEqual(dateLine({ ...base, subscriptionStatus: 'trialing', cancelAtPeriodEnd: false }), { label: 'Trial Ends', date: base.trialEndsAt, willCancel: false });
  assert.deepEqual(dateLine({ ...base, subscriptionStatus: 'active', cancelAtPeriodEnd: false }), { label: 'Renews On', date: base.renewalAt, willCancel: false });
  assert.deepEqual(dateLine({ ...base, subscriptionStatus: 'active', cancelAtPeriodEnd: true }), { label: 'Cancels On', date: base.renewalAt, willCancel: true });
  assert.equal(seatsDisplay(2), '2 / 4');
});
