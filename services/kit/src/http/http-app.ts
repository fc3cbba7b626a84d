// The HTTP half of a service: Fastify with typed schemas, logging, request ids, problem+json
// errors, OpenAPI and health routes, all under `/api/<service>`. createServiceApp adds data and
// events on top; this half needs no infrastructure, so it is unit-testable on its own.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { DestinationStream } from 'pino';
import { PROBLEM_CONTENT_TYPE, registerProblemHandlers, sendProblem, toProblem } from '../errors/problem.ts';
import { registerBodyGuard } from './body.guard.ts';
import { healthRoutes } from './health.routes.ts';
import type { ReadinessCheck } from './health.routes.ts';
import type { ConsumerProgress } from '../events/event-consumer.ts';
import { loggerOptions } from './logger.ts';
import { recordRouteSchemas } from './response-schemas.ts';
import { genReqId, registerRequestContext } from './request-context.ts';

export type ServiceInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface HttpAppOptions {
  /** service name: `identity`, `sermons`, … — routes live under `/api/<service>` */
  service: string;
  version?: string;
  description?: string;
  logLevel?: string;
  /** where log lines go (tests capture them); default stdout */
  logStream?: DestinationStream;
  /** force pretty logs on/off; default: pretty only when stdout is a TTY */
  prettyLogs?: boolean;
  readiness?: ReadinessCheck[];
  /** the event consumers' progress, reported by readyz beside the readiness checks */
  consumerProgress?: () => ConsumerProgress[];
  /** origin shown in the OpenAPI `servers` list */
  publicOrigin?: string;
}

export function apiPrefix(service: string): string {
  return `/api/${service}`;
}

export async function createHttpApp(options: HttpAppOptions): Promise<ServiceInstance> {
  const prefix = apiPrefix(options.service);
  const logger = loggerOptions(options.logLevel ?? 'info', options.service, options.logStream ? false : options.prettyLogs);
  const app = Fastify({
    logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
    genReqId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Errors the router raises before any handler (a path parameter over its length, a bad
    // URL encoding) answer as problems too, not in Fastify's own JSON shape.
    frameworkErrors: (error, request, reply) => sendProblem(reply, toProblem(request, error)),
    // allowUnionTypes: a list of types ({ type: ['string', 'number'] }) is how a value of any listed
    // type passes coercion unchanged (anyOf would coerce it to its first branch's type).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allowUnionTypes: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  recordRouteSchemas(app, `${prefix}/docs`);
  registerRequestContext(app);
  registerProblemHandlers(app);
  registerBodyGuard(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `Lectern ${options.service} API`, version: options.version ?? '0.1.0', ...(options.description ? { description: options.description } : {}) },
      servers: [{ url: options.publicOrigin ?? '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url }) => ({ schema: documentedSchema(schema as Record<string, unknown> | undefined) as typeof schema, url }),
  });
  await app.register(swaggerUi, { routePrefix: `${prefix}/docs`, staticCSP: true });
  app.get(`${prefix}/openapi.json`, {
    schema: { hide: true, response: { 200: { type: 'object', description: 'This OpenAPI 3.1 document', additionalProperties: true } } },
  }, async () => app.swagger() as unknown as Record<string, unknown>);
  await app.register(healthRoutes({ checks: options.readiness ?? [], ...(options.consumerProgress ? { consumers: options.consumerProgress } : {}) }), { prefix });
  return app;
}

const ProblemResponseSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    code: { type: 'string' },
    instance: { type: 'string' },
    requestId: { type: 'string' },
  },
  additionalProperties: true,
} as const;

/**
 * The OpenAPI document of a route: every route may also answer with an RFC 9457 problem
 * (validation, auth, not found, rate limits, a dependency down), so clients and the schema fuzzer
 * know that shape; a route that declares no success response says only that it succeeds. This
 * changes the document only, never validation or serialization.
 */
function documentedSchema(schema: Record<string, unknown> = {}): Record<string, unknown> {
  if (schema.hide) return schema;
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  const declared = Object.keys(response).map((key) => key.toUpperCase());
  if (!declared.some((key) => key.startsWith('2') || key === 'DEFAULT')) response['2XX'] = { description: 'Success' };
  for (const [range, description] of [['4XX', 'The request was refused (problem details)'], ['5XX', 'The service failed or a dependency is unavailable (problem details)']] as const) {
    if (!declared.includes(range)) response[range] = { description, content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemResponseSchema } } };
  }
  return { ...schema, response };
}
