import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  DEFAULT_INVITE_ROLE,
  INVITE_MESSAGES,
  INVITE_TTL_MS,
  applyInvite,
  canManageInvites,
  inviteLink,
  inviteStatus,
  inviteStatusLabel,
  pendingInvites,
  revokeInvite,
  validateInviteRequest,
  type Invite,
} from '../../src/domain/invite.rules.ts';
import { ROLES, type Role } from '../../src/domain/role.resolution.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const HOUR = 3_600_000;

const invite = (over: Partial<Invite> = {}): Invite => ({
  id: 'inv-1',
  email: 'New@Grace.org',
  role: 'STAFF',
  orgId: 'org-1',
  organizationName: 'Grace Church',
  createdAt: at(-HOUR),
  expiresAt: at(HOUR),
  usedAt: null,
  ...over,
});

const actor = (role: Role | null, orgId: string | null = 'org-1') => ({ userId: 'u-1', role, orgId });

describe('who may manage invites (spec 001 §6)', () => {
  const allowed: Record<Role, boolean> = { ADMIN: true, PASTOR: true, STAFF: false, MEMBER: false, VOLUNTEER: false };
  for (const role of ROLES) it(`${role}: ${allowed[role]}`, () => assert.equal(canManageInvites(role), allowed[role]));
  it('no role: false', () => assert.equal(canManageInvites(null), false));
});

describe('creating an invite', () => {
  it('ADMIN invites STAFF by default into their own organization, expiring after the TTL', () => {
    assert.deepEqual(validateInviteRequest(actor('ADMIN'), { email: ' New@Grace.org ' }, NOW), {
      ok: true,
      invite: { email: 'new@grace.org', role: DEFAULT_INVITE_ROLE, orgId: 'org-1', createdBy: 'u-1', expiresAt: at(INVITE_TTL_MS) },
    });
    assert.equal(DEFAULT_INVITE_ROLE, 'STAFF');
  });

  it('PASTOR may invite a PASTOR', () => {
    const result = validateInviteRequest(actor('PASTOR'), { email: 'a@b.org', role: 'PASTOR' }, NOW);
    assert.equal(result.ok && result.invite.role, 'PASTOR');
  });

  for (const role of ['ADMIN', 'MEMBER', 'VOLUNTEER', 'staff', 'OWNER']) {
    it(`refuses the invite role ${role}`, () =>
      assert.deepEqual(validateInviteRequest(actor('ADMIN'), { email: 'a@b.org', role }, NOW), { ok: false, status: 400, message: INVITE_MESSAGES.invalidRole }));
  }

  for (const role of ['STAFF', 'MEMBER', 'VOLUNTEER', null] as const) {
    it(`refuses an inviter with role ${role}`, () =>
      assert.deepEqual(validateInviteRequest(actor(role), { email: 'a@b.org' }, NOW), { ok: false, status: 403, message: INVITE_MESSAGES.forbidden }));
  }

  it('refuses an anonymous caller with the spec message', () =>
    assert.deepEqual(validateInviteRequest(null, { email: 'a@b.org' }, NOW), { ok: false, status: 401, message: 'User not authenticated' }));

  it('refuses an inviter without an organization', () =>
    assert.deepEqual(validateInviteRequest(actor('ADMIN', null), { email: 'a@b.org' }, NOW), { ok: false, status: 403, message: 'User not associated with an organization' }));

  it('requires a valid e-mail', () => {
    assert.equal(validateInviteRequest(actor('ADMIN'), { email: ' ' }, NOW).ok === false, true);
    assert.deepEqual(validateInviteRequest(actor('ADMIN'), { email: 'nope' }, NOW), { ok: false, status: 400, message: 'Enter a valid email address' });
  });

  it('success toast names the e-mail', () => assert.equal(INVITE_MESSAGES.sent('a@b.org'), 'Invite sent to a@b.org'));
});

describe('invite link', () => {
  it('is {origin}/signup?invite={id}', () => assert.equal(inviteLink('http://localhost:8080', 'abc-123'), 'http://localhost:8080/signup?invite=abc-123'));
  it('drops a trailing slash and encodes the id', () => assert.equal(inviteLink('https://x.org/', 'a b&c'), 'https://x.org/signup?invite=a%20b%26c'));
});

