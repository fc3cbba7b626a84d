// Credentials that travel in URLs (sign-in links, upload links, signed storage URLs, invite links)
// must never reach a log line. Every logger's request serializer (services and edge) passes the URL
// through here; nothing else about the URL is changed.

/** Query parameters whose value grants something (compared case-insensitively). */
export const CREDENTIAL_PARAMS = [
  'token',
  'invite',
  'code',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'access_token',
  'refresh_token',
] as const;

/** Path segments that follow these segments are ids that grant something (an invite grants a signup). */
const CREDENTIAL_PATH_PARENTS = new Set(['invites']);

export const REDACTED = '[redacted]';
const credentialParams = new Set<string>(CREDENTIAL_PARAMS);

/** `/confirmed?token=abc&next=/x` → `/confirmed?token=[redacted]&next=/x`; `/api/identity/invites/<id>` → `/api/identity/invites/[redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? null : url.slice(queryAt + 1);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (segments[i] !== '' && CREDENTIAL_PATH_PARENTS.has(decodeSafely(segments[i - 1] ?? '').toLowerCase())) segments[i] = REDACTED;
  }
  const safePath = segments.join('/');
  if (query === null) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodeSafely(equals === -1 ? pair : pair.slice(0, equals)).toLowerCase();
      return credentialParams.has(name) && equals !== -1 ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

interface LoggableRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** pino `req` serializer: Fastify's default fields, the URL redacted. */
export function redactedRequestSerializer(request: LoggableRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
