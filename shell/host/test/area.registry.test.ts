/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { areaFor, manifestUrl } from '../src/areas/area.registry.ts';

const owner = (path: string) => areaFor(path)?.name;

test('the spec route table maps onto the four areas', () => {
  for (const path of ['/', '/login', '/signup', '/create-account', '/pricing', '/waitlist/thank-you', '/privacy-policy', '/billing/success', '/cotr-special', '/offer-checkout/default', '/offer-checkout/cotr']) {
    assert.equal(owner(path), 'marketing', path);
  }
  for (const path of ['/dashboard', '/sermons', '/sermons/abc', '/members', '/communications', '/settings', '/settings/integrations/add/rockRms']) {
    assert.equal(owner(path), 'staff', path);
  }
  for (const path of ['/member/dashboard', '/member/sermons/42']) assert.equal(owner(path), 'member', path);
  for (const path of ['/console', '/console/rss-migration', '/console/checkout-demo']) assert.equal(owner(path), 'console', path);
});

test('a trailing slash does not change the owner', () => {
  assert.equal(owner('/pricing/'), 'marketing');
  assert.equal(owner('/console/'), 'console');
});

test('any other path belongs to no area (not-found view)', () => {
  for (const path of ['/nope', '/pricingx', '/sermonsx', '/billing', '/consoles', '/dashboard/extra', '/offer-checkout']) {
    assert.equal(owner(path), undefined, path);
  }
});

test('remotes are found at run time under /mfe/<name>/', () => {
  assert.equal(manifestUrl('staff'), '/mfe/staff/mf-manifest.json');
});
