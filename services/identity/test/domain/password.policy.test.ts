import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  COMMON_PASSWORD_COUNT,
  PASSWORD_MESSAGES,
  evaluatePassword,
  isCommonPassword,
  meetsPasswordRules,
  passwordChecklist,
} from '../../src/domain/password.policy.ts';

const unmet = (password: string) => passwordChecklist(password).filter((i) => !i.met).map((i) => i.label);

describe('password checklist (spec 001 §5)', () => {
  it('lists the four rules with the spec labels, in order', () => {
    assert.deepEqual(
      passwordChecklist('').map((i) => i.label),
      ['At least 8 characters', 'At least one lowercase letter', 'At least one uppercase letter', 'At least one digit'],
    );
  });

  it('marks every rule unmet for an empty password', () => {
    assert.equal(unmet('').length, 4);
  });

  it('requires at least 8 characters: 7 fail, 8 pass', () => {
    assert.deepEqual(unmet('Abcdef1'), ['At least 8 characters']);
    assert.deepEqual(unmet('Abcdef12'), []);
  });

  it('counts characters, not UTF-16 units (7 letters + emoji is 8)', () => {
    assert.deepEqual(unmet('Ab1defg😀'), []);
    assert.deepEqual(unmet('Ab1def😀'), ['At least 8 characters']);
  });

  it('requires a lowercase letter', () => {
    assert.deepEqual(unmet('ABCDEFG1'), ['At least one lowercase letter']);
  });

  it('requires an uppercase letter', () => {
    assert.deepEqual(unmet('abcdefg1'), ['At least one uppercase letter']);
  });

  it('requires a digit', () => {
    assert.deepEqual(unmet('Abcdefgh'), ['At least one digit']);
  });

  it('accepts accented letters as lower and upper case', () => {
    assert.deepEqual(unmet('Églisé12'), []);
  });

  it('meetsPasswordRules agrees with the checklist', () => {
    assert.equal(meetsPasswordRules('Abcdefg1'), true);
    assert.equal(meetsPasswordRules('abcdefg1'), false);
  });

  it('quotes the helper and success texts exactly', () => {
    assert.equal(
      PASSWORD_MESSAGES.helper,
      'Password must be at least 8 characters and include lowercase, uppercase, and a digit. Avoid leaked/common passwords.',
    );
    assert.equal(PASSWORD_MESSAGES.meetsRequirements, 'Password meets requirements.');
    assert.equal(PASSWORD_MESSAGES.submitRefused, 'Please meet the password requirements.');
  });
});

describe('common/leaked password refusal', () => {
  it('ships a real list of tens of thousands of entries', () => {
    assert.ok(COMMON_PASSWORD_COUNT > 40_000, `only ${COMMON_PASSWORD_COUNT} entries`);
  });

  for (const password of ['password', 'PASSWORD', 'Password1', 'Qwerty123', 'Sunshine2024!', 'Iloveyou1', 'Football99', '123Monkey', 'Trustno1']) {
    it(`refuses "${password}"`, () => assert.equal(isCommonPassword(password), true));
  }

  for (const password of ['Gx7!pLq2vRm', 'Lectern-Sermon-Psalm23', 'Zq84736251', 'Ab12345678x', 'hT9#kW2$mQ']) {
    it(`allows "${password}"`, () => assert.equal(isCommonPassword(password), false));
  }
});

describe('evaluatePassword', () => {
  it('refuses a rule failure with the spec submit message and the checklist', () => {
    const verdict = evaluatePassword('short');
    assert.equal(verdict.ok, false);
    assert.equal(verdict.ok === false && verdict.reason, 'rules');
    assert.equal(verdict.message, 'Please meet the password requirements.');
    assert.equal(verdict.checklist.filter((i) => !i.met).length, 3);
  });

  it('refuses a password that meets the rules but is common', () => {
    const verdict = evaluatePassword('Password123');
    assert.equal(verdict.ok, false);
    assert.equal(verdict.ok === false && verdict.reason, 'common');
    assert.equal(verdict.message, PASSWORD_MESSAGES.common);
    assert.ok(verdict.checklist.every((i) => i.met));
  });

  it('accepts a strong password with the success text', () => {
    const verdict = evaluatePassword('Gx7!pLq2vRm');
    assert.deepEqual(verdict.ok, true);
    assert.equal(verdict.message, 'Password meets requirements.');
  });
});
