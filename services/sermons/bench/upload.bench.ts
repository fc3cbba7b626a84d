// Upload of a large recording through the real PUT route (spool → ffprobe → sermons-raw), over
// loopback: throughput and the process's peak memory growth. Target: growth under 100 MB for 2 GB.
// The body is a real mp3 repeated (concatenated mp3 frames are a valid mp3 stream), produced from
// one buffer so the sender itself holds no more than that buffer.
// Run: node bench/upload.bench.ts   (SIZE_MB=2048)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildTestApp, listen } from '../test/helper.ts';

const SIZE = Number(process.env.SIZE_MB ?? 2048) * 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'upload-bench-'));
const unitPath = join(dir, 'unit.mp3');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=60', '-b:a', '128k', unitPath]);
const unit = readFileSync(unitPath);

const t = await buildTestApp({ LOG_LEVEL: 'warn' });
const base = await listen(t.app);
try {
  const token = await t.token(randomUUID(), 'ADMIN');
  const created = await (await fetch(`${base}/api/sermons/sermons`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Big', speaker: 'Bench', recordedAt: '2026-01-01', file: { name: 'big.mp3', size: SIZE, contentType: 'audio/mpeg' } }),
  })).json() as { upload: { url: string; headers: Record<string, string> } };

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const body = async function* () {
    let sent = 0;
    while (sent < SIZE) {
      const piece = unit.subarray(0, Math.min(unit.length, SIZE - sent));
      sent += piece.length;
      yield piece;
    }
  };
  const started = performance.now();
  const res = await fetch(created.upload.url.replace(t.config.PUBLIC_ORIGIN, base), {
    method: 'PUT',
    headers: { ...created.upload.headers, 'content-length': String(SIZE) },
    body: ReadableStream.from(body()),
    duplex: 'half',
  } as RequestInit);
  const answer = await res.text();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${answer}`);
  const mb = SIZE / 1024 / 1024;
  console.log(`upload ${mb.toFixed(0)} MiB over loopback (receive + spool + ffprobe + store in sermons-raw): ${seconds.toFixed(1)} s, ${(mb / seconds).toFixed(0)} MiB/s`);
  console.log(`peak RSS growth: ${((peak - baseline) / 1024 / 1024).toFixed(1)} MiB (target < 100 MB: ${(peak - baseline) / 1e6 < 100 ? 'met' : 'NOT met'})`);
} finally {
  await t.app.close();
}
