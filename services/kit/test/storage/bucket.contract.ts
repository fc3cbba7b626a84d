// One behaviour contract for every storage driver: each driver's test file runs it.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { types } from 'node:util';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import type { Bucket, Storage } from '../../src/storage/index.ts';

export interface ContractSubject {
  storage: Storage;
  close(): Promise<void>;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `size` bytes in 64 KiB chunks, generated as read; `digest()` is their sha256. */
function generated(size: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  const block = Buffer.alloc(64 * 1024);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const n = Math.min(block.length, size - sent);
      // Different bytes per chunk so a misplaced part would change the digest.
      block.writeUInt32BE(sent / block.length, 0);
      block.fill(sent % 251, 4, 64);
      const chunk = Buffer.from(block.subarray(0, n));
      hash.update(chunk);
      sent += n;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

export function bucketContract(name: string, setup: () => Promise<ContractSubject>): void {
  describe(`storage contract: ${name}`, () => {
    let subject: ContractSubject;
    let bucket: Bucket;
    const bucketName = `contract-${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      subject = await setup();
      bucket = await subject.storage.bucket(bucketName);
    });
    afterAll(async () => {
      await subject?.close();
    });

    test('put then get, stat, exists and delete', async () => {
      const key = 'sermons/s1/original.mp3';
      const info = await bucket.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), { contentType: 'audio/mpeg' });
      assert.equal(info.size, 11);
      assert.equal(info.contentType, 'audio/mpeg');
      assert.equal((await readAll(await bucket.get(key))).toString(), 'hello world');
      const stat = await bucket.stat(key);
      assert.equal(stat.size, 11);
      assert.equal(stat.contentType, 'audio/mpeg');
      assert.ok(types.isDate(stat.lastModified), 'lastModified is a Date'); // from fs.stat: a Date of Node's context, not the test's
      assert.equal(await bucket.exists(key), true);
      await bucket.delete(key);
      assert.equal(await bucket.exists(key), false);
      await bucket.delete(key);
    });

    test('a missing object is 404 not_found', async () => {
      await assert.rejects(bucket.get('nope/missing.bin'), { statusCode: 404, code: 'not_found' });
      await assert.rejects(bucket.stat('nope/missing.bin'), { statusCode: 404, code: 'not_found' });
    });

    test('put replaces an existing object', async () => {
      await bucket.put('replace.txt', Readable.from([Buffer.from('first version')]), { contentType: 'text/plain' });
      await bucket.put('replace.txt', Readable.from([Buffer.from('second')]), { contentType: 'text/markdown' });
      assert.equal((await readAll(await bucket.get('replace.txt'))).toString(), 'second');
      assert.equal((await bucket.stat('replace.txt')).contentType, 'text/markdown');
    });

    test('a stream over maxBytes is refused with 413 and nothing is stored', async () => {
      const { stream } = generated(3 * 1024 * 1024);
      await assert.rejects(bucket.put('too-big.bin', stream, { maxBytes: 1024 * 1024 }), { statusCode: 413, code: 'payload_too_large' });
      assert.equal(await bucket.exists('too-big.bin'), false);
    });

    test('keys that could escape or differ between drivers are refused', async () => {
      for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '.hidden', 'sp ace', '']) {
        await assert.rejects(bucket.put(key, Readable.from([Buffer.from('x')])), { statusCode: 400, code: 'bad_key' }, key);
      }
    });

    test('a signed upload URL accepts the PUT it was made for', async () => {
      const signed = await bucket.createUploadUrl('uploads/a.wav', { expiresIn: 60, contentType: 'audio/wav', maxBytes: 1000 });
      assert.equal(signed.method, 'PUT');
      const res = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'RIFF-audio-bytes' });
      assert.ok(res.status === 200 || res.status === 201, `status ${res.status}: ${await res.text()}`);
      assert.equal((await readAll(await bucket.get('uploads/a.wav'))).toString(), 'RIFF-audio-bytes');
      assert.equal((await bucket.stat('uploads/a.wav')).contentType, 'audio/wav');
    });

    test('a signed upload URL refuses another key, another content type, and an expired signature', async () => {
      const signed = await bucket.createUploadUrl('uploads/b.wav', { expiresIn: 1, contentType: 'audio/wav', maxBytes: 1000 });
      const otherKey = await fetch(signed.url.replace('uploads/b.wav', 'uploads/c.wav'), { method: 'PUT', headers: signed.headers, body: 'x' });
      assert.equal(otherKey.status, 403);
      const url = new URL(signed.url);
      const sigParam = url.searchParams.has('token') ? 'token' : 'X-Amz-Signature';
      const original = url.searchParams.get(sigParam)!;
      url.searchParams.set(sigParam, original.slice(0, -2) + (original.endsWith('aa') ? 'bb' : 'aa'));
      assert.equal((await fetch(url, { method: 'PUT', headers: signed.headers, body: 'x' })).status, 403, 'tampered signature');
      const otherType = await fetch(signed.url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: '<script>' });
      assert.ok(otherType.status >= 400 && otherType.status < 500, `other content type: ${otherType.status}`);
      await sleep(2100);
      const expired = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'late' });
      assert.equal(expired.status, 403, 'expired');
      for (const key of ['uploads/b.wav', 'uploads/c.wav']) assert.equal(await bucket.exists(key), false, key);
    });

    test('a signed upload refuses a body over the signed size', async () => {
      const signed = await bucket.createUploadUrl('uploads/big.wav', { expiresIn: 60, contentType: 'audio/wav', maxBytes: 1024, contentLength: 1024 });
      assert.equal(signed.sizeEnforced, true);
      const res = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: Buffer.alloc(4096) }).catch((error: unknown) => error);
      if (res instanceof Response) assert.ok(res.status === 413 || res.status === 403, `status ${res.status}`);
      assert.equal(await bucket.exists('uploads/big.wav'), false);
      await assert.rejects(bucket.createUploadUrl('x.wav', { expiresIn: 60, contentType: 'audio/wav', maxBytes: 10, contentLength: 11 }), { statusCode: 413 });
    });

    test('a signed download URL serves the object; a tampered or expired one does not', async () => {
      await bucket.put('media/d.mp3', Readable.from([Buffer.from('mp3-bytes')]), { contentType: 'audio/mpeg' });
      const signed = await bucket.createDownloadUrl('media/d.mp3', { expiresIn: 1 });
      const res = await fetch(signed.url);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'mp3-bytes');
      assert.equal(res.headers.get('content-type'), 'audio/mpeg');
      assert.equal((await fetch(signed.url.replace('media/d.mp3', 'media/e.mp3'))).status, 403);
      await sleep(2100);
      assert.equal((await fetch(signed.url)).status, 403, 'expired');
    });

    test('a range of an object: bucket.get(key, range) and the signed URL answer 206 with that slice (media seeking)', async () => {
      const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      await bucket.put('media/r.bin', Readable.from([bytes]), { contentType: 'video/mp4' });
      assert.deepEqual(await readAll(await bucket.get('media/r.bin', { start: 100, end: 199 })), bytes.subarray(100, 200));
      const signed = await bucket.createDownloadUrl('media/r.bin', { expiresIn: 60 });
      const middle = await fetch(signed.url, { headers: { range: 'bytes=500-599' } });
      assert.equal(middle.status, 206);
      assert.equal(middle.headers.get('content-range'), 'bytes 500-599/1000');
      assert.deepEqual(Buffer.from(await middle.arrayBuffer()), bytes.subarray(500, 600));
      const tail = await fetch(signed.url, { headers: { range: 'bytes=900-' } });
      assert.equal(tail.status, 206);
      assert.deepEqual(Buffer.from(await tail.arrayBuffer()), bytes.subarray(900));
      const suffix = await fetch(signed.url, { headers: { range: 'bytes=-10' } });
      assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), bytes.subarray(990));
      const past = await fetch(signed.url, { headers: { range: 'bytes=5000-' } });
      assert.equal(past.status, 416);
      await past.arrayBuffer();
    });

    test('verifyDownloadUrl names the object of a genuine signed URL and refuses forged, moved or foreign ones', async () => {
      await bucket.put('media/v.mp3', Readable.from([Buffer.from('v-bytes')]), { contentType: 'audio/mpeg' });
      const signed = (await bucket.createDownloadUrl('media/v.mp3', { expiresIn: 60 })).url;
      assert.deepEqual(await subject.storage.verifyDownloadUrl(signed), { bucket: bucketName, key: 'media/v.mp3' });
      const url = new URL(signed);
      const forged = new URL(signed);
      for (const name of ['token', 'X-Amz-Signature']) if (forged.searchParams.has(name)) forged.searchParams.set(name, `${forged.searchParams.get(name)!.slice(0, -4)}AAAA`);
      for (const bad of [forged.href, signed.replace('media/v.mp3', 'media/w.mp3'), `https://elsewhere.example${url.pathname}${url.search}`, `${url.origin}${url.pathname}`, 'not a url']) {
        await assert.rejects(subject.storage.verifyDownloadUrl(bad), { statusCode: 403 }, bad);
      }
    });

    const streamMb = Number(process.env.STORAGE_STREAM_MB ?? 200);
    test(`a ${streamMb} MB stream is stored and read back without buffering it`, async () => {
      const size = streamMb * 1024 * 1024;
      const { stream, digest } = generated(size);
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      try {
        const started = Date.now();
        const info = await bucket.put('stream/big.bin', stream, { contentType: 'application/octet-stream' });
        const putMs = Date.now() - started;
        assert.equal(info.size, size);
        const expected = digest();
        const hash = createHash('sha256');
        let read = 0;
        const readStarted = Date.now();
        for await (const chunk of await bucket.get('stream/big.bin')) {
          hash.update(chunk as Buffer);
          read += (chunk as Buffer).length;
          peak = Math.max(peak, process.memoryUsage().rss);
        }
        const getMs = Date.now() - readStarted;
        assert.equal(read, size);
        assert.equal(hash.digest('hex'), expected);
        const growth = peak - baseline;
        console.log(`[${name}] ${mb(size)} put ${putMs} ms, get ${getMs} ms; RSS baseline ${mb(baseline)}, peak ${mb(peak)}, growth ${mb(growth)} (${((growth / size) * 100).toFixed(1)}% of the file)`);
        // Bounded by stream buffers, S3 parts in flight and garbage not yet collected, not by the
        // file: a driver that buffered it would grow by at least its size. (The < 100 MB memory
        // target is the upload bench's: RSS here also carries the test runner's uncollected garbage.)
        assert.ok(growth < size * 0.75, `RSS grew by ${mb(growth)} for a ${mb(size)} file`);
      } finally {
        clearInterval(sampler);
        await bucket.delete('stream/big.bin');
      }
    }, 300_000);
  });
}
