/**
 * An error Fastify renders with its `statusCode`; the kit core's error handler renders the same
 * fields as problem+json. Kept local so auth does not depend on the core's internals.
 */
export class AuthError extends Error {
  readonly statusCode: 401 | 403 | 404 | 503;
  readonly code: 'unauthenticated' | 'forbidden' | 'not_found' | 'identity_unavailable';

  constructor(statusCode: AuthError['statusCode'], code: AuthError['code'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AuthError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export function unauthenticated(message = 'Sign in to continue.', cause?: unknown): AuthError {
  return new AuthError(401, 'unauthenticated', message, cause === undefined ? undefined : { cause });
}

export function forbidden(message = 'You do not have access to this.'): AuthError {
  return new AuthError(403, 'forbidden', message);
}

export function notFound(message = 'Not found.'): AuthError {
  return new AuthError(404, 'not_found', message);
}
