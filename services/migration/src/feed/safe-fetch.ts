// Fetches a URL a user typed (or a feed named) without letting it reach inside our network
// (SSRF): only http(s); every address the name resolves to must be public unicast (no private,
// loopback, link-local — the cloud metadata address 169.254.169.254 among them —, unique-local,
// multicast or reserved ranges, IPv4-mapped IPv6 included); the check runs on the resolved
// address the socket actually connects to, and again on every redirect hop; bodies are cut at a
// size limit and the whole exchange at a time limit.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';

export type FetchRefusalReason = 'scheme' | 'address' | 'redirects' | 'status' | 'too_large' | 'timeout' | 'network';

export class FetchRefusedError extends Error {
  readonly reason: FetchRefusalReason;
  readonly status: number | undefined;
  constructor(reason: FetchRefusalReason, message: string, status?: number) {
    super(message);
    this.name = 'FetchRefusedError';
    this.reason = reason;
    this.status = status;
  }
}

export interface SafeFetchPolicy {
  /**
   * Exact `host:port` origins (as written in the URL) exempt from the address check. Only the
   * tests and the local stack set it (FEED_FETCH_ALLOW_ORIGINS), for their feed server on
   * loopback; empty in production.
   */
  allowOrigins?: readonly string[];
  maxRedirects?: number;
  /** Lookup used to resolve names (tests pass a fake resolver to map names to addresses). */
  lookup?: typeof dns.lookup;
}

export interface SafeRequest {
  /** Time limit for connecting and receiving the response headers (ms). */
  timeoutMs: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface SafeResponse {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
}

/** Whether an address may be contacted: public unicast only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ::ffff:127.0.0.1 and friends are the IPv4 address they carry.
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

function originOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}

export class SafeFetcher {
  private readonly allowOrigins: ReadonlySet<string>;
  private readonly maxRedirects: number;
  private readonly resolve: typeof dns.lookup;

  constructor(policy: SafeFetchPolicy = {}) {
    this.allowOrigins = new Set(policy.allowOrigins ?? []);
    this.maxRedirects = policy.maxRedirects ?? 5;
    this.resolve = policy.lookup ?? dns.lookup;
  }

  /** GET with redirects followed by hand, each hop checked. Non-2xx statuses are returned. */
  async get(rawUrl: string, request: SafeRequest): Promise<SafeResponse> {
    let url = this.parse(rawUrl);
    for (let hop = 0; ; hop += 1) {
      const response = await this.once(url, request);
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && location) {
        response.body.resume();
        if (hop >= this.maxRedirects) throw new FetchRefusedError('redirects', `Too many redirects (more than ${this.maxRedirects}).`);
        url = this.parse(new URL(location, url).toString());
        continue;
      }
      return response;
    }
  }

  /** GET a whole body (text) within a byte limit; non-2xx is an error. */
  async text(rawUrl: string, request: SafeRequest & { maxBytes: number }): Promise<{ url: string; contentType: string; text: string }> {
    const response = await this.get(rawUrl, request);
    if (response.status < 200 || response.status > 299) {
      response.body.resume();
      throw new FetchRefusedError('status', `The server answered ${response.status}.`, response.status);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > request.maxBytes) {
        response.body.destroy();
        throw new FetchRefusedError('too_large', `The response is larger than ${Math.round(request.maxBytes / 1024 / 1024)} MB.`);
      }
      chunks.push(chunk);
    }
    return { url: response.url, contentType: String(response.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') };
  }

  private parse(rawUrl: string): URL {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new FetchRefusedError('scheme', 'The address is not a valid URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError('scheme', 'Only http and https addresses can be fetched.');
    if (url.username || url.password) throw new FetchRefusedError('scheme', 'Addresses with credentials are not fetched.');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !this.allowed(url) && !isPublicAddress(host)) throw refusedAddress(host);
    return url;
  }

  private allowed(url: URL): boolean {
    return this.allowOrigins.has(originOf(url));
  }

  /** Resolves every address of the name and refuses the name if any of them is not public. */
  private lookupFor(url: URL): LookupFunction {
    const exempt = this.allowed(url);
    return (hostname, options, callback) => {
      this.resolve(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, '', 0);
        const list = addresses as unknown as dns.LookupAddress[];
        const bad = list.find((entry) => !isPublicAddress(entry.address));
        if (!exempt && bad) return callback(refusedAddress(bad.address, hostname), '', 0);
        if (options.all) return callback(null, list as never);
        const first = list[0];
        if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
        callback(null, first.address, first.family);
      });
    };
  }

  private once(url: URL, request: SafeRequest): Promise<SafeResponse> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, {
        method: 'GET',
        headers: { 'user-agent': 'LecternFeedMigration/1.0', accept: '*/*', ...request.headers },
        lookup: this.lookupFor(url),
        // No connection reuse: a pooled socket would skip the address check of the next request.
        agent: false,
        signal: request.signal,
      });
      const timedOut = () => new FetchRefusedError('timeout', `No answer within ${Math.round(request.timeoutMs / 1000)} s.`);
      const timer = setTimeout(() => req.destroy(timedOut()), request.timeoutMs);
      // A body that stalls for as long is cut too (a slow server cannot hold a worker forever).
      req.setTimeout(request.timeoutMs, () => req.destroy(timedOut()));
      req.on('response', (res) => {
        clearTimeout(timer);
        resolve({ url: url.toString(), status: res.statusCode ?? 0, headers: res.headers, body: res });
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof FetchRefusedError ? error : new FetchRefusedError('network', `Could not reach ${url.host}: ${error.message}`));
      });
      req.end();
    });
  }
}

function refusedAddress(address: string, hostname?: string): FetchRefusedError {
  const where = hostname && hostname !== address ? `${hostname} resolves to ${address}` : address;
  return new FetchRefusedError('address', `Refused: ${where} is a private, loopback, link-local or reserved address.`);
}
