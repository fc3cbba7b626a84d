import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import { buildApp, edgeLogRedaction } from '../src/app.ts';
import { loadEdgeConfig } from '../src/edge.config.ts';
import { apiPathVerdict, normalisedPath } from '../src/path.guard.ts';
import { Writable } from 'node:stream';
import { patience } from '@lectern/local-stack/test-time';

const work = mkdtempSync(join(tmpdir(), 'lectern-edge-'));
const shellDir = join(work, 'shell');
const marketingDir = join(work, 'marketing');
const emptyStaffDir = join(work, 'staff-empty');
let upstream: FastifyInstance;
let edge: FastifyInstance;
let edgeUrl = '';
let closedPort = 0;
const logLines: string[] = [];
const logStream = new Writable({ write(chunk, _encoding, callback) { logLines.push(String(chunk)); callback(); } });

beforeAll(async () => {
  mkdirSync(shellDir);
  mkdirSync(marketingDir);
  mkdirSync(emptyStaffDir);
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>Lectern</title><div id="lectern-frame"></div>');
  writeFileSync(join(shellDir, 'main.0123abcd.js'), 'console.log("shell")');
  writeFileSync(join(marketingDir, 'mf-manifest.json'), JSON.stringify({ name: 'marketing' }));
  writeFileSync(join(marketingDir, 'remoteEntry.js'), 'var marketing;');
  writeFileSync(join(marketingDir, '465.89abcdef.js'), 'chunk');

  upstream = Fastify();
  upstream.get('/api/sermons/whois', async (request) => ({ forwardedFor: request.headers['x-forwarded-for'] ?? null }));
  upstream.post('/api/comms/smtp_webhook/*', async (request) => ({ url: request.url, signature: request.headers['x-twilio-email-event-webhook-signature'] ?? null, body: request.body ?? null }));
  upstream.all('/api/sermons/*', async (request) => ({ method: request.method, url: request.url, body: request.body ?? null }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const wss = new WebSocketServer({ server: upstream.server, handleProtocols: (protocols) => (protocols.has('lectern.live.v1') ? 'lectern.live.v1' : false) });
  wss.on('connection', (socket, request) => {
    socket.on('message', (data) => {
      if (String(data) === 'whoami') socket.send(JSON.stringify({ authorization: request.headers.authorization ?? null, protocol: socket.protocol }));
      else socket.send(`${request.url} echoed ${String(data)}`);
    });
  });

  // A port that nothing listens on: bind, note it, close.
  const probe = Fastify();
  await probe.listen({ port: 0, host: '127.0.0.1' });
  closedPort = (probe.server.address() as AddressInfo).port;
  await probe.close();

  const config = loadEdgeConfig({
    EDGE_SHELL_DIR: shellDir,
    EDGE_MFE_MARKETING_DIR: marketingDir,
    EDGE_MFE_STAFF_DIR: emptyStaffDir,
    SERMONS_URL: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`,
    IDENTITY_URL: `http://127.0.0.1:${closedPort}`,
    COMMS_URL: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`,
  });
  edge = await buildApp(config, { logger: { level: 'info', stream: logStream, ...edgeLogRedaction } });
  await edge.listen({ port: 0, host: '127.0.0.1' });
  edgeUrl = `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await edge?.close();
  await upstream?.close();
  rmSync(work, { recursive: true, force: true });
});

test('serves the shell at / and must always revalidate index.html', async () => {
  const response = await fetch(`${edgeUrl}/`);
  assert.equal(response.status, 200);
  assert.match(await response.text(), /lectern-frame/);
  assert.equal(response.headers.get('cache-control'), 'no-cache');
});

test('client-side routes fall back to the shell index.html', async () => {
  for (const path of ['/dashboard', '/member/sermons/42', '/no/such/page']) {
    const response = await fetch(`${edgeUrl}${path}`);
    assert.equal(response.status, 200, path);
    assert.match(await response.text(), /lectern-frame/, path);
  }
});

test('content-hashed assets are cached for a year; a missing asset is a 404, not the index page', async () => {
  const asset = await fetch(`${edgeUrl}/main.0123abcd.js`);
  assert.equal(asset.status, 200);
  assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const missing = await fetch(`${edgeUrl}/main.ffffffff.js`);
  assert.equal(missing.status, 404);
  assert.match(missing.headers.get('content-type') ?? '', /application\/problem\+json/);
});

test('remote manifests and entries are never cached; remote chunks are', async () => {
  const manifest = await fetch(`${edgeUrl}/mfe/marketing/mf-manifest.json`);
  assert.equal(manifest.status, 200);
  assert.deepEqual(await manifest.json(), { name: 'marketing' });
  assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  const entry = await fetch(`${edgeUrl}/mfe/marketing/remoteEntry.js`);
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  const chunk = await fetch(`${edgeUrl}/mfe/marketing/465.89abcdef.js`);
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('a remote with an empty build directory answers 404 (the shell then shows its error panel)', async () => {
  const response = await fetch(`${edgeUrl}/mfe/staff/mf-manifest.json`);
  assert.equal(response.status, 404);
  assert.doesNotMatch(await response.text(), /lectern-frame/);
});

test('internal service-to-service routes are not reachable through the edge', async () => {
  for (const path of ['/api/sermons/internal/sermons/1/progress', '/api/sermons/internal', '/api/sermons/internal?x=1']) {
    const response = await fetch(`${edgeUrl}${path}`, { method: 'POST' });
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/);
  }
  const ordinary = await fetch(`${edgeUrl}/api/sermons/internalities`);
  assert.equal(ordinary.status, 200);
});

test("SendGrid's event webhook at {origin}/smtp_webhook/{userId}/sendgrid reaches comms with its signature header", async () => {
  const response = await fetch(`${edgeUrl}/smtp_webhook/u-1/sendgrid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-twilio-email-event-webhook-signature': 'sig' },
    body: '[{"event":"delivered"}]',
  });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { url: '/api/comms/smtp_webhook/u-1/sendgrid', signature: 'sig', body: [{ event: 'delivered' }] });
});

test('services are told the client address, never one the client made up', async () => {
  const response = await fetch(`${edgeUrl}/api/sermons/whois`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { forwardedFor: '127.0.0.1' });
});

test('API calls are proxied to the service with path, query and body unchanged', async () => {
  const get = await fetch(`${edgeUrl}/api/sermons/sermons/abc?limit=5`);
  assert.equal(get.status, 200);
  assert.deepEqual(await get.json(), { method: 'GET', url: '/api/sermons/sermons/abc?limit=5', body: null });
  const post = await fetch(`${edgeUrl}/api/sermons/sermons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Grace' }),
  });
  assert.deepEqual(await post.json(), { method: 'POST', url: '/api/sermons/sermons', body: { title: 'Grace' } });
});

test('WebSocket upgrades are proxied to the service', async () => {
  const socket = new WebSocket(`${edgeUrl.replace('http', 'ws')}/api/sermons/live?sermon=1`);
  const reply = await new Promise<string>((resolve, reject) => {
    socket.once('open', () => socket.send('hello'));
    socket.once('message', (data) => resolve(String(data)));
    socket.once('error', reject);
    setTimeout(() => reject(new Error(`no WebSocket reply within ${patience(5000)} ms`)), patience(5000)).unref();
  });
  socket.close();
  assert.equal(reply, '/api/sermons/live?sermon=1 echoed hello');
});

test('a service that is down answers 502 problem+json naming it', async () => {
  const response = await fetch(`${edgeUrl}/api/identity/healthz`);
  assert.equal(response.status, 502);
  assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/);
  const body = (await response.json()) as { title: string; status: number };
  assert.equal(body.status, 502);
  assert.equal(body.title, 'The identity service is unavailable');
});

test('bad configuration stops start-up with a message naming the variable', () => {
  assert.throws(() => loadEdgeConfig({ PORT: 'eighty' }), /PORT must be a port number/);
  assert.throws(() => loadEdgeConfig({ BILLING_URL: 'ftp://x' }), /BILLING_URL must be an http\(s\) URL/);
});

test('internal routes stay blocked however the path is spelled (percent-encoding, dot segments, case)', async () => {
  const variants = [
    '/api/sermons/%69nternal/sermons/1/progress',
    '/api/sermons/%49NTERNAL/sermons/1/progress',
    '/api/sermons/./internal/sermons/1/progress',
    '/api/sermons/%2e/internal/sermons/1/progress',
    '/api/sermons/%2E/internal/sermons/1/progress',
    '/api/sermons/x/../internal/sermons/1/progress',
    '/api/sermons/x/%2e%2e/internal/sermons/1/progress',
    '/api/sermons//internal/sermons/1/progress',
    '/api/sermons/%252e/internal/sermons/1/progress',
    '/api/sermons/internal%2fsermons/1/progress',
    '/api/sermons%2finternal/sermons/1/progress',
    '/api/%73ermons/internal/sermons/1/progress',
  ];
  for (const path of variants) {
    const response = await rawRequest('POST', path);
    assert.ok(response.status === 404 || response.status === 400, `${path} answered ${response.status}`);
    assert.doesNotMatch(response.body, /"method":"POST"/, `${path} reached the service`);
  }
  assert.equal(normalisedPath('/api/sermons/%2e/%69nternal/x'), '/api/sermons/internal/x');
  assert.equal(apiPathVerdict('/api/sermons/%2e/internal'), 'internal');
  assert.equal(apiPathVerdict('/api/sermons/%zz'), 'undecodable');
  assert.equal(apiPathVerdict('/api/sermons/a/../b'), 'dot-segment');
  assert.equal(apiPathVerdict('/api/sermons/internalities'), 'ok');
});

test('a path with dot segments is refused with 400 rather than resolved by the proxy', async () => {
  const response = await rawRequest('GET', '/api/sermons/x/../sermons');
  assert.equal(response.status, 400);
});

test('the documented bearer.<token> WebSocket login reaches the service as a bearer token; the token is never echoed', async () => {
  const socket = new WebSocket(`${edgeUrl.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', 'bearer.header.payload.signature']);
  const reply = await new Promise<string>((resolve, reject) => {
    socket.once('open', () => socket.send('whoami'));
    socket.once('message', (data) => resolve(String(data)));
    socket.once('error', reject);
    setTimeout(() => reject(new Error(`no WebSocket reply within ${patience(5000)} ms`)), patience(5000)).unref();
  });
  assert.equal(socket.protocol, 'lectern.live.v1');
  socket.close();
  assert.deepEqual(JSON.parse(reply), { authorization: 'Bearer header.payload.signature', protocol: 'lectern.live.v1' });
});

test('credentials in URLs (sign-in token, waitlist token, invite ids, upload tokens, signed storage URLs) never reach the edge log', async () => {
  logLines.length = 0;
  await fetch(`${edgeUrl}/confirmed?token=SIGNIN-SECRET-1&next=/dashboard`);
  await fetch(`${edgeUrl}/signup?invite=INVITE-SECRET-2`);
  await fetch(`${edgeUrl}/api/sermons/invites/INVITE-SECRET-3`);
  await fetch(`${edgeUrl}/api/sermons/uploads/1?expires=1&token=UPLOAD-SECRET-4`);
  await fetch(`${edgeUrl}/api/sermons/storage/sermons-raw/a.mp3?X-Amz-Signature=SIG-SECRET-5&X-Amz-Credential=CRED-SECRET-6`);
  // the waitlist e-mail's link (the page) and the page's call to identity
  await fetch(`${edgeUrl}/waitlist/confirm?token=WAITLIST-SECRET-7`);
  await fetch(`${edgeUrl}/api/identity/waitlist/confirm?token=WAITLIST-SECRET-8`);
  const log = logLines.join('');
  assert.match(log, /\/waitlist\/confirm\?token=\[redacted\]/);
  assert.match(log, /\/confirmed\?token=\[redacted\]&next=\/dashboard/);
  assert.match(log, /\/api\/sermons\/invites\/\[redacted\]/);
  for (const secret of ['SIGNIN-SECRET-1', 'INVITE-SECRET-2', 'INVITE-SECRET-3', 'UPLOAD-SECRET-4', 'SIG-SECRET-5', 'CRED-SECRET-6', 'WAITLIST-SECRET-7', 'WAITLIST-SECRET-8']) {
    assert.doesNotMatch(log, new RegExp(secret), `${secret} was logged`);
  }
});

test('several instances of a service (comma-separated URL): requests and WebSocket connections go to each in turn', async () => {
  // Two instances that say who they are, over HTTP and over the live socket.
  const instances = await Promise.all(['a', 'b'].map(async (name) => {
    const server = Fastify();
    server.get('/api/identity/who', async () => ({ instance: name }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const wss = new WebSocketServer({ server: server.server, handleProtocols: () => 'lectern.live.v1' });
    wss.on('connection', (socket) => socket.send(name));
    return { server, url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
  }));
  const config = loadEdgeConfig({ EDGE_SHELL_DIR: shellDir, IDENTITY_URL: instances.map((i) => i.url).join(', ') });
  assert.deepEqual(config.instances.identity, instances.map((i) => i.url));
  const twoEdge = await buildApp(config, { logger: false });
  await twoEdge.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(twoEdge.server.address() as AddressInfo).port}`;
  try {
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) answers.push(((await (await fetch(`${base}/api/identity/who`)).json()) as { instance: string }).instance);
    assert.deepEqual(answers, ['a', 'b', 'a', 'b']);
    const greetings: string[] = [];
    for (let i = 0; i < 2; i++) {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/identity/live`, ['lectern.live.v1']);
      greetings.push(await new Promise<string>((resolve, reject) => {
        socket.once('message', (data) => resolve(String(data)));
        socket.once('error', reject);
      }));
      socket.close();
    }
    assert.deepEqual([...greetings].sort(), ['a', 'b']);
  } finally {
    await twoEdge.close();
    await Promise.all(instances.map((i) => i.server.close()));
  }
  assert.throws(() => loadEdgeConfig({ SERMONS_URL: 'http://127.0.0.1:1,ftp://x' }), /SERMONS_URL must be an http\(s\) URL/);
});

/** fetch() resolves dot segments itself; a raw request sends the path as written. */
function rawRequest(method: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(edgeUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, method, path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
