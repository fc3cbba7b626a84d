/// <reference types="node" />
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../src/api/api.client.ts';
import { ApiError } from '../src/api/api.error.ts';

const seen: { authorization?: string; body?: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    seen.push({ authorization: req.headers.authorization, body });
    if (req.url === '/api/sermons/missing') {
      res.writeHead(404, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'https://lectern.app/problems/not-found', title: 'Sermon not found', status: 404, code: 'SERMON_NOT_FOUND', detail: 'No sermon abc' }));
    } else if (req.url === '/api/plain-failure') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>bad gateway</h1>');
    } else if (req.url === '/api/needs-fresh-token') {
      const ok = req.headers.authorization === 'Bearer fresh';
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { ok: true } : { title: 'Unauthorized', status: 401 }));
    } else if (req.url === '/api/database-away') {
      res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '5' });
      res.end(JSON.stringify({ title: 'Service temporarily unavailable', status: 503, detail: 'The service cannot reach its database right now. Please try again in a few seconds.' }));
    } else if (req.url === '/api/empty') {
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echo: body ? JSON.parse(body) : null }));
    }
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

test('sends the session bearer token and JSON bodies, parses JSON replies', async () => {
  const client = createApiClient({ baseUrl, getAccessToken: () => 'token-1' });
  const reply = await client.post<{ echo: unknown }>('/api/echo', { title: 'Grace' });
  assert.deepEqual(reply, { echo: { title: 'Grace' } });
  assert.equal(seen.at(-1)?.authorization, 'Bearer token-1');
});

test('turns problem+json into an ApiError carrying title, status, code and detail', async () => {
  const client = createApiClient({ baseUrl });
  const error = await client.get('/api/sermons/missing').catch((e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 404);
  assert.equal(error.title, 'Sermon not found');
  assert.equal(error.code, 'SERMON_NOT_FOUND');
  assert.equal(error.detail, 'No sermon abc');
  assert.equal(error.type, 'https://lectern.app/problems/not-found');
  assert.equal(seen.at(-1)?.authorization, undefined);
});

test('a non-JSON failure still becomes an ApiError named by its status', async () => {
  const error = await createApiClient({ baseUrl }).get('/api/plain-failure').catch((e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 502);
  assert.equal(error.title, 'Something went wrong on our side');
});

test('a 503 carries the Retry-After seconds the server asked for; without the header there are none', async () => {
  const error = await createApiClient({ baseUrl }).post('/api/database-away', {}).catch((e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 503);
  assert.equal(error.retryAfter, 5);
  const other = await createApiClient({ baseUrl }).get('/api/plain-failure').catch((e: unknown) => e);
  assert.ok(other instanceof ApiError);
  assert.equal(other.retryAfter, undefined);
});

test('an unreachable server becomes ApiError status 0', async () => {
  const error = await createApiClient({ baseUrl: 'http://127.0.0.1:1' }).get('/api/x').catch((e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 0);
  assert.match(error.message, /could not reach the server/);
});

test('on 401 it refreshes the token once and retries', async () => {
  let token = 'stale';
  let refreshes = 0;
  const client = createApiClient({
    baseUrl,
    getAccessToken: () => token,
    refreshAccessToken: async () => {
      refreshes += 1;
      token = 'fresh';
      return true;
    },
  });
  assert.deepEqual(await client.get('/api/needs-fresh-token'), { ok: true });
  assert.equal(refreshes, 1);
});

test('204 resolves to undefined', async () => {
  assert.equal(await createApiClient({ baseUrl }).delete('/api/empty'), undefined);
});
