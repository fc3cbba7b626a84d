import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  DEFAULT_THROTTLE_RULES,
  InMemoryThrottleStore,
  SIGN_IN_MESSAGES,
  SignInThrottle,
  accountKey,
  addressKey,
  credentialFailureAnswer,
  delayFor,
  waitFor,
} from '../../src/domain/sign-in.throttle.ts';

const SEC = 1000;
const MIN = 60 * SEC;

function setup() {
  let now = Date.parse('2026-11-22T12:00:00Z');
  const store = new InMemoryThrottleStore();
  const throttle = new SignInThrottle(store, DEFAULT_THROTTLE_RULES, () => now);
  return { throttle, store, advance: (ms: number) => (now += ms) };
}

/** One failed sign-in: begin (must be allowed) and no success. */
async function fail(throttle: SignInThrottle, email = 'pat@grace.org', ip = '203.0.113.7') {
  const decision = await throttle.begin(email, ip);
  assert.equal(decision.allowed, true, 'attempt unexpectedly refused');
}

describe('uniform credential answer', () => {
  it("unknown e-mail, wrong password and no password all answer 'Invalid email or password'", () => {
    const answers = (['unknown-email', 'wrong-password', 'no-password'] as const).map(credentialFailureAnswer);
    for (const answer of answers) assert.deepEqual(answer, { status: 401, code: 'invalid_credentials', message: 'Invalid email or password' });
  });
  it('spec toasts', () => {
    assert.equal(SIGN_IN_MESSAGES.welcome, 'Welcome back!');
    assert.equal(SIGN_IN_MESSAGES.failed, 'Failed to sign in');
  });
});

describe('back-off schedule', () => {
  const rule = DEFAULT_THROTTLE_RULES.account;
  it('free for 5 attempts, then 30 s doubling to a 15 min cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50].map((n) => delayFor(n, rule));
    assert.deepEqual(delays, [0, 0, 0, 0, 0, 30 * SEC, 60 * SEC, 2 * MIN, 4 * MIN, 8 * MIN, 15 * MIN, 15 * MIN, 15 * MIN]);
  });
  it('waitFor counts from the last attempt and forgets after the quiet period', () => {
    const at = 1_000_000;
    assert.equal(waitFor(null, rule, at), 0);
    assert.equal(waitFor({ count: 5, lastAt: at }, rule, at + 10 * SEC), 20 * SEC);
    assert.equal(waitFor({ count: 5, lastAt: at }, rule, at + 30 * SEC), 0);
    assert.equal(waitFor({ count: 40, lastAt: at }, rule, at + rule.resetAfterMs + 1), 0);
    // A concurrent attempt that started later but was counted first is no reason to wait.
    assert.equal(waitFor({ count: 2, lastAt: at + 50 }, rule, at), 0);
  });
});

describe('SignInThrottle per account', () => {
  it('allows 5 failures, refuses the 6th attempt for 30 s, then allows one more', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 5; i++) await fail(throttle);
    const refused = await throttle.begin('pat@grace.org', '203.0.113.7');
    assert.deepEqual(refused, { allowed: false, scope: 'account', retryAfterMs: 30 * SEC, status: 429, message: 'Too many sign-in attempts. Please try again in 1 minute.' });
    advance(30 * SEC);
    await fail(throttle);
    const next = await throttle.begin('pat@grace.org', '203.0.113.7');
    assert.equal(next.allowed === false && next.retryAfterMs, 60 * SEC);
  });

  it('keys on the normalised e-mail, whether or not the account exists', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) await fail(throttle, i % 2 ? 'PAT@grace.org' : ' pat@GRACE.org ');
    assert.equal((await throttle.begin('pat@grace.org', '198.51.100.1')).allowed, false);
    assert.equal((await throttle.begin('nobody@grace.org', '198.51.100.1')).allowed, true);
  });

  it('a refused attempt is not counted (waiting it out works)', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 5; i++) await fail(throttle);
    for (let i = 0; i < 20; i++) assert.equal((await throttle.begin('pat@grace.org', '203.0.113.7')).allowed, false);
    advance(30 * SEC);
    assert.equal((await throttle.begin('pat@grace.org', '203.0.113.7')).allowed, true);
  });

  it('a success clears the account counter', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 4; i++) await fail(throttle);
    await fail(throttle);
    await throttle.succeeded('pat@grace.org', '203.0.113.7');
    for (let i = 0; i < 5; i++) await fail(throttle);
  });

  it('forgets failures after an hour of quiet', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 5; i++) await fail(throttle);
    advance(60 * MIN + 1);
    for (let i = 0; i < 5; i++) await fail(throttle);
  });

  it('a parallel burst gets only the free attempts through', async () => {
    const { throttle } = setup();
    const decisions = await Promise.all(Array.from({ length: 50 }, () => throttle.begin('pat@grace.org', '203.0.113.7')));
    assert.equal(decisions.filter((d) => d.allowed).length, 5);
  });
});

describe('SignInThrottle per address', () => {
  it('spraying many accounts from one address is stopped after 30 attempts', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 30; i++) await fail(throttle, `user${i}@grace.org`);
    const refused = await throttle.begin('fresh@grace.org', '203.0.113.7');
    assert.equal(refused.allowed === false && refused.scope, 'address');
    assert.equal((await throttle.begin('fresh@grace.org', '198.51.100.9')).allowed, true);
  });

  it('successful sign-ins do not use up the address budget (a congregation behind one NAT)', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 100; i++) {
      assert.equal((await throttle.begin(`member${i}@grace.org`, '203.0.113.7')).allowed, true);
      await throttle.succeeded(`member${i}@grace.org`, '203.0.113.7');
    }
  });

  it('IPv6 addresses in one /64 share a counter', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 30; i++) await fail(throttle, `user${i}@grace.org`, `2001:db8:1:2::${(i + 1).toString(16)}`);
    assert.equal((await throttle.begin('x@grace.org', '2001:db8:1:2:ffff::1')).allowed, false);
    assert.equal((await throttle.begin('x@grace.org', '2001:db8:1:3::1')).allowed, true);
  });
});

describe('keys', () => {
  it('account key is the normalised e-mail', () => assert.equal(accountKey(' Pat@Grace.ORG '), 'account:pat@grace.org'));
  const cases: [string, string][] = [
    ['203.0.113.7', 'address:203.0.113.7'],
    ['::ffff:203.0.113.7', 'address:203.0.113.7'],
    ['2001:db8:1:2::5', 'address:2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', 'address:2001:db8:1:2::/64'],
    ['[2001:DB8:1:2::1]', 'address:2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'address:fe80:0:0:0::/64'],
    ['::1', 'address:0:0:0:0::/64'],
  ];
  for (const [ip, key] of cases) it(`${ip} → ${key}`, () => assert.equal(addressKey(ip), key));
});
