// fetch wrapper: bearer token from the session, JSON in and out, problem+json errors as ApiError.
import { ApiError, apiErrorFrom } from './api.error.ts';
import { sessionStore } from '../session/session.store.ts';

export interface ApiClientOptions {
  /** Origin + prefix; '' means the page's own origin (the edge). */
  baseUrl?: string;
  getAccessToken?: () => string | null;
  /** Called once on 401; resolve true when a fresh token is now available to retry with. */
  refreshAccessToken?: () => Promise<boolean>;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(method: string, path: string, request: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...request.headers };
    const token = options.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    try {
      return await doFetch(`${baseUrl}${path}`, { method, headers, body, signal: request.signal, credentials: 'same-origin' });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ApiError(0, { detail: `${method} ${path} could not reach the server.` });
    }
  }

  async function request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
    let response = await send(method, path, request);
    if (response.status === 401 && options.refreshAccessToken && (await options.refreshAccessToken())) {
      response = await send(method, path, request);
    }
    if (!response.ok) throw await apiErrorFrom(response);
    if (response.status === 204) return undefined as T;
    const contentType = response.headers.get('content-type') ?? '';
    return (contentType.includes('json') ? await response.json() : await response.text()) as T;
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    patch: (path, body, o) => request('PATCH', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
  };
}

let pageRefresher: (() => Promise<boolean>) | null = null;

/** The session runtime plugs its refresh in here, so every 401 gets one refresh-and-retry. */
export function setAccessTokenRefresher(refresher: (() => Promise<boolean>) | null): void {
  pageRefresher = refresher;
}

/** The page-wide client: same origin, token from the shared session store, refresh on 401. */
export const api = createApiClient({
  getAccessToken: () => sessionStore.getState().accessToken,
  refreshAccessToken: async () => (pageRefresher ? pageRefresher() : false),
});
