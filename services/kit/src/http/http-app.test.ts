import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it, beforeAll, afterAll, jest } from '@jest/globals';
import { Type } from 'typebox';
import { AppError, ErrorCode } from '../errors/app-error.ts';
import { createHttpApp } from './http-app.ts';
import { registeredRoutes, routesWithoutResponseSchema } from './response-schemas.ts';
import type { ServiceInstance } from './http-app.ts';
import { currentRequestContext } from './request-context.ts';

const lines: string[] = [];
const logStream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
let app: ServiceInstance;
let readyState = true;

beforeAll(async () => {
  app = await createHttpApp({
    service: 'demo',
    logStream,
    readiness: [
      { name: 'postgres', check: async () => {} },
      { name: 'kafka', check: async () => { if (!readyState) throw new Error('broker down'); } },
    ],
    consumerProgress: () => [{ group: 'demo.sermons', topics: ['sermons.events'], state: 'stalled', idleSeconds: 75, handled: 12, replaced: 1 }],
  });
  app.post('/api/demo/things', {
    schema: {
      body: Type.Object({ email: Type.String({ format: 'email' }), password: Type.String({ minLength: 8 }) }),
      response: { 201: Type.Object({ id: Type.String(), requestId: Type.String() }) },
    },
  }, async (request, reply) => {
    request.log.info({ body: request.body, headers: request.headers }, 'creating');
    return reply.code(201).send({ id: request.body.email, requestId: currentRequestContext()?.requestId ?? 'none' });
  });
  app.get('/api/demo/missing', async () => { throw AppError.notFound('Sermon not found'); });
  app.get('/api/demo/boom', async () => { throw new Error('connection to 10.0.0.5 refused: password=hunter2'); });
  app.get('/api/demo/db-restarting', async () => { throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }); });
  app.get('/api/demo/db-refused', async () => { throw new AggregateError([Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:5432'), { code: 'ECONNREFUSED' })], 'connect failed'); });
  app.get('/api/demo/db-lost', async () => { throw new Error('x', { cause: new Error('Connection terminated unexpectedly') }); });
  app.get('/api/demo/down', async () => { throw new AppError(ErrorCode.DEPENDENCY_UNAVAILABLE, { detail: 'kafka at 10.0.0.7 down' }); });
  await app.ready();
});
afterAll(() => app.close());

describe('HTTP conventions', () => {
  it('answers healthz under the service prefix', async () => {
    const res = await app.inject({ url: '/api/demo/healthz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  it('reports ready only when every check passes', async () => {
    assert.equal((await app.inject({ url: '/api/demo/readyz' })).statusCode, 200);
    readyState = false;
    const res = await app.inject({ url: '/api/demo/readyz' });
    readyState = true;
    assert.equal(res.statusCode, 503);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.json().checks.kafka, 'broker down');
    assert.equal(res.json().checks.postgres, 'ok');
  });

  it('reports the event consumers\' progress beside the checks, without deciding readiness by it', async () => {
    const stalled = { group: 'demo.sermons', topics: ['sermons.events'], state: 'stalled', idleSeconds: 75, handled: 12, replaced: 1 };
    const ready = await app.inject({ url: '/api/demo/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json().consumers, [stalled]);
    readyState = false;
    const notReady = await app.inject({ url: '/api/demo/readyz' });
    readyState = true;
    assert.deepEqual(notReady.json().consumers, [stalled]);
  });

  it('accepts an incoming x-request-id, echoes it and exposes it to the handler', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/demo/things', headers: { 'x-request-id': 'edge-42', authorization: 'Bearer s3cr3t-token' }, payload: { email: 'a@b.co', password: 'correct horse' } });
    assert.equal(res.statusCode, 201);
    assert.equal(res.headers['x-request-id'], 'edge-42');
    assert.equal(res.json().requestId, 'edge-42');
  });

  it('makes a request id when none (or a hostile one) is sent', async () => {
    const res = await app.inject({ url: '/api/demo/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('logs JSON with the request id and redacts secrets', () => {
    const logged = lines.join('');
    assert.match(logged, /"requestId":"edge-42"/);
    assert.doesNotMatch(logged, /s3cr3t-token/);
    assert.doesNotMatch(logged, /correct horse/);
    assert.match(logged, /\[redacted\]/);
  });

  it('turns a schema failure into 400 problem+json naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/demo/things', payload: { email: 'not-an-email', password: 'long enough' } });
    assert.equal(res.statusCode, 400);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    const body = res.json();
    assert.equal(body.code, 'VALIDATION_FAILED');
    assert.equal(body.status, 400);
    assert.equal(body.type, '/problems/validation-failed');
    assert.equal(body.instance, '/api/demo/things');
    assert.equal(body.errors[0].field, 'body/email');
    assert.match(body.detail, /body\/email/);
    assert.equal(body.requestId, res.headers['x-request-id']);
  });

  it('names a missing required field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/demo/things', payload: { email: 'a@b.co' } });
    assert.equal(res.json().errors[0].field, 'body/password');
  });

  it('rejects malformed JSON with 400 problem+json', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/demo/things', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'BAD_REQUEST');
  });

  it('maps AppError codes to their status and detail', async () => {
    const res = await app.inject({ url: '/api/demo/missing' });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'NOT_FOUND');
    assert.equal(res.json().detail, 'Sermon not found');
  });

  it('never leaks internals in a 5xx', async () => {
    for (const url of ['/api/demo/boom', '/api/demo/down']) {
      const res = await app.inject({ url });
      assert.ok(res.statusCode >= 500);
      assert.doesNotMatch(res.body, /10\.0\.0|hunter2|kafka at/);
      assert.equal(res.json().detail, undefined);
    }
  });

  it('answers 503 with a clear message and Retry-After while the database is away (a restart), never 500', async () => {
    for (const url of ['/api/demo/db-restarting', '/api/demo/db-refused', '/api/demo/db-lost']) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 503, url);
      assert.equal(res.json().code, 'DEPENDENCY_UNAVAILABLE');
      assert.equal(res.json().detail, 'The service cannot reach its database right now. Please try again in a few seconds.');
      assert.equal(res.headers['retry-after'], '5');
      assert.doesNotMatch(res.body, /10\.0\.0|administrator|ECONNREFUSED/);
    }
    assert.equal((await app.inject({ url: '/api/demo/boom' })).statusCode, 500, 'other errors stay 500');
  });

  it('answers an unknown route with 404 problem+json', async () => {
    const res = await app.inject({ url: '/api/demo/nope?x=1' });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'ROUTE_NOT_FOUND');
    assert.equal(res.json().detail, 'No route for GET /api/demo/nope');
  });

  it('publishes OpenAPI generated from the route schemas, and the docs UI', async () => {
    const spec = (await app.inject({ url: '/api/demo/openapi.json' })).json();
    assert.equal(spec.openapi, '3.1.0');
    assert.ok(spec.paths['/api/demo/things'].post.requestBody);
    assert.ok(spec.paths['/api/demo/healthz']);
    const docs = await app.inject({ url: '/api/demo/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /swagger/i);
  });
});

