/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { createSessionStore, homePathFor } from '../src/session/session.store.ts';
import { createFlagsStore, FLAG_DEFAULTS } from '../src/flags/flags.store.ts';
import { createToastStore } from '../src/toasts/toast.store.ts';
import { profile } from './session.fixtures.ts';

test('a session starts unknown, becomes authenticated on sign-in and anonymous on sign-out', () => {
  const store = createSessionStore();
  assert.equal(store.getState().status, 'unknown');
  const user = profile({ role: 'PASTOR' });
  store.getState().signedIn(user, 'jwt', 1_000);
  assert.equal(store.getState().status, 'authenticated');
  assert.equal(store.getState().accessToken, 'jwt');
  store.getState().signedOut();
  assert.deepEqual(
    { status: store.getState().status, user: store.getState().user, token: store.getState().accessToken },
    { status: 'anonymous', user: null, token: null },
  );
});

test('members and volunteers go home to /member/dashboard, staff to /dashboard', () => {
  assert.equal(homePathFor({ role: 'VOLUNTEER' }), '/member/dashboard');
  assert.equal(homePathFor({ role: 'MEMBER' }), '/member/dashboard');
  assert.equal(homePathFor({ role: 'STAFF' }), '/dashboard');
  assert.equal(homePathFor({ role: null }), '/dashboard');
  assert.equal(homePathFor(null), '/dashboard');
});

test('flags are pending (undefined) until loaded; unknown server flags are ignored', () => {
  const store = createFlagsStore();
  assert.equal(store.getState().values.signup_enabled, undefined);
  store.getState().loaded({ signup_enabled: true, something_else: true });
  assert.equal(store.getState().values.signup_enabled, true);
  assert.equal(store.getState().values.offers_cotr_enabled, false);
  assert.equal('something_else' in store.getState().values, false);
});

test('settling on defaults turns every spec flag off', () => {
  const store = createFlagsStore();
  store.getState().settledOnDefaults();
  assert.deepEqual(store.getState().values, FLAG_DEFAULTS);
  assert.equal(store.getState().status, 'defaults');
});

test('toasts are shown and dismissed by id', () => {
  const store = createToastStore();
  const id = store.getState().show({ kind: 'success', title: 'Saved', durationMs: 0 });
  assert.equal(store.getState().toasts.length, 1);
  store.getState().dismiss(id);
  assert.equal(store.getState().toasts.length, 0);
});
