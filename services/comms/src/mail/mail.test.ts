import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { generateSecretKeys } from '@lectern/service-kit';
import { loadCommsConfig } from '../config.ts';
import { parseMailFrom } from './mail.address.ts';
import { describeSmtpFailure } from './mail.transport.ts';

describe('MAIL_FROM', () => {
  it('reads a display name (the product name) and an address', () => {
    assert.deepEqual(parseMailFrom('Lectern <no-reply@lectern.app>'), { name: 'Lectern', address: 'no-reply@lectern.app' });
    assert.deepEqual(parseMailFrom('"Grace Lectern" <hi@grace.org>'), { name: 'Grace Lectern', address: 'hi@grace.org' });
    assert.deepEqual(parseMailFrom('hi@grace.org'), { name: 'Lectern', address: 'hi@grace.org' });
  });

  it('refuses values without an address', () => {
    assert.equal(parseMailFrom('Lectern'), undefined);
    assert.equal(parseMailFrom('Lectern <nobody>'), undefined);
  });

  it('stops start-up naming MAIL_FROM or SMTP_URL when they are bad', () => {
    const base = { DATABASE_URL: 'postgres://x@localhost/db', KAFKA_BROKERS: 'localhost:9092', SMTP_URL: 'smtp://127.0.0.1:1025', SECRET_KEYS: generateSecretKeys() };
    assert.equal(loadCommsConfig(base).mailFrom.name, 'Lectern');
    assert.throws(() => loadCommsConfig({ ...base, MAIL_FROM: 'Lectern' }), /MAIL_FROM must look like/);
    assert.throws(() => loadCommsConfig({ ...base, SMTP_URL: 'http://mail' }), /SMTP_URL/);
    assert.throws(() => loadCommsConfig({ ...base, SMTP_URL: '' }), /SMTP_URL is required/);
  });

  it('never echoes the SMTP URL (it may hold a password)', () => {
    const error = (() => {
      try {
        loadCommsConfig({ DATABASE_URL: 'postgres://x@localhost/db', KAFKA_BROKERS: 'localhost:9092', SMTP_URL: 'ftp://user:s3cret@mail', SECRET_KEYS: generateSecretKeys() });
      } catch (e) {
        return e as Error;
      }
      assert.fail('expected a ConfigError');
    })();
    assert.doesNotMatch(error.message, /s3cret/);
  });
});

describe('SMTP failures', () => {
  it('treats 5xx refusals (but 503) as permanent, everything else as worth a retry', () => {
    assert.equal(describeSmtpFailure(Object.assign(new Error('Can\'t send mail - all recipients were rejected: 550 no such user'), { code: 'EENVELOPE', responseCode: 550 })).permanent, true);
    assert.equal(describeSmtpFailure(Object.assign(new Error('bad sequence'), { responseCode: 503 })).permanent, false);
    assert.equal(describeSmtpFailure(Object.assign(new Error('try later'), { responseCode: 451 })).permanent, false);
    const refused = describeSmtpFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }));
    assert.deepEqual(refused, { permanent: false, message: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:1' });
  });
});
