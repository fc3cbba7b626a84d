// What the launcher's demo seeding (demo-sermon.ts, demo-subscription.ts) needs to use the product
// as a person would: the sign-in captcha solved, a signed-in session, and JSON calls through the edge.
import { createHash } from 'node:crypto';

export async function solvedCaptcha(origin: string): Promise<string> {
  const challenge = (await (await fetch(`${origin}/api/identity/captcha/challenge`)).json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  for (let n = 0; n <= challenge.maxnumber; n += 1) {
    if (createHash('sha256').update(challenge.salt + n).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: n, salt, signature, took: 1 })).toString('base64');
    }
  }
  throw new Error('the sign-in captcha has no solution');
}

export async function call<T>(origin: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through identity's public sign-in (captcha solved); returns the access token. */
export async function signInAs(origin: string, email: string, password: string): Promise<string> {
  return (await call<{ accessToken: string }>(origin, 'POST', '/api/identity/session', null, { email, password, captcha: await solvedCaptcha(origin) })).accessToken;
}
