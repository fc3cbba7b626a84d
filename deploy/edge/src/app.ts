// The one origin: shell at `/`, remotes at `/mfe/<name>/`, services at `/api/<service>/`.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { cacheControlFor } from './cache.policy.ts';
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

export async function buildApp(config: EdgeConfig, options: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // The proxy streams bodies untouched; the edge itself parses none.
    bodyLimit: 1024 * 1024,
  });

  // Service-to-service routes (`/api/<service>/internal/…`) are never reachable from the browser.
  app.addHook('onRequest', async (request, reply) => {
    if (/^\/api\/[a-z]+\/internal(\/|\?|$)/.test(request.url)) {
      return problem(reply, 404, 'Not found', `Nothing is served at ${request.url.split('?')[0]}.`);
    }
  });

  for (const service of SERVICES) {
    const prefix = `/api/${service}`;
    const upstream = config.services[service];
    await app.register(httpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      websocket: true,
      replyOptions: {
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
