// SSRF refusals of the feed/media fetcher: literal private addresses (IPv4 and IPv6 forms), names
// that resolve to loopback, redirects to the metadata address; size and time limits; and the
// explicit allow-list the tests and the local stack use for their loopback feed server.
import assert from 'node:assert/strict';
import type dns from 'node:dns';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import { startFeedServer, type FeedServer } from '@lectern/local-stack/feeds';
import { FetchRefusedError, isPublicAddress, SafeFetcher } from '../src/feed/safe-fetch.ts';

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer({ stallMs: 5_000 });
});
afterAll(async () => {
  await feeds.close();
});

async function refusal(fetcher: SafeFetcher, url: string, timeoutMs = 3_000): Promise<FetchRefusedError> {
  const error = await fetcher.text(url, { timeoutMs, maxBytes: 1024 * 1024 }).then(() => null, (e: unknown) => e);
  assert.ok(error instanceof FetchRefusedError, `expected a refusal for ${url}, got ${String(error)}`);
  return error;
}

/** A resolver that answers every name with the given addresses (no network needed). */
function fakeDns(addresses: string[]): typeof dns.lookup {
  return ((_host: string, _options: unknown, callback: (error: Error | null, list: dns.LookupAddress[]) => void) => {
    callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }) as unknown as typeof dns.lookup;
}

describe('address classification', () => {
  test('private, loopback, link-local, unique-local, mapped and reserved addresses are not public', () => {
    for (const address of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', '::', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '224.0.0.1', '255.255.255.255']) {
      assert.equal(isPublicAddress(address), false, address);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) assert.equal(isPublicAddress(address), true, address);
  });
});

describe('SafeFetcher refusals', () => {
  const fetcher = new SafeFetcher();

  test('literal private IPv4 addresses are refused before any connection', async () => {
    for (const url of ['http://127.0.0.1/feed', 'http://10.0.0.5/feed', 'http://192.168.0.10/', 'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/', 'http://2130706433/', 'http://0x7f.1/']) {
      assert.equal((await refusal(fetcher, url)).reason, 'address', url);
    }
  });

  test('IPv6 forms are refused: loopback, link-local, unique-local, IPv4-mapped', async () => {
    for (const url of ['http://[::1]/', 'http://[fe80::1]/', 'http://[fd00:ec2::254]/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/']) {
      assert.equal((await refusal(fetcher, url)).reason, 'address', url);
    }
  });

  test('a name that resolves to 127.0.0.1 is refused after DNS resolution', async () => {
    const error = await refusal(fetcher, `http://localhost:${new URL(feeds.origin).port}/feeds/rss.xml`);
    assert.equal(error.reason, 'address');
    assert.match(error.message, /localhost resolves to (127\.0\.0\.1|::1)/);
    const rebinding = new SafeFetcher({ lookup: fakeDns(['93.184.216.34', '127.0.0.1']) });
    assert.equal((await refusal(rebinding, 'http://feeds.church.example/rss.xml')).reason, 'address', 'any private address among the answers refuses the name');
  });

  test('only http and https, and no credentials in the URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/feed', 'gopher://example.com/', 'not a url']) {
      assert.equal((await refusal(fetcher, url)).reason, 'scheme', url);
    }
    assert.equal((await refusal(fetcher, 'http://user:pass@example.com/')).reason, 'scheme');
  });
});

describe('SafeFetcher with the test feed server allowed', () => {
  test('the allowed origin is fetched; the same server under another name is still refused', async () => {
    const fetcher = new SafeFetcher({ allowOrigins: [feeds.hostPort] });
    const response = await fetcher.text(feeds.rssUrl(3), { timeoutMs: 5_000, maxBytes: 1024 * 1024 });
    assert.match(response.text, /<rss/);
    assert.equal((await refusal(fetcher, `http://localhost:${new URL(feeds.origin).port}/feeds/rss.xml`)).reason, 'address');
  });

  test('a redirect to 169.254.169.254 is refused at the redirect hop', async () => {
    const fetcher = new SafeFetcher({ allowOrigins: [feeds.hostPort] });
    const error = await refusal(fetcher, `${feeds.origin}/broken/private-redirect.mp4`);
    assert.equal(error.reason, 'address');
    assert.match(error.message, /169\.254\.169\.254/);
  });

  test('a body over the size limit is cut, and a stalled server times out', async () => {
    const fetcher = new SafeFetcher({ allowOrigins: [feeds.hostPort] });
    const large = await fetcher.text(feeds.mediaUrl(1), { timeoutMs: 5_000, maxBytes: 1000 }).then(() => null, (e: unknown) => e);
    assert.ok(large instanceof FetchRefusedError && large.reason === 'too_large');
    const started = Date.now();
    const slow = await fetcher.text(`${feeds.origin}/broken/slow.mp4`, { timeoutMs: 800, maxBytes: 50 * 1024 * 1024 }).then(() => null, (e: unknown) => e);
    // an abort error made by Node's fetch: an Error of Node's context, not of the test's (Jest)
    assert.ok(slow !== null && typeof (slow as Error).message === 'string' && (slow as Error).stack !== undefined, 'the stalled body fails');
    assert.ok(Date.now() - started < 4_000, 'within about the time limit');
  });
});
