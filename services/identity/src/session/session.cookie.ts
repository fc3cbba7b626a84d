// The refresh-token cookie: httpOnly, SameSite=Strict, scoped to the session endpoints only.
export const REFRESH_COOKIE = 'lectern_refresh';
export const REFRESH_COOKIE_PATH = '/api/identity/session';

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value.length > 0 ? value : null;
    }
  }
  return null;
}

export function refreshCookie(token: string, maxAgeSec: number, secure: boolean): string {
  return `${REFRESH_COOKIE}=${token}; Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedRefreshCookie(secure: boolean): string {
  return `${REFRESH_COOKIE}=; Path=${REFRESH_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
