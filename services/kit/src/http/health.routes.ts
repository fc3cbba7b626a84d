// Liveness answers as long as the process serves HTTP; readiness asks each dependency for real.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorCode } from '../errors/app-error.ts';
import { problemFor, sendProblem } from '../errors/problem.ts';

export interface ReadinessCheck {
  name: string;
  /** resolves when the dependency answers; rejects (or times out) otherwise */
  check: (signal: AbortSignal) => Promise<void>;
}

export interface HealthOptions {
  checks: ReadinessCheck[];
  timeoutMs?: number;
}

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
      schema: { tags: ['health'], summary: 'Readiness: Postgres and Kafka answer', response: { 200: Type.Object({ status: Type.Literal('ready'), checks: Type.Record(Type.String(), Type.String()) }) } },
      logLevel: 'warn',
    }, async (request, reply) => {
      const results = await Promise.all(options.checks.map(async (c) => [c.name, await runCheck(c, options.timeoutMs ?? 2000)] as const));
      const checks = Object.fromEntries(results);
      const failing = results.filter(([, r]) => r !== 'ok');
      if (failing.length === 0) return { status: 'ready' as const, checks };
      request.log.warn({ checks }, 'not ready');
      return sendProblem(reply, problemFor(request, ErrorCode.DEPENDENCY_UNAVAILABLE, `Not ready: ${failing.map(([n]) => n).join(', ')} unavailable`, { checks }));
    });
  };
}
