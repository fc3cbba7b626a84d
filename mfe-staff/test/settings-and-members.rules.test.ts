/// <reference types="node" />
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { canEditOrganization, canManageInvites, isCompanyDomainStaff, isExpired, seatsLine, visibleSections } from '../src/settings/settings.rules.ts';
import { countLine, emptyText, filterQuery, joinedLabel } from '../src/members/member.format.ts';


test('settings sections: a MEMBER only the profile; other roles Organization and Profile; company-domain staff also Team, Integrations, Email Integrations', () => {
  assert.deepEqual(visibleSections({ role: 'MEMBER', companyDomain: true }), ['profile']);
  assert.deepEqual(visibleSections({ role: 'ADMIN', companyDomain: false }), ['organization', 'profile']);
  assert.deepEqual(visibleSections({ role: 'VOLUNTEER', companyDomain: true }), ['organization', 'profile']);
  assert.deepEqual(visibleSections({ role: 'STAFF', companyDomain: true }), ['organization', 'profile', 'team', 'integrations', 'email-integrations']);
  assert.deepEqual(visibleSections(null), ['profile']);
  assert.equal(isCompanyDomainStaff({ role: 'PASTOR', companyDomain: true }), true);
  assert.equal(isCompanyDomainStaff({ role: 'MEMBER', companyDomain: true }), false);
});

test('invites: ADMIN and PASTOR manage them; seats line; an invite past its expiry is Expired', () => {
  assert.deepEqual(['ADMIN', 'PASTOR', 'STAFF', 'MEMBER'].map((r) => canManageInvites(r as never)), [true, true, false, false]);
  assert.equal(seatsLine(3, 4), '3 of 4 seats used');
  const now = Date.parse('2026-11-23T12:00:00Z');
  assert.equal(isExpired({ expiresAt: '2026-11-23T11:59:59Z' }, now), true);
  assert.equal(isExpired({ expiresAt: '2026-11-23T12:00:01Z' }, now), false);
});

test('members page texts: Joined date or N/A, count line, empty text by filters, query string', () => {
  assert.equal(joinedLabel('2026-03-01T15:00:00Z').replace(/\d+,/, 'D,'), 'Joined Mar D, 2026');
  assert.equal(joinedLabel(null), 'Joined N/A');
  assert.equal(joinedLabel('garbage'), 'Joined N/A');
  assert.equal(countLine(1), '1 Member');
  assert.equal(countLine(0), '0 Members');
  assert.equal(countLine(250), '250 Members');
  assert.equal(emptyText({ search: '', role: '', status: '' }), 'Get started by adding your first member.');
  assert.equal(emptyText({ search: ' x', role: '', status: '' }), 'Try adjusting your search or filters.');
  assert.equal(emptyText({ search: '', role: 'VOLUNTEER', status: '' }), 'Try adjusting your search or filters.');
  assert.equal(filterQuery({ search: ' Ruth & Co ', role: 'MEMBER', status: '' }), '?search=Ruth+%26+Co&role=MEMBER');
  assert.equal(filterQuery({ search: '', role: '', status: '' }), '');
});

test('integration catalogue: Show All / Email / CMS filters and search; editor modes', async () => {
  const { filterCatalogue, editorMode } = await import('../src/integrations/integrations.rules.ts');
  assert.deepEqual(filterCatalogue('all', '').map((e) => e.type), ['rockRms', 'planningCenter']);
  assert.deepEqual(filterCatalogue('cms', 'planning').map((e) => e.type), ['planningCenter']);
  assert.deepEqual(filterCatalogue('email', ''), [], 'no e-mail integrations in this catalogue: "No integrations found."');
  assert.deepEqual(filterCatalogue('all', 'ROCK').map((e) => e.type), ['rockRms']);
  assert.deepEqual([editorMode('add'), editorMode('new'), editorMode('edit'), editorMode('other')], ['add', 'add', 'edit', null]);
});

test('only an ADMIN sees Edit on the organization (the server refuses the others too)', () => {
  assert.deepEqual(['ADMIN', 'PASTOR', 'STAFF', 'VOLUNTEER', 'MEMBER', null].map((r) => canEditOrganization(r as never)), [true, false, false, false, false, false]);
});
