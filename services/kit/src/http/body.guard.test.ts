import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { Type } from 'typebox';
import { createHttpApp } from './http-app.ts';
import type { ServiceInstance } from './http-app.ts';
import { findUnstorableText } from './body.guard.ts';

let app: ServiceInstance;
const reached: unknown[] = [];

beforeAll(async () => {
  app = await createHttpApp({ service: 'demo', logLevel: 'silent' });
  app.post('/api/demo/sign-in', { schema: { body: Type.Object({ email: Type.String(), password: Type.String() }) } }, async (request) => {
    reached.push(request.body);
    return { ok: true };
  });
  app.put('/api/demo/outline', async (request) => {
    reached.push(request.body);
    return { ok: true };
  });
  app.get('/api/demo/list', async (request) => {
    reached.push(request.query);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('text PostgreSQL cannot store is refused with 400 before any route runs', () => {
  it('a NUL character in JSON text (a value or a key)', async () => {
    for (const payload of ['{"email":"a\\u0000@b.co","password":"x"}', '{"email":"a@b.co","password":"x","\\u0000":1}']) {
      const res = await app.inject({ method: 'POST', url: '/api/demo/sign-in', headers: { 'content-type': 'application/json' }, payload });
      assert.equal(res.statusCode, 400, payload);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.match(res.json().detail, /NUL character/);
    }
    assert.equal(reached.length, 0);
  });

  it('a lone UTF-16 surrogate', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/demo/outline', headers: { 'content-type': 'application/json' }, payload: '{"outline":{"title":"Grace \\ud800 abounds"}}' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().field, 'body/outline/title');
    assert.match(res.json().detail, /unpaired UTF-16 surrogate/);
  });

  it('5,000-deep nesting', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/demo/outline', headers: { 'content-type': 'application/json' }, payload: nested(5000) });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().detail, /nested too deeply/);
  });

  it('a NUL character in the query string', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/demo/list?cursor=a%00b' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().field, 'querystring/cursor');
    assert.equal(reached.length, 0);
  });

  it('ordinary text, emoji (paired surrogates) and modest nesting pass', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/demo/outline', payload: { outline: { title: 'Grace 🙏 abounds', points: [{ sub: [{ text: 'é' }] }] } } });
    assert.equal(res.statusCode, 200);
    assert.equal(findUnstorableText(JSON.parse(nested(31))), null);
    assert.deepEqual(findUnstorableText(JSON.parse(nested(33)))?.reason, 'depth');
  });
});
