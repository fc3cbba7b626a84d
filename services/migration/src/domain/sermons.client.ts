// The migration's side of the sermons service's internal API (ADR 0012): sermon records are
// created and removed by their owner, never written here.
export interface MigratedSermonInput {
  orgId: string;
  title: string;
  recordedOn: string | null;
  createdBy: string;
  uploadKey: string;
}

export class SermonsClientError extends Error {
  readonly status: number;
  /** The problem's `reason` (e.g. `quota_exceeded`, `busy`) and `detail`, when the service gave them. */
  readonly reason: string | undefined;
  readonly detail: string | undefined;
  constructor(message: string, status: number, problem: { reason?: string; detail?: string } = {}) {
    super(message);
    this.name = 'SermonsClientError';
    this.status = status;
    this.reason = problem.reason;
    this.detail = problem.detail;
  }
}

export class MigratedSermonsClient {
  private readonly baseUrl: string;
  private readonly token: string | undefined;

  constructor(options: { baseUrl: string; token: string | undefined }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token;
  }

  /** Idempotent: the same id gives the same sermon. */
  async create(id: string, input: MigratedSermonInput): Promise<void> {
    await this.call('PUT', `/${id}`, input);
  }

  async downloaded(id: string, duration: number | null): Promise<void> {
    await this.call('POST', `/${id}/downloaded`, { duration });
  }

  /** Removes the sermon unless it reached review; `removed` says whether it went. */
  async removeUnlessReviewed(id: string): Promise<{ removed: boolean; status: string | null }> {
    return (await this.call('DELETE', `/${id}`)) as { removed: boolean; status: string | null };
  }

  private async call(method: string, suffix: string, body?: unknown): Promise<unknown> {
    if (!this.token) throw new SermonsClientError('SERMONS_INTERNAL_TOKEN is not set: migrated sermons cannot be written', 0);
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/api/sermons/internal/migrated-sermons${suffix}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new SermonsClientError(`the sermons service could not be reached: ${(error as Error).message}`, 0);
    }
    if (!response.ok) {
      const problem = await response.json().then((p) => p as { reason?: string; detail?: string }, () => ({}) as { reason?: string; detail?: string });
      throw new SermonsClientError(`${method} migrated-sermons answered ${response.status}${problem.detail ? `: ${problem.detail}` : ''}`, response.status, problem);
    }
    return response.status === 204 ? undefined : response.json();
  }
}
