// RFC 9457 problem details: the only place errors become HTTP.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode, errorStatus, errorTitle } from './app-error.ts';
import { isDatabaseUnavailable } from '../data/database.ts';

/** What a caller is told while the database is away (a restart, a fail-over). */
export const DATABASE_UNAVAILABLE_DETAIL = 'The service cannot reach its database right now. Please try again in a few seconds.';
/** Seconds a client should wait before trying again after that 503. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: ErrorCode;
  instance: string;
  requestId: string;
  [extension: string]: unknown;
}

export interface FieldError {
  /** e.g. `body/email`, `querystring/limit` */
  field: string;
  message: string;
}

function problemType(code: ErrorCode): string {
  return `/problems/${code.toLowerCase().replaceAll('_', '-')}`;
}

export function problemFor(request: FastifyRequest, code: ErrorCode, detail: string | undefined, extensions: Record<string, unknown> = {}): Problem {
  return {
    ...extensions,
    type: problemType(code),
    title: errorTitle[code],
    status: errorStatus[code],
    ...(detail === undefined ? {} : { detail }),
    code,
    instance: request.url,
    requestId: request.id,
  };
}

function fieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? []).map((v) => {
    const params = v.params as { missingProperty?: string; additionalProperty?: string } | undefined;
    const child = params?.missingProperty ?? params?.additionalProperty;
    const path = `${v.instancePath ?? ''}${child ? `/${child}` : ''}`;
    return { field: `${context}${path}`, message: v.message ?? 'is invalid' };
  });
}

const fastifyCodes: Record<number, ErrorCode> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.DEPENDENCY_UNAVAILABLE,
};

/** Map any thrown value to a problem; 5xx problems carry no detail from the error. */
export function toProblem(request: FastifyRequest, error: unknown): Problem {
  if (error instanceof AppError) {
    const detail = error.status >= 500 ? undefined : error.detail;
    return problemFor(request, error.code, detail, error.status >= 500 ? {} : error.extensions);
  }
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    const errors = fieldErrors(fastifyError as FastifyError);
    const detail = errors.map((e) => `${e.field} ${e.message}`).join('; ');
    return problemFor(request, ErrorCode.VALIDATION_FAILED, detail, { errors });
  }
  if (isDatabaseUnavailable(error)) return problemFor(request, ErrorCode.DEPENDENCY_UNAVAILABLE, DATABASE_UNAVAILABLE_DETAIL);
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx errors (bad JSON, wrong content type, body too large) are safe to show.
    return { ...problemFor(request, fastifyCodes[status] ?? ErrorCode.BAD_REQUEST, fastifyError.message), status };
  }
  return problemFor(request, status === 503 ? ErrorCode.DEPENDENCY_UNAVAILABLE : ErrorCode.INTERNAL, undefined);
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = toProblem(request, error);
    if (problem.detail === DATABASE_UNAVAILABLE_DETAIL) {
      request.log.warn({ err: error }, 'request refused: database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: problem.code, detail: problem.detail }, 'request rejected');
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problemFor(request, ErrorCode.ROUTE_NOT_FOUND, `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
}
