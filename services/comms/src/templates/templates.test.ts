import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { confirmationEmail } from './confirmation.template.ts';
import { escapeHtml, html, safeLink } from './html.escape.ts';
import { invitationEmail } from './invitation.template.ts';
import { describeValidity, formatDate } from './wording.ts';

const issuedAt = new Date('2026-11-23T10:00:00Z');

describe('html escaping', () => {
  it('escapes every interpolated value and keeps nested html as is', () => {
    const inner = html`<b>${'<i>'}</b>`;
    assert.equal(html`<p title="${'"x"'}">${inner}${"Tom & Jerry's"}</p>`.value, '<p title="&quot;x&quot;"><b>&lt;i&gt;</b>Tom &amp; Jerry&#39;s</p>');
    assert.equal(escapeHtml('<script>'), '&lt;script&gt;');
  });

  it('refuses links that are not http(s)', () => {
    assert.throws(() => safeLink('javascript:alert(1)'), /refusing a javascript: link/);
    assert.throws(() => safeLink('not a url'));
    assert.equal(safeLink('http://localhost:8080/confirmed?token=a b'), 'http://localhost:8080/confirmed?token=a%20b');
  });
});

describe('confirmation e-mail', () => {
  const url = 'http://localhost:8080/confirmed?token=abc&x=1';
  const mail = confirmationEmail({
    productName: 'Lectern',
    firstName: 'Ann <Admin>',
    organizationName: 'Grace & Truth',
    confirmationUrl: url,
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + 24 * 3_600_000),
    firstTime: true,
  });

  it('has a subject naming the product', () => {
    assert.equal(mail.subject, 'Confirm your e-mail address for Lectern');
  });

  it('carries the link in both parts (HTML-escaped in the HTML part)', () => {
    assert.match(mail.text, /Confirm e-mail address: http:\/\/localhost:8080\/confirmed\?token=abc&x=1/);
    assert.ok(mail.html.includes('href="http://localhost:8080/confirmed?token=abc&amp;x=1"'));
  });

  it('escapes names in the HTML part and keeps them plain in the text part', () => {
    assert.ok(mail.html.includes('Hi Ann &lt;Admin&gt;,'));
    assert.ok(!mail.html.includes('<Admin>'));
    assert.ok(mail.html.includes('join Grace &amp; Truth'));
    assert.match(mail.text, /^Hi Ann <Admin>,/);
    assert.match(mail.text, /almost ready to join Grace & Truth/);
  });

  it('says how long the link works', () => {
    assert.match(mail.text, /This link works for 24 hours and can be used once\./);
  });

  it('words the resend differently and greets without a name', () => {
    const resend = confirmationEmail({ productName: 'Lectern', firstName: null, organizationName: null, confirmationUrl: url, issuedAt, expiresAt: new Date(issuedAt.getTime() + 3_600_000), firstTime: false });
    assert.match(resend.text, /^Hi,\n/);
    assert.match(resend.text, /Here is a new link/);
    assert.match(resend.text, /works for 1 hour and/);
  });

  it('refuses a non-http confirmation link', () => {
    assert.throws(() => confirmationEmail({ productName: 'Lectern', firstName: null, organizationName: null, confirmationUrl: 'javascript:alert(1)', issuedAt, expiresAt: issuedAt, firstTime: true }), /javascript:/);
  });
});

describe('invitation e-mail', () => {
  const input = {
    productName: 'Lectern',
    inviterName: 'Pastor Paul',
    organizationName: 'Grace Church',
    role: 'STAFF',
    inviteUrl: 'http://localhost:8080/signup?invite=0b8c5a4e-2a57-4b7e-9a39-7c3d0f1e2a11',
    expiresAt: new Date('2026-11-30T10:00:00Z'),
  };

  it('names inviter, organization, role and expiry, with the invite link', () => {
    const mail = invitationEmail(input);
    assert.equal(mail.subject, 'Pastor Paul invited you to join Grace Church on Lectern');
    assert.match(mail.text, /Pastor Paul has invited you to join Grace Church on Lectern as a staff member\./);
    assert.match(mail.text, /Accept invitation: http:\/\/localhost:8080\/signup\?invite=0b8c5a4e-2a57-4b7e-9a39-7c3d0f1e2a11/);
    assert.match(mail.text, /expires on Nov 30, 2026/);
    assert.ok(mail.html.includes(`href="${input.inviteUrl}"`));
  });

  it('reads well without inviter or organization names', () => {
    const mail = invitationEmail({ ...input, inviterName: null, organizationName: null, role: 'PASTOR' });
    assert.equal(mail.subject, "You're invited to join Lectern");
    assert.match(mail.text, /Someone has invited you to join Lectern as a pastor\./);
    assert.ok(mail.html.includes('You&#39;re invited to join Lectern'));
  });
});

describe('wording', () => {
  it('formats dates as MMM d, yyyy', () => {
    assert.equal(formatDate(new Date('2026-01-05T23:00:00Z')), 'Jan 5, 2026');
  });

  it('describes validity in hours, days or a date', () => {
    assert.equal(describeValidity(issuedAt, new Date(issuedAt.getTime() + 7 * 86_400_000)), 'works for 7 days');
    assert.equal(describeValidity(issuedAt, new Date(issuedAt.getTime() + 50 * 3_600_000)), 'works until Nov 25, 2026');
  });
});
