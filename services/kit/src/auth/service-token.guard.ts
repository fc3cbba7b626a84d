// Service-to-service routes (`/api/<service>/internal/…`) accept one shared bearer token. The
// edge never forwards them; inside the network, guesses are limited: an address that sent too
// many wrong tokens is refused with 429 for a while, even with the right one.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../errors/app-error.ts';

export interface ServiceTokenGuardOptions {
  /** Wrong tokens allowed per address per window (default 10). */
  maxFailures?: number;
  /** Window and lock-out length, ms (default 60 s). */
  windowMs?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  windowStart: number;
}

/**
 * onRequest hook for internal routes. Without a configured token every call is refused. The
 * failure count is per instance: with N replicas an address gets at most N × maxFailures guesses
 * per window, which keeps a 32-byte token out of reach.
 */
export function requireServiceToken(token: string | undefined, options: ServiceTokenGuardOptions = {}) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  const maxFailures = options.maxFailures ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const failures = new Map<string, Failures>();

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const at = now();
    const address = request.ip;
    const seen = failures.get(address);
    if (seen && at - seen.windowStart >= windowMs) failures.delete(address);
    const current = failures.get(address);
    if (current && current.count >= maxFailures) {
      reply.header('retry-after', String(Math.ceil((current.windowStart + windowMs - at) / 1000)));
      request.log.warn({ address }, 'service token: too many wrong tokens from this address');
      throw new AppError(ErrorCode.RATE_LIMITED, { detail: 'Too many wrong service tokens from this address. Try again later.' });
    }
    const given = Buffer.from(request.headers.authorization ?? '');
    if (expected && given.length === expected.length && timingSafeEqual(given, expected)) return;
    if (failures.size > 10_000) failures.clear();
    failures.set(address, { count: (current?.count ?? 0) + 1, windowStart: current?.windowStart ?? at });
    throw new AppError(ErrorCode.UNAUTHENTICATED, { detail: 'A valid service token is required.' });
  };
}
