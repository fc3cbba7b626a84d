// Church e-mail end to end on real Postgres and the mail catcher: SMTP integrations (sealed
// password, one default, test e-mail), templates, compose & send to contacts through the
// integration, opens, signed clicks, the signed SendGrid event webhook and the suppression list.
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import type { MailCatcher } from '@lectern/local-stack/testing';
import { catcherSmtp, buildApiTestApp, messagesTo, sharedMail, uniqueAddress, waitFor } from './helper.ts';
import { startAuthSmtp } from './fixtures/sendgrid-smtp.server.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many routes, checked field by field
type Json = Record<string, any>;

function sendgridKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const publicBase64 = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const signBatch = (body: string, timestamp = String(Math.floor(Date.now() / 1000))) => ({
    timestamp,
    signature: sign('sha256', Buffer.from(timestamp + body), { key: privateKey, dsaEncoding: 'der' }).toString('base64'),
  });
  return { publicBase64, signBatch };
}

describe('church e-mail', () => {
  let t: Awaited<ReturnType<typeof buildApiTestApp>>;
  let catcher: MailCatcher;
  let smtp: { host: string; port: number };
  const logs: string[] = [];
  const orgId = randomUUID();
  const adminId = randomUUID();
  let admin: string;
  const keys = sendgridKeys();

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) => {
    const response = await t.app.inject({ method, url: `/api/comms${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as Json) : {}, headers: response.headers };
  };

  const integrationBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'SendGrid',
    fromName: 'Grace Church',
    fromEmail: 'hello@grace.example',
    smtpServer: smtp.host,
    smtpPort: smtp.port,
    smtpUser: 'apikey',
    smtpPassword: 'SG.super-secret-key',
    address1: '1 Chapel Road',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    country: 'USA',
    smtpFooter: 'You receive this because you are part of Grace Church.',
    isDefault: true,
    sendgrid_event_webhook_public_key: keys.publicBase64,
    ...overrides,
  });

  beforeAll(async () => {
    const mail = await sharedMail();
    catcher = mail.catcher;
    smtp = catcherSmtp(mail.smtpUrl);
    const { Writable } = await import('node:stream');
    t = await buildApiTestApp({ LOG_LEVEL: 'debug' }, { logStream: new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } }) });
    await t.app.ready();
    t.app.mail.start();
    admin = await t.token({ orgId, userId: adminId, role: 'ADMIN', email: 'admin@lectern.app' });
    await t.app.kit.db.insertInto('organizations').values({ id: orgId, name: 'Grace Church' }).execute();
  });
  afterAll(async () => {
    await t?.app.close();
  });

  let integrationId: string;

  it('adds a SendGrid integration: password sealed at rest, never returned, webhook URL named after the user', async () => {
    const added = await call('POST', '/smtp-integrations', admin, integrationBody());
    assert.equal(added.status, 201, JSON.stringify(added.body));
    assert.equal(added.body.message, 'SMTP integration added');
    integrationId = added.body.integration.id;
    assert.equal(added.body.integration.smtpPassword, undefined);
    assert.equal(added.body.integration.webhookUrl, `http://localhost:8080/smtp_webhook/${adminId}/sendgrid`);
    assert.equal(added.body.integration.smtpPort, smtp.port);
    assert.equal(added.body.integration.isDefault, true);
    const row = await t.app.kit.db.selectFrom('smtp_integrations').selectAll().where('id', '=', integrationId).executeTakeFirstOrThrow();
    assert.doesNotMatch(row.smtp_password_sealed, /super-secret/);
    assert.match(row.smtp_password_sealed, /^v1\.test\./);
    const listed = await call('GET', '/smtp-integrations', admin);
    assert.equal(listed.body.integrations.length, 1);
    assert.doesNotMatch(JSON.stringify(listed.body), /super-secret/);
    assert.ok(logs.length > 0);
    assert.doesNotMatch(logs.join(''), /super-secret/, 'the password is never logged');
  });

  it('keeps one default per organization and the stored password when the edit leaves it empty', async () => {
    const second = await call('POST', '/smtp-integrations', admin, integrationBody({ title: 'Second', isDefault: true }));
    assert.equal(second.status, 201);
    const list = (await call('GET', '/smtp-integrations', admin)).body.integrations as { id: string; isDefault: boolean }[];
    assert.deepEqual(list.filter((i) => i.isDefault).map((i) => i.id), [second.body.integration.id]);
    const edited = await call('PUT', `/smtp-integrations/${integrationId}`, admin, integrationBody({ smtpPassword: '', isDefault: true, title: 'SendGrid main' }));
    assert.equal(edited.status, 200);
    assert.equal(edited.body.message, 'SMTP integration updated');
    const sealed = await t.app.kit.db.selectFrom('smtp_integrations').select('smtp_password_sealed').where('id', '=', integrationId).executeTakeFirstOrThrow();
    assert.ok(sealed.smtp_password_sealed.length > 0);
    const removed = await call('DELETE', `/smtp-integrations/${second.body.integration.id}`, admin);
    assert.equal(removed.body.message, 'SMTP integration deleted successfully');
    assert.equal((await call('GET', '/smtp-integrations', admin)).body.integrations.length, 1);
  });

  it('refuses bad integration input with the field named, and stores nothing', async () => {
    const noPassword = await call('POST', '/smtp-integrations', admin, integrationBody({ smtpPassword: '' }));
    assert.equal(noPassword.status, 400);
    assert.equal(noPassword.body.fieldErrors.smtpPassword, 'SMTP password is required.');
    const badKey = await call('POST', '/smtp-integrations', admin, integrationBody({ sendgrid_event_webhook_public_key: 'not-a-key' }));
    assert.equal(badKey.status, 400);
    assert.match(badKey.body.detail, /P-256/);
    const badPort = await call('POST', '/smtp-integrations', admin, integrationBody({ smtpPort: 'abc' }));
    assert.equal(badPort.status, 400);
    assert.equal((await call('GET', '/smtp-integrations', admin)).body.integrations.length, 1);
  });

  it('sends a test e-mail over a real SMTP conversation; a wrong password or host gets a clear message', async () => {
    const to = uniqueAddress('smtp-test');
    const ok = await call('POST', '/smtp-integrations/test', admin, { ...integrationBody(), to });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const arrived = await catcher.waitForMessage((m) => m.to.some((a) => a.address === to));
    assert.equal(arrived.from[0]?.address, 'hello@grace.example');

    const sendgrid = await startAuthSmtp('SG.right-key');
    try {
      const wrong = await call('POST', '/smtp-integrations/test', admin, { ...integrationBody({ smtpServer: sendgrid.host, smtpPort: sendgrid.port, smtpPassword: 'SG.wrong-key' }), to });
      assert.equal(wrong.status, 400);
      assert.match(wrong.body.detail, /refused the user name or password/);
      assert.doesNotMatch(JSON.stringify(wrong.body), /wrong-key/);
      const right = await call('POST', '/smtp-integrations/test', admin, { ...integrationBody({ smtpServer: sendgrid.host, smtpPort: sendgrid.port, smtpPassword: 'SG.right-key' }), to });
      assert.equal(right.status, 200);
      assert.deepEqual(sendgrid.received, [to]);
    } finally {
      await sendgrid.close();
    }
    const badHost = await call('POST', '/smtp-integrations/test', admin, { ...integrationBody({ smtpServer: 'no-such-host.invalid' }), to });
    assert.equal(badHost.status, 400);
    assert.match(badHost.body.detail, /could not be found|did not answer|Nothing answered/);
    assert.equal((await call('GET', '/smtp-integrations', admin)).body.integrations.length, 1, 'a test saves nothing');
  });

  it('sanitises template bodies and refuses unknown or unescaped placeholders', async () => {
    const saved = await call('POST', '/templates', admin, { name: 'Our news', subject: 'News for {{firstName}}', htmlBody: '<p onclick="x()">Hi {{firstName}}</p><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://grace.example/news">News</a>' });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    assert.equal(saved.body.template.htmlBody, '<p>Hi {{firstName}}</p><a>bad</a><a href="https://grace.example/news">News</a>');
    const triple = await call('POST', '/templates', admin, { name: 'x', subject: 'x', htmlBody: '<p>{{{name}}}</p>' });
    assert.equal(triple.status, 400);
    const unknown = await call('POST', '/templates', admin, { name: 'x', subject: 'x', htmlBody: '<p>{{password}}</p>' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.detail, /Unknown placeholder \{\{password\}\}/);
    const list = (await call('GET', '/templates', admin)).body.templates as { name: string }[];
    const names = list.map((x) => x.name);
    assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b)));
    assert.ok(names.includes('Our news') && names.includes('Weekly devotional reminder'));
  });

  it('sends a templated e-mail to three contacts through the default integration; opens and clicks make the rates', async () => {
    const addresses = [uniqueAddress('ann'), uniqueAddress('ben'), uniqueAddress('cy')];
    const contactIds: string[] = [];
    for (const [i, email] of addresses.entries()) {
      const added = await call('POST', '/contacts', admin, { name: ['Ann Lee', 'Ben Ode', 'Cy <b>Ray</b>'][i], email });
      assert.equal(added.status, 201);
      contactIds.push(added.body.contact.id);
    }
    const duplicate = await call('POST', '/contacts', admin, { name: 'Again', email: addresses[0]!.toUpperCase() });
    assert.equal(duplicate.status, 409);
    const template = ((await call('GET', '/templates', admin)).body.templates as { id: string; name: string }[]).find((x) => x.name === 'Our news')!;
    const noTemplate = await call('POST', '/communications/send', admin, { templateId: randomUUID(), contactIds });
    assert.equal(noTemplate.status, 404);
    assert.equal(noTemplate.body.detail, 'Template not found');

    const sent = await call('POST', '/communications/send', admin, { templateId: template.id, contactIds });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    assert.equal(sent.body.message, 'Email sent successfully!');
    assert.equal(sent.body.queued, 3);
    const pending = (await call('GET', '/communications', admin)).body.communications as { status: string }[];
    assert.equal(pending.length, 3);

    await waitFor('three communications sent', async () => ((await call('GET', '/communications', admin)).body.communications as { status: string }[]).every((c) => c.status === 'sent'));
    const mails = await Promise.all(addresses.map((a) => catcher.waitForMessage((m) => m.to.some((x) => x.address === a))));
    const ann = mails[0]!;
    assert.equal(ann.subject, 'News for Ann');
    assert.equal(ann.from[0]?.address, 'hello@grace.example');
    assert.match(ann.html!, /<p>Hi Ann<\/p>/);
    assert.match(ann.html!, /1 Chapel Road/);
    assert.match(ann.text!, /Hi Ann/);
    assert.match(ann.text!, /News \[https:\/\/grace\.example\/news\]/);
    assert.match(mails[2]!.html!, /Hi Cy<\/p>/, 'first name only');
    assert.equal((await messagesTo(catcher, addresses[1]!)).length, 1);

    const stats0 = (await call('GET', '/communications/stats', admin)).body;
    assert.deepEqual(stats0, { totalSent: 3, delivered: 3, openRate: 0, clickRate: 0, pending: 0, failed: 0 });

    const pixel = /<img src="http:\/\/localhost:8080(\/api\/comms\/t\/[^"]+\/open\.gif)"/.exec(ann.html!)![1]!;
    const opened = await t.app.inject({ method: 'GET', url: pixel });
    assert.equal(opened.statusCode, 200);
    assert.equal(opened.headers['content-type'], 'image/gif');
    const click = /href="http:\/\/localhost:8080(\/api\/comms\/t\/[^"]+\/click\?[^"]+)"/.exec(ann.html!)![1]!.replace(/&amp;/g, '&');
    const redirected = await t.app.inject({ method: 'GET', url: click });
    assert.equal(redirected.statusCode, 302);
    assert.equal(redirected.headers.location, 'https://grace.example/news');

    const forged = await t.app.inject({ method: 'GET', url: click.replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example/')}`) });
    assert.equal(forged.statusCode, 404, 'a link the signature does not cover is refused');
    const stats = (await call('GET', '/communications/stats', admin)).body;
    assert.equal(stats.openRate, 33);
    assert.equal(stats.clickRate, 33);
  });

  it('applies a signed SendGrid batch once (bounce + delivered), refuses a forged one, and suppresses the bounced address', async () => {
    const rows = await t.app.kit.db.selectFrom('communications').selectAll().where('org_id', '=', orgId).orderBy('recipient_email').execute();
    const [first, second] = rows;
    const batch = JSON.stringify([
      { email: first!.recipient_email, event: 'delivered', sg_event_id: `d-${randomUUID()}`, timestamp: Math.floor(Date.now() / 1000), lectern_communication_id: first!.id },
      { email: second!.recipient_email, event: 'bounce', reason: '550 5.1.1 mailbox unavailable', sg_event_id: `b-${randomUUID()}`, timestamp: Math.floor(Date.now() / 1000), 'smtp-id': second!.message_id },
    ]);
    const post = (body: string, signed: { timestamp: string; signature: string }, userId = adminId) =>
      t.app.inject({ method: 'POST', url: `/api/comms/smtp_webhook/${userId}/sendgrid`, headers: { 'content-type': 'application/json', 'x-twilio-email-event-webhook-signature': signed.signature, 'x-twilio-email-event-webhook-timestamp': signed.timestamp }, payload: body });

    const forgedKeys = sendgridKeys();
    const forged = await post(batch, forgedKeys.signBatch(batch));
    assert.equal(forged.statusCode, 401);
    const tampered = await post(batch.replace('delivered', 'open'), keys.signBatch(batch));
    assert.equal(tampered.statusCode, 401);

    const signed = keys.signBatch(batch);
    const ok = await post(batch, signed);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(JSON.parse(ok.body), { status: 'applied', applied: 2, duplicates: 0, ignored: 0 });
    const again = await post(batch, signed);
    assert.deepEqual(JSON.parse(again.body), { status: 'applied', applied: 0, duplicates: 2, ignored: 0 });

    const table = (await call('GET', '/communications', admin)).body.communications as { recipientEmail: string; status: string; deliveredAt: string | null; bouncedAt: string | null }[];
    const byEmail = new Map(table.map((c) => [c.recipientEmail, c]));
    assert.ok(byEmail.get(first!.recipient_email)!.deliveredAt);
    assert.equal(byEmail.get(second!.recipient_email)!.status, 'failed');
    assert.ok(byEmail.get(second!.recipient_email)!.bouncedAt);

    const template = ((await call('GET', '/templates', admin)).body.templates as { id: string; name: string }[]).find((x) => x.name === 'Our news')!;
    const later = await call('POST', '/communications/send', admin, { templateId: template.id, recipients: [{ email: second!.recipient_email }, { email: first!.recipient_email }] });
    assert.equal(later.status, 202);
    assert.equal(later.body.queued, 1);
    assert.deepEqual(later.body.suppressed, [second!.recipient_email.toLowerCase()]);
  });

  it('lets only company-domain ADMIN/PASTOR/STAFF in, and only to their own organization', async () => {
    for (const role of ['MEMBER', 'VOLUNTEER', null] as const) {
      const token = await t.token({ orgId, role });
      for (const url of ['/smtp-integrations', '/communications', '/templates', '/contacts', '/communications/stats']) assert.equal((await call('GET', url, token)).status, 403, `${role} ${url}`);
    }
    for (const role of ['ADMIN', 'PASTOR', 'STAFF'] as const) {
      const outsider = await t.token({ orgId, role, companyDomain: false });
      assert.equal((await call('GET', '/smtp-integrations', outsider)).status, 403, `${role} without the company domain`);
      assert.equal((await call('POST', '/communications/send', outsider, { templateId: randomUUID(), recipients: [{ email: 'a@b.example' }] })).status, 403);
      const inside = await t.token({ orgId, role });
      assert.equal((await call('GET', '/smtp-integrations', inside)).status, 200, role);
      const foreign = await t.token({ orgId: randomUUID(), role });
      assert.deepEqual((await call('GET', '/smtp-integrations', foreign)).body.integrations, []);
      assert.equal((await call('GET', `/smtp-integrations/${integrationId}`, foreign)).status, 404);
      assert.equal((await call('PUT', `/smtp-integrations/${integrationId}`, foreign, integrationBody())).status, 404);
      assert.equal((await call('DELETE', `/smtp-integrations/${integrationId}`, foreign)).status, 404);
      assert.deepEqual((await call('GET', '/communications', foreign)).body.communications, []);
      assert.deepEqual((await call('GET', '/contacts', foreign)).body.contacts, []);
      const ourTemplate = ((await call('GET', '/templates', inside)).body.templates as { id: string; editable: boolean }[]).find((x) => x.editable)!;
      assert.equal((await call('POST', '/communications/send', foreign, { templateId: ourTemplate.id, recipients: [{ email: 'a@b.example' }] })).status, 404);
    }
    const noOrg = await t.token({ orgId: null, role: 'ADMIN' });
    assert.equal((await call('GET', '/communications', noOrg)).status, 403);
    assert.equal((await call('GET', '/communications', undefined)).status, 401);
  });
});
