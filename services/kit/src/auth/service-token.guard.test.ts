import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { createHttpApp } from '../http/http-app.ts';
import { requireServiceToken } from './service-token.guard.ts';

const TOKEN = 'a'.repeat(43);

async function appWith(now: () => number) {
  const app = await createHttpApp({ service: 'demo', logLevel: 'silent' });
  await app.register(async (internal) => {
    internal.addHook('onRequest', requireServiceToken(TOKEN, { maxFailures: 3, windowMs: 60_000, now }));
    internal.get('/thing', async () => ({ ok: true }));
  }, { prefix: '/api/demo/internal' });
  return app;
}

describe('service token on internal routes', () => {
  it('accepts the token, refuses others with 401, and locks an address out after repeated guesses', async () => {
    let clock = 1_000_000;
    const app = await appWith(() => clock);
    const call = (token: string, remoteAddress = '10.0.0.9') => app.inject({ url: '/api/demo/internal/thing', headers: { authorization: `Bearer ${token}` }, remoteAddress });
    assert.equal((await call(TOKEN)).statusCode, 200);
    for (let i = 0; i < 3; i++) assert.equal((await call(`guess-${i}`)).statusCode, 401);
    const locked = await call(TOKEN);
    assert.equal(locked.statusCode, 429);
    assert.ok(Number(locked.headers['retry-after']) > 0);
    assert.equal((await call(TOKEN, '10.0.0.10')).statusCode, 200, 'another address is not affected');
    clock += 60_000;
    assert.equal((await call(TOKEN)).statusCode, 200, 'the lock-out ends with the window');
    await app.close();
  });

  it('refuses every call when no token is configured', async () => {
    const app = await createHttpApp({ service: 'demo', logLevel: 'silent' });
    await app.register(async (internal) => {
      internal.addHook('onRequest', requireServiceToken(undefined));
      internal.get('/thing', async () => ({ ok: true }));
    }, { prefix: '/api/demo/internal' });
    assert.equal((await app.inject({ url: '/api/demo/internal/thing', headers: { authorization: 'Bearer ' } })).statusCode, 401);
    await app.close();
  });
});
