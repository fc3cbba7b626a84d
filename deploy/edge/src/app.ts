// The one origin: shell at `/`, remotes at `/mfe/<name>/`, services at `/api/<service>/`.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { redactedRequestSerializer, redactUrl } from '@lectern/service-kit/redact';
import { cacheControlFor } from './cache.policy.ts';
import { apiPathVerdict } from './path.guard.ts';
import { REMOTES, SERVICES } from './edge.config.ts';
import type { EdgeConfig } from './edge.config.ts';

interface ProblemReply {
  request: { url: string };
  code(status: number): unknown;
  type(contentType: string): unknown;
  header(name: string, value: string): unknown;
  send(payload: unknown): unknown;
}

/** RFC 9457 problem+json, the error shape of every Lectern API. */
function problem(reply: ProblemReply, status: number, title: string, detail: string) {
  reply.code(status);
  reply.type('application/problem+json');
  reply.header('cache-control', 'no-store');
  return reply.send({ type: 'about:blank', title, status, detail, instance: reply.request.url });
}

/** The proxy logs each forwarded path as `source`: it goes through the same redaction. */
export const edgeLogRedaction = {
  serializers: { req: redactedRequestSerializer },
  redact: { paths: ['source'], censor: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value) },
};

const BEARER_PREFIX = 'bearer.';

/** The subprotocol the edge agrees to: the first one that is not a `bearer.<token>` entry. */
export function selectSubprotocol(protocols: Set<string>): string | false {
  for (const protocol of protocols) if (!protocol.startsWith(BEARER_PREFIX)) return protocol;
  return false;
}

function bearerFromSubprotocols(offered: string | string[] | undefined): string | null {
  const list = (Array.isArray(offered) ? offered.join(',') : (offered ?? '')).split(',').map((entry) => entry.trim());
  const entry = list.find((value) => value.startsWith(BEARER_PREFIX) && value.length > BEARER_PREFIX.length);
  return entry ? entry.slice(BEARER_PREFIX.length) : null;
}

export async function buildApp(config: EdgeConfig, options: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Sign-in links, invite ids and upload tokens in URLs never reach the log.
    logger: options.logger ?? { level: config.logLevel, ...edgeLogRedaction },
    trustProxy: config.trustProxy,
    // The proxy streams bodies untouched; the edge itself parses none.
    bodyLimit: 1024 * 1024,
  });

  // Service-to-service routes (`/api/<service>/internal/…`) are never reachable from the browser,
  // however the path is spelled (percent-encoding, dot segments: see path.guard.ts).
  app.addHook('onRequest', async (request, reply) => {
    const verdict = apiPathVerdict(request.url);
    const path = request.url.split('?')[0] ?? '/';
    if (verdict === 'internal') return problem(reply, 404, 'Not found', `Nothing is served at ${path}.`);
    if (verdict === 'undecodable') return problem(reply, 400, 'Bad request', 'The path is not validly percent-encoded.');
    if (verdict === 'dot-segment' && /^\/api\//i.test(path)) return problem(reply, 400, 'Bad request', 'Paths with "." or ".." segments are not served.');
  });

  for (const service of SERVICES) {
    const prefix = `/api/${service}`;
    const upstream = config.services[service];
    const next = roundRobin(config.instances[service]);
    await app.register(httpProxy, {
      // Several instances: no fixed upstream, each request and WebSocket upgrade picks the next one.
      upstream: next ? '' : upstream,
      prefix,
      rewritePrefix: prefix,
      websocket: true,
      // Browsers may log in with the documented `bearer.<token>` subprotocol entry. The edge
      // selects the live subprotocol (never echoing the token) and hands the token on as an
      // Authorization header, since only the selected subprotocol is offered upstream.
      wsServerOptions: { handleProtocols: selectSubprotocol },
      // rewriteRequestHeaders is read by @fastify/http-proxy but missing from its typings.
      wsClientOptions: {
        rewriteRequestHeaders: (headers: Record<string, string>, request: { ip: string; headers: Record<string, string | string[] | undefined> }) => {
          const token = bearerFromSubprotocols(request.headers['sec-websocket-protocol']);
          const cookie = request.headers.cookie;
          return {
            ...headers,
            ...(typeof cookie === 'string' ? { cookie } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            'x-forwarded-for': request.ip,
          };
        },
      } as FastifyHttpProxyOptions['wsClientOptions'],
      replyOptions: {
        ...(next ? { getUpstream: () => next() } : {}),
        // Services see the client's address (identity throttles sign-in per address), never a
        // value the client made up: X-Forwarded-For is replaced, not appended to.
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': request.ip,
          'x-forwarded-proto': request.protocol,
          'x-forwarded-host': request.host,
        }),
        onError: (reply, { error }) => {
          reply.log.warn({ service, upstream, err: error }, 'upstream service unreachable');
          return problem(reply, 502, `The ${service} service is unavailable`, `The edge could not reach the ${service} service. Try again in a moment.`);
        },
      },
    });
  }

  // SendGrid's event webhook is configured as {origin}/smtp_webhook/{userId}/sendgrid (spec 001):
  // the comms service serves it under its own prefix.
  await app.register(httpProxy, {
    upstream: config.services.comms,
    prefix: '/smtp_webhook',
    rewritePrefix: '/api/comms/smtp_webhook',
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({ ...headers, 'x-forwarded-for': request.ip, 'x-forwarded-proto': request.protocol, 'x-forwarded-host': request.host }),
      onError: (reply) => problem(reply, 502, 'The comms service is unavailable', 'The edge could not reach the comms service. Try again in a moment.'),
    },
  });

  const setHeaders = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
    res.setHeader('cache-control', cacheControlFor(filePath));
  };

  for (const remote of REMOTES) {
    const root = config.remoteDirs[remote];
    if (!existsSync(root)) app.log.warn({ remote, root }, 'remote build directory is missing: /mfe/%s/ will answer 404', remote);
    await app.register(fastifyStatic, {
      root,
      prefix: `/mfe/${remote}/`,
      decorateReply: false,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders,
    });
  }

  await app.register(fastifyStatic, {
    root: config.shellDir,
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    cacheControl: false,
    setHeaders,
  });

  const indexHtml = join(config.shellDir, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/mfe/') && extname(path) === '';
    if (isPageRequest) {
      if (!existsSync(indexHtml)) return problem(reply, 503, 'The shell is not built', `No index.html in ${config.shellDir}: build the front ends first.`);
      // Client-side routes: the shell decides what to show, including 'Page Not Found'.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.shellDir);
    }
    return problem(reply, 404, 'Not found', `Nothing is served at ${path}.`);
  });

  return app;
}

/** Undefined for a single instance; otherwise a function giving the instances in turn. */
function roundRobin(instances: string[]): (() => string) | undefined {
  if (instances.length < 2) return undefined;
  let turn = 0;
  return () => instances[turn++ % instances.length]!;
}
