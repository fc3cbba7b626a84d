// Key pairs, a JWKS server and a token signer: for tests, and usable by identity itself.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { AccessTokenClaims } from './auth.types.ts';

export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'EdDSA';
  privateKey: CryptoKey;
  /** Public JWK with kid, alg and use — what goes in the key set. */
  publicJwk: JWK;
}

export async function createSigningKey(alg: SigningKey['alg'] = 'RS256', kid: string = randomUUID()): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, alg === 'EdDSA' ? { crv: 'Ed25519', extractable: true } : { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicJwk };
}

export interface SignOptions {
  issuer: string;
  audience: string | string[];
  /** Seconds from now (negative for an already expired token). Default 900. */
  expiresInSec?: number;
  /** Override the header kid (e.g. to test an unknown key). */
  kid?: string;
}

export async function signAccessToken(key: SigningKey, claims: AccessTokenClaims, options: SignOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: key.alg, kid: options.kid ?? key.kid, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSec ?? 900))
    .setJti(randomUUID())
    .sign(key.privateKey);
}

export interface JwksServer {
  url: string;
  /** Requests served so far. */
  readonly requests: number;
  /** Replace the published keys (rotation). */
  setKeys(keys: SigningKey[]): void;
  /** Publish identity's revocation list beside the key set (404 until set). */
  setRevocations(minVersions: Record<string, number> | null): void;
  close(): Promise<void>;
}

/** Serves `{ keys: [...] }` on a free port at /.well-known/jwks.json and counts requests. */
export async function serveJwks(keys: SigningKey[]): Promise<JwksServer> {
  let published = keys;
  let revocations: Record<string, number> | null = null;
  let requests = 0;
  const server: Server = createServer((request, response) => {
    if (request.url === '/.well-known/token-revocations.json' && revocations) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ minVersions: revocations, maxAgeMs: 5000 }));
      return;
    }
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    requests += 1;
    response.writeHead(200, { 'content-type': 'application/jwk-set+json', 'cache-control': 'max-age=600' });
    response.end(JSON.stringify({ keys: published.map((key) => key.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get requests() {
      return requests;
    },
    setKeys(next) {
      published = next;
    },
    setRevocations(next) {
      revocations = next;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
