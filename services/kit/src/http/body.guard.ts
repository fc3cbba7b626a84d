// Text that PostgreSQL cannot store (NUL characters, lone UTF-16 surrogates) and JSON nested past
// any shape Lectern uses are refused at the door with a 400, for every route of every service,
// instead of failing deep in a query as a 500.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../errors/app-error.ts';

/** Deepest nesting any Lectern request needs is well under this (an outline is 4 levels). */
export const MAX_JSON_DEPTH = 32;

export type TextProblem = { path: string; reason: 'nul' | 'surrogate' | 'depth' };

/** Finds the first string (or key) that cannot be stored, or nesting deeper than `maxDepth`. */
export function findUnstorableText(value: unknown, maxDepth = MAX_JSON_DEPTH, path = '', depth = 0): TextProblem | null {
  if (typeof value === 'string') return textProblem(value, path);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= maxDepth) return { path, reason: 'depth' };
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const childPath = `${path}/${key}`;
    const keyProblem = textProblem(key, childPath);
    if (keyProblem) return keyProblem;
    const found = findUnstorableText(item, maxDepth, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

function textProblem(text: string, path: string): TextProblem | null {
  if (text.includes('\u0000')) return { path, reason: 'nul' };
  if (!text.isWellFormed()) return { path, reason: 'surrogate' };
  return null;
}

const MESSAGES: Record<TextProblem['reason'], (where: string) => string> = {
  nul: (where) => `${where} contains a NUL character (\\u0000), which is not allowed in text.`,
  surrogate: (where) => `${where} contains an unpaired UTF-16 surrogate; send valid Unicode text.`,
  depth: (where) => `${where} is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
};

export function checkRequestText(request: FastifyRequest): void {
  const parts = [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const;
  for (const [part, value] of parts) {
    const found = findUnstorableText(value);
    if (found) {
      const where = `${part}${found.path}`;
      throw new AppError(ErrorCode.BAD_REQUEST, { detail: MESSAGES[found.reason](where), extensions: { reason: `invalid_text_${found.reason}`, field: where } });
    }
  }
}

export function registerBodyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequestText(request));
}
