// RFC 9457 problem details, as every Lectern service returns them.
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  /** Lectern's error code (services/kit error catalogue). */
  code?: string;
  [extension: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly type: string;
  readonly code: string | undefined;
  readonly problem: ProblemDetails;
  /** Seconds the server asked the client to wait before trying again (`Retry-After`), if it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, problem: ProblemDetails, retryAfter?: number) {
    const title = problem.title ?? defaultTitle(status);
    super(problem.detail ? `${title}: ${problem.detail}` : title);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.detail = problem.detail;
    this.type = problem.type ?? 'about:blank';
    this.code = problem.code;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

function defaultTitle(status: number): string {
  if (status === 0) return 'The server could not be reached';
  if (status === 401) return 'You need to sign in';
  if (status === 403) return 'You do not have access to this';
  if (status === 404) return 'Not found';
  if (status >= 500) return 'Something went wrong on our side';
  return 'The request failed';
}

/** Turns a failed response into an ApiError, reading problem+json when the server sent it. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  if (contentType.includes('json')) {
    try {
      const body = (await response.json()) as unknown;
      if (body && typeof body === 'object') return new ApiError(response.status, body as ProblemDetails, retryAfter);
    } catch {
      // fall through: a broken body still yields an error named by its status
    }
  }
  return new ApiError(response.status, {}, retryAfter);
}

/** `Retry-After` in seconds: the delay form only (what Lectern's services send); a date is ignored. */
function retryAfterSeconds(value: string | null): number | undefined {
  return value !== null && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}
