// Every route says what it answers: a response schema for its success status, so Fastify
// serialises only the declared fields and the OpenAPI document (and the schema fuzzer) knows the
// shape. createHttpApp records each route as it is registered; each service's basics test
// (testing/service-basics.ts) fails on any route that declares none.
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Why the route needs no response schema, when it needs none. */
  exempt?: string;
  declaresResponse: boolean;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** A success (2xx/3xx), `2XX`-style range or `default` entry in `schema.response`. */
export function declaresSuccessResponse(schema: RouteOptions['schema']): boolean {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return false;
  return Object.keys(response).some((status) => /^[23](\d\d|xx)$/i.test(status) || status.toLowerCase() === 'default');
}

/** Records every route registered on `app` and its plugins from now on. */
export function recordRouteSchemas(app: FastifyInstance, docsPrefix: string): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url ?? route.path ?? '';
    // The docs UI is @fastify/swagger-ui's own HTML and assets; a WebSocket route answers 101 and
    // then speaks its own protocol (websocket/live.protocol.ts), not an HTTP body.
    const exempt = url === docsPrefix || url.startsWith(`${docsPrefix}/`) ? 'the OpenAPI docs UI' : (route as { websocket?: boolean }).websocket === true ? 'a WebSocket upgrade' : undefined;
    for (const method of methods) routes.push({ method, url, declaresResponse: declaresSuccessResponse(route.schema), ...(exempt ? { exempt } : {}) });
  });
}

/** The routes of an app made by createHttpApp, as registered. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes = registered.get(app);
  if (!routes) throw new Error('registeredRoutes: this app was not made by createHttpApp');
  return routes;
}

/** `METHOD /url` of each route that declares no success response schema and is not exempt. */
export function routesWithoutResponseSchema(app: FastifyInstance): string[] {
  return registeredRoutes(app).filter((route) => !route.declaresResponse && !route.exempt).map((route) => `${route.method} ${route.url}`);
}
