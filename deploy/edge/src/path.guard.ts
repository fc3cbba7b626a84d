// What path a request really names, the way the services' router and the proxy's URL parser will
// read it: percent-encoding undone (repeatedly: `%252e` is still a dot to someone), backslashes as
// slashes, empty and `.` segments dropped, `..` applied. The internal-route block matches on this,
// so `/api/sermons/%69nternal/…`, `/api/sermons/./internal/…` and `/api/sermons/%2e/internal/…`
// are refused like `/api/sermons/internal/…`.

/** `null` when the path cannot be decoded (bad percent-encoding): refuse it. */
export function normalisedPath(url: string): string | null {
  let path = url.split('?')[0] ?? '';
  for (let round = 0; round < 5; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    path = decoded;
  }
  if (/%[0-9a-f]{2}/i.test(path)) return null;
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

const INTERNAL = /^\/api\/[^/]+\/internal(\/|$)/;

export type PathVerdict = 'ok' | 'internal' | 'undecodable' | 'dot-segment';

/** Whether an `/api/…` request may be forwarded to a service. */
export function apiPathVerdict(url: string): PathVerdict {
  const normalised = normalisedPath(url);
  if (normalised === null) return 'undecodable';
  if (INTERNAL.test(normalised)) return 'internal';
  // No service route has dot segments; forwarding one would let the proxy resolve it into a
  // different path than the one checked here.
  const rawPath = url.split('?')[0] ?? '';
  if (/(^|\/|\\)(\.|%2e){1,2}(\/|\\|$)/i.test(safeDecode(rawPath))) return 'dot-segment';
  return 'ok';
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(decodeURIComponent(value));
  } catch {
    return value;
  }
}