describe('invite status and the pending list', () => {
  it('pending, used, expired; expiry exactly now counts as expired', () => {
    assert.equal(inviteStatus(invite(), NOW), 'pending');
    assert.equal(inviteStatus(invite({ usedAt: at(-1) }), NOW), 'used');
    assert.equal(inviteStatus(invite({ expiresAt: at(-1) }), NOW), 'expired');
    assert.equal(inviteStatus(invite({ expiresAt: NOW }), NOW), 'expired');
    assert.equal(inviteStatus(invite({ expiresAt: at(-1), usedAt: at(-2) }), NOW), 'used');
  });

  it('lists only unused, unexpired invites, newest first', () => {
    const list = [
      invite({ id: 'old', createdAt: at(-3 * HOUR) }),
      invite({ id: 'used', createdAt: at(-HOUR), usedAt: at(-1) }),
      invite({ id: 'new', createdAt: at(-1 * 60_000) }),
      invite({ id: 'expired', createdAt: at(-10 * HOUR), expiresAt: at(-HOUR) }),
      invite({ id: 'mid', createdAt: at(-2 * HOUR) }),
    ];
    assert.deepEqual(pendingInvites(list, NOW).map((i) => i.id), ['new', 'mid', 'old']);
  });

  it("labels an invite that lapsed while shown as 'Expired'", () => {
    assert.equal(inviteStatusLabel(invite({ expiresAt: at(-1) }), NOW), 'Expired');
    assert.equal(inviteStatusLabel(invite(), NOW), null);
  });
});

describe('signing up with an invite (spec 001 §4, §5)', () => {
  it('a valid invite fixes e-mail, organization and role', () =>
    assert.deepEqual(applyInvite({ ok: true, invite: invite({ role: 'PASTOR' }) }, NOW), {
      ok: true,
      value: { inviteId: 'inv-1', email: 'new@grace.org', orgId: 'org-1', organizationName: 'Grace Church', role: 'PASTOR' },
    }));

  const invalid = { ok: false, message: 'Invalid or expired invite link. Please contact your administrator.' };
  it('unknown invite', () => assert.deepEqual(applyInvite({ ok: true, invite: null }, NOW), invalid));
  it('used invite', () => assert.deepEqual(applyInvite({ ok: true, invite: invite({ usedAt: at(-1) }) }, NOW), invalid));
  it('expired invite', () => assert.deepEqual(applyInvite({ ok: true, invite: invite({ expiresAt: at(-1) }) }, NOW), invalid));
  it('an invite carrying a role outside STAFF/PASTOR', () => assert.deepEqual(applyInvite({ ok: true, invite: invite({ role: 'ADMIN' }) }, NOW), invalid));
  it('lookup failure', () =>
    assert.deepEqual(applyInvite({ ok: false }, NOW), { ok: false, message: 'Failed to validate invite. Please contact your administrator.' }));
});

describe('revoking an invite', () => {
  it('ADMIN or PASTOR of the organization revokes a pending invite: used_at = now', () => {
    assert.deepEqual(revokeInvite(actor('ADMIN'), invite(), NOW), { ok: true, usedAt: NOW });
    assert.deepEqual(revokeInvite(actor('PASTOR'), invite({ expiresAt: at(-1) }), NOW), { ok: true, usedAt: NOW });
  });
  it('refuses STAFF and anonymous callers', () => {
    assert.equal(revokeInvite(actor('STAFF'), invite(), NOW).ok, false);
    assert.deepEqual(revokeInvite(null, invite(), NOW), { ok: false, status: 401, message: 'User not authenticated' });
  });
  it('another organization’s invite looks missing', () =>
    assert.deepEqual(revokeInvite(actor('ADMIN', 'org-2'), invite(), NOW), { ok: false, status: 404, message: 'Failed to revoke invite' }));
  it('an already used invite keeps its used_at', () =>
    assert.deepEqual(revokeInvite(actor('ADMIN'), invite({ usedAt: at(-1) }), NOW), { ok: false, status: 409, message: 'Failed to revoke invite' }));
});
