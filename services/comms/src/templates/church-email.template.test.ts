import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { generateSecretKeys } from '@lectern/service-kit';
import { TrackingLinks } from '../engagement/tracking.links.ts';
import { checkPlaceholders, linksOf, recipientValues, renderChurchEmail, renderSubject, sanitizeTemplateBody, TemplateError } from './church-email.template.ts';

const sender = { organizationName: 'Grace <Church>', footer: 'You get this as a member.', address: ['1 Chapel Road', 'Springfield, IL 62701'] };

describe('church e-mail templates', () => {
  it('escapes placeholder values in the body, not in the subject', () => {
    const values = recipientValues({ email: 'ann@example.org', name: 'Ann <b>Lee</b>' }, 'Grace & Co');
    const mail = renderChurchEmail({ subject: 'Hi {{firstName}} from {{organizationName}}', body: '<p>Hi {{name}}</p>', values, sender });
    assert.equal(mail.subject, 'Hi Ann from Grace & Co');
    assert.match(mail.html, /<p>Hi Ann &lt;b&gt;Lee&lt;&#x2F;b&gt;<\/p>/);
    assert.match(mail.html, /Grace &lt;Church&gt;/);
    assert.match(mail.text, /Hi Ann <b>Lee<\/b>/, 'the text part carries the plain value');
    assert.match(mail.text, /1 Chapel Road, Springfield, IL 62701/);
  });

  it('uses the address when there is no name and never breaks a subject over lines', () => {
    const values = recipientValues({ email: 'x@example.org', name: null }, 'Grace');
    assert.equal(values.name, 'x@example.org');
    assert.equal(values.firstName, 'friend');
    assert.equal(renderSubject('A\r\nBcc: evil@example.org {{email}}', values), 'A Bcc: evil@example.org x@example.org');
  });

  it('sanitises bodies: scripts, handlers, styles and non-http links go', () => {
    assert.equal(
      sanitizeTemplateBody('<p style="x" onclick="y()">Hi</p><script>z()</script><img src="https://t.example/x.gif"><a href="javascript:alert(1)">a</a><a href="/relative">b</a><a href="https://ok.example/">c</a>'),
      '<p>Hi</p><a>a</a><a>b</a><a href="https://ok.example/">c</a>',
    );
  });

  it('accepts only the known escaped placeholders', () => {
    checkPlaceholders('{{name}} {{firstName}} {{email}} {{organizationName}}');
    assert.throws(() => checkPlaceholders('{{{name}}}'), TemplateError);
    assert.throws(() => checkPlaceholders('{{&name}}'), TemplateError);
    assert.throws(() => checkPlaceholders('{{#name}}x{{/name}}'), TemplateError);
    assert.throws(() => checkPlaceholders('{{> partial}}'), TemplateError);
    assert.throws(() => checkPlaceholders('{{constructor}}'), /Unknown placeholder/);
    assert.throws(() => checkPlaceholders('{{name'), TemplateError);
  });

  it('lists the links of a body once each, and rewrites them for tracking with an open pixel', () => {
    const body = '<p><a href="https://a.example/x?y=1&amp;z=2">A</a> <a href="https://b.example/">B</a> <a href="https://b.example/">again</a> <a href="mailto:p@example.org">mail</a></p>';
    assert.deepEqual(linksOf(body), ['https://a.example/x?y=1&z=2', 'https://b.example/']);
    const tracking = new TrackingLinks({ publicOrigin: 'https://app.example', secretKeys: generateSecretKeys() });
    const mail = renderChurchEmail({
      subject: 's',
      body,
      values: recipientValues({ email: 'a@example.org', name: 'A' }, 'G'),
      sender,
      trackLink: (url) => tracking.clickUrl('c-1', url),
      pixelUrl: tracking.pixelUrl('c-1'),
    });
    assert.match(mail.html, /href="https:\/\/app\.example\/api\/comms\/t\/c-1\/click\?u=https%3A%2F%2Fa\.example%2Fx%3Fy%3D1%26z%3D2&amp;s=/);
    assert.match(mail.html, /href="mailto:p@example\.org"/);
    assert.match(mail.html, /<img src="https:\/\/app\.example\/api\/comms\/t\/c-1\/open\.gif"/);
    assert.match(mail.text, /A \[https:\/\/a\.example\/x\?y=1&z=2\]/, 'the text part keeps the real links');
  });
});

describe('tracking links', () => {
  it('verifies its own signatures, also after a key rotation, and nothing else', () => {
    const oldKeys = generateSecretKeys('old');
    const before = new TrackingLinks({ publicOrigin: 'https://app.example', secretKeys: oldKeys });
    const signature = new URL(before.clickUrl('c-1', 'https://a.example/')).searchParams.get('s')!;
    assert.equal(before.verifyClick('c-1', 'https://a.example/', signature), true);
    assert.equal(before.verifyClick('c-2', 'https://a.example/', signature), false);
    assert.equal(before.verifyClick('c-1', 'https://evil.example/', signature), false);
    assert.equal(before.verifyClick('c-1', 'https://a.example/', 'AAAA'), false);
    const rotated = new TrackingLinks({ publicOrigin: 'https://app.example', secretKeys: `${generateSecretKeys('new')},${oldKeys}`, activeKeyId: 'new' });
    assert.equal(rotated.verifyClick('c-1', 'https://a.example/', signature), true, 'links in mail sent before the rotation still work');
    const other = new TrackingLinks({ publicOrigin: 'https://app.example', secretKeys: generateSecretKeys() });
    assert.equal(other.verifyClick('c-1', 'https://a.example/', signature), false);
  });
});
