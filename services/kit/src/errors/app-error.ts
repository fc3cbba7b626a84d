// One error type for every service. Business code throws AppError with a code; only the HTTP edge
// (problem.ts) turns it into a status and an RFC 9457 body.

export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'GONE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  RATE_LIMITED: 'RATE_LIMITED',
  DEPENDENCY_UNAVAILABLE: 'DEPENDENCY_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  QUOTA_EXCEEDED: 403,
  RATE_LIMITED: 429,
  DEPENDENCY_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const errorTitle: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Your request is not valid',
  BAD_REQUEST: 'Bad request',
  UNAUTHENTICATED: 'Authentication required',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'No such endpoint',
  CONFLICT: 'Conflict',
  GONE: 'Gone',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  QUOTA_EXCEEDED: 'Quota exceeded',
  RATE_LIMITED: 'Too many requests',
  DEPENDENCY_UNAVAILABLE: 'Service temporarily unavailable',
  INTERNAL: 'Internal error',
};

export interface AppErrorOptions {
  /** shown to the user (the messages the spec lists); for 5xx codes it is logged, never sent */
  detail?: string;
  /** extra members of the problem body, e.g. the failing fields */
  extensions?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly extensions: Record<string, unknown>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.detail ?? errorTitle[code], { cause: options.cause });
    this.code = code;
    this.status = errorStatus[code];
    this.detail = options.detail;
    this.extensions = options.extensions ?? {};
  }

  static notFound(detail?: string): AppError {
    return new AppError(ErrorCode.NOT_FOUND, detail === undefined ? {} : { detail });
  }

  static forbidden(detail?: string): AppError {
    return new AppError(ErrorCode.FORBIDDEN, detail === undefined ? {} : { detail });
  }

  static conflict(detail?: string): AppError {
    return new AppError(ErrorCode.CONFLICT, detail === undefined ? {} : { detail });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