describe('response schemas on every route', () => {
  it('lists each route registered without a success response schema, in plugins too, and exempts only the docs UI and WebSocket upgrades', async () => {
    const demo = await createHttpApp({ service: 'schemas', logStream });
    demo.get('/api/schemas/declared', { schema: { response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({ ok: true }));
    demo.delete('/api/schemas/gone', { schema: { response: { 204: Type.Null() } } }, async (_request, reply) => reply.code(204).send(null));
    demo.get('/api/schemas/ranged', { schema: { response: { '2xx': Type.Object({ ok: Type.Boolean() }) } } }, async () => ({ ok: true }));
    demo.get('/api/schemas/bare', async () => ({ ok: true }));
    demo.post('/api/schemas/errors-only', { schema: { response: { 400: Type.Object({ message: Type.String() }) } } }, async () => ({ message: 'refused' }));
    await demo.register(async (plugin) => {
      plugin.put('/hidden', { schema: { hide: true } }, async () => ({ ok: true }));
    }, { prefix: '/api/schemas/plugin' });
    await demo.ready();
    try {
      assert.deepEqual(routesWithoutResponseSchema(demo).sort(), [
        'GET /api/schemas/bare',
        'HEAD /api/schemas/bare',
        'POST /api/schemas/errors-only',
        'PUT /api/schemas/plugin/hidden',
      ]);
      // The kit's own routes declare theirs (health, readiness, the OpenAPI document); the docs UI is exempt.
      const kit = registeredRoutes(demo).filter((route) => /\/(healthz|readyz|openapi\.json)$/.test(route.url));
      assert.equal(kit.length, 6, JSON.stringify(kit));
      assert.ok(kit.every((route) => route.declaresResponse));
      assert.ok(registeredRoutes(demo).some((route) => route.url.startsWith('/api/schemas/docs') && route.exempt === 'the OpenAPI docs UI'));
    } finally {
      await demo.close();
    }
  });
});

describe('validation', () => {
  it('compiles a list of types without a strict-mode warning and leaves a value of a listed type alone', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const unionApp = await createHttpApp({ service: 'union', logStream });
    try {
      unionApp.post('/api/union/values', {
        schema: { body: Type.Object({ value: Type.Unsafe<string | number>({ type: ['string', 'number'] }) }) },
      }, async (request) => ({ type: typeof request.body.value }));
      await unionApp.ready();
      const res = await unionApp.inject({ method: 'POST', url: '/api/union/values', payload: { value: 7 } });
      assert.deepEqual(res.json(), { type: 'number' });
      assert.deepEqual(warn.mock.calls.map((call) => String(call[0])).filter((message) => message.includes('strict mode')), []);
    } finally {
      warn.mockRestore();
      await unionApp.close();
    }
  });
});
