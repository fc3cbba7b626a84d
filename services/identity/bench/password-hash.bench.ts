// Password hashing cost on this machine: latency of one hash/verify and sign-in throughput
// (verifications per second with many in flight). Run: node bench/password-hash.bench.ts
import { availableParallelism } from 'node:os';
import { DEFAULT_ARGON2_PARAMS, PasswordHasher, type Argon2Params } from '../src/domain/password.hasher.ts';

const candidates: Argon2Params[] = [
  DEFAULT_ARGON2_PARAMS,
  { memoryCost: 47_104, timeCost: 1, parallelism: 1 },
  { memoryCost: 65_536, timeCost: 2, parallelism: 1 },
  { memoryCost: 65_536, timeCost: 3, parallelism: 1 },
];

const SAMPLES = Number(process.env.SAMPLES ?? 20);
const THROUGHPUT_SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 3);
const IN_FLIGHT = 16;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(params: Argon2Params) {
  const hasher = new PasswordHasher(params);
  const encoded = await hasher.hash('Warm-up-1');
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    let start = performance.now();
    await hasher.hash(`Sample-${i}-Password`);
    hashTimes.push(performance.now() - start);
    start = performance.now();
    await hasher.verify(encoded, `Wrong-${i}`);
    verifyTimes.push(performance.now() - start);
  }
  let done = 0;
  const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      await hasher.verify(encoded, 'Warm-up-1');
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const perSecond = done / ((performance.now() - started) / 1000);
  return { params, hashMs: median(hashTimes), verifyMs: median(verifyTimes), perSecond };
}

console.log(`cores: ${availableParallelism()}, UV_THREADPOOL_SIZE: ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}, samples: ${SAMPLES}`);
console.log('params (argon2id)          | hash median | verify median | sign-ins/s (16 in flight)');
for (const params of candidates) {
  const r = await measure(params);
  const label = `m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}${params === DEFAULT_ARGON2_PARAMS ? ' (default)' : ''}`;
  console.log(`${label.padEnd(27)}| ${r.hashMs.toFixed(1).padStart(8)} ms | ${r.verifyMs.toFixed(1).padStart(10)} ms | ${r.perSecond.toFixed(1).padStart(8)}`);
}
