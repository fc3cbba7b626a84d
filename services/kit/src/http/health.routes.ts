// Liveness answers as long as the process serves HTTP; readiness asks each dependency for real.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorCode } from '../errors/app-error.ts';
import { problemFor, sendProblem } from '../errors/problem.ts';
import type { ConsumerProgress } from '../events/event-consumer.ts';

export interface ReadinessCheck {
  name: string;
  /** resolves when the dependency answers; rejects (or times out) otherwise */
  check: (signal: AbortSignal) => Promise<void>;
}

export interface HealthOptions {
  checks: ReadinessCheck[];
  timeoutMs?: number;
  /**
   * The event consumers' progress, reported beside the checks but not deciding readiness: readiness
   * routes HTTP traffic, which a consumer does not serve, and a stalled consumer replaces itself
   * (ADR 0032). Read on each request: the consumers are made after the HTTP app.
   */
  consumers?: () => ConsumerProgress[];
}

const ConsumerProgressSchema = Type.Object({
  group: Type.String(),
  topics: Type.Array(Type.String()),
  state: Type.Union([Type.Literal('starting'), Type.Literal('consuming'), Type.Literal('stalled'), Type.Literal('stopped')]),
  idleSeconds: Type.Union([Type.Integer(), Type.Null()]),
  handled: Type.Integer(),
  replaced: Type.Integer(),
});

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    await Promise.race([check.check(controller.signal), timeout]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(options: HealthOptions) {
  return async function health(app: FastifyInstance): Promise<void> {
    app.get('/healthz', {
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
      logLevel: 'warn',
    }, async () => ({ status: 'ok' as const }));

    app.get('/readyz', {
      schema: {
        tags: ['health'],
        summary: 'Readiness: Postgres and Kafka answer; the event consumers\' progress is reported beside them',
        response: { 200: Type.Object({ status: Type.Literal('ready'), checks: Type.Record(Type.String(), Type.String()), consumers: Type.Array(ConsumerProgressSchema) }) },
      },
      logLevel: 'warn',
    }, async (request, reply) => {
      const results = await Promise.all(options.checks.map(async (c) => [c.name, await runCheck(c, options.timeoutMs ?? 2000)] as const));
      const checks = Object.fromEntries(results);
      const consumers = options.consumers?.() ?? [];
      const failing = results.filter(([, r]) => r !== 'ok');
      if (failing.length === 0) return { status: 'ready' as const, checks, consumers };
      request.log.warn({ checks }, 'not ready');
      return sendProblem(reply, problemFor(request, ErrorCode.DEPENDENCY_UNAVAILABLE, `Not ready: ${failing.map(([n]) => n).join(', ')} unavailable`, { checks, consumers }));
    });
  };
}
