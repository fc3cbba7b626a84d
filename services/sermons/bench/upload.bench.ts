// Upload of a large recording through the real PUT route (spool → ffprobe → sermons-raw), over
// loopback, to the sermons service in its own process: throughput, and the service process's peak
// memory growth read from the kernel (VmHWM after resetting it, minus the RSS before the upload).
// Target: growth under 100 MB for 2 GiB. The body is a real mp3 repeated (concatenated mp3 frames
// are a valid mp3 stream), streamed from one buffer. Prints; does not assert.
// Run: node bench/upload.bench.ts   (SIZE_MB=2048)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadAverage, targetLine } from '@lectern/local-stack/bench';
import { startSermonsService } from './sermons-service.process.ts';

const SIZE = Number(process.env.SIZE_MB ?? 2048) * 1024 * 1024;
const TARGET_GROWTH_MB = 100;

const dir = mkdtempSync(join(tmpdir(), 'upload-bench-'));
const unitPath = join(dir, 'unit.mp3');
execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=60', '-b:a', '128k', unitPath]);
const unit = readFileSync(unitPath);
rmSync(dir, { recursive: true, force: true });

const service = await startSermonsService();
try {
  const token = await service.token(randomUUID(), 'ADMIN');
  const createdRes = await fetch(`${service.base}/api/sermons/sermons`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Big', speaker: 'Bench', recordedAt: '2026-01-01', file: { name: 'big.mp3', size: SIZE, contentType: 'audio/mpeg' } }),
  });
  if (createdRes.status !== 201) throw new Error(`creating the sermon answered ${createdRes.status}: ${await createdRes.text()}`);
  const created = (await createdRes.json()) as { upload: { url: string; headers: Record<string, string> } };

  await service.gc();
  const baseline = service.rss();
  service.resetPeak();
  let sampledPeak = baseline;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, service.rss())), 50);
  const body = async function* () {
    let sent = 0;
    while (sent < SIZE) {
      const piece = unit.subarray(0, Math.min(unit.length, SIZE - sent));
      sent += piece.length;
      yield piece;
    }
  };
  const loadAtStart = loadAverage();
  const started = performance.now();
  const res = await fetch(created.upload.url.replace(service.publicOrigin, service.base), {
    method: 'PUT',
    headers: { ...created.upload.headers, 'content-length': String(SIZE) },
    body: ReadableStream.from(body()),
    duplex: 'half',
  } as RequestInit);
  const answer = await res.text();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${answer}`);
  const peak = Math.max(service.peakRss(), sampledPeak);
  const mib = SIZE / 1024 / 1024;
  const growthMb = (peak - baseline) / 1e6;
  console.log(`upload ${mib.toFixed(0)} MiB over loopback (receive + spool + ffprobe + store in sermons-raw): ${seconds.toFixed(1)} s, ${(mib / seconds).toFixed(0)} MiB/s; load at start: ${loadAtStart}`);
  console.log(`sermons service process RSS: ${(baseline / 1e6).toFixed(1)} MB before, peak ${(peak / 1e6).toFixed(1)} MB during (kernel VmHWM; 50 ms samples peaked at ${(sampledPeak / 1e6).toFixed(1)} MB)`);
  console.log(targetLine(`service peak memory growth for ${mib.toFixed(0)} MiB`, growthMb, 'MB', TARGET_GROWTH_MB));
} finally {
  await service.close();
}
