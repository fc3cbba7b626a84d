// Sign-in throughput through the real HTTP route (captcha check, throttle, argon2id verify with
// the production parameters, profile, JWT, refresh token), against real Postgres and Kafka.
// Captchas are solved before the clock starts. Run: node bench/sign-in.bench.ts
import type { AddressInfo } from 'node:net';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp } from '../src/app.ts';
import { createChallenge, encodePayload, solveChallenge } from '../src/captcha/index.ts';
import { loadIdentityConfig } from '../src/config.ts';

const SIGN_INS = Number(process.env.SIGN_INS ?? 200);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 16);
const USERS = 20;
const PASSWORD = 'Bench-Password-2026';

const env = await isolatedServiceEnv('identity', { LOG_LEVEL: 'warn' });
const config = loadIdentityConfig(env);
const app = await buildApp(config, { prettyLogs: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/identity`;

try {
  const org = await app.kit.db.insertInto('organizations').values({ name: 'Bench Church', subdomain: 'bench', domain: null, plan_id: null, plan_label: null, created_by: null }).returning('id').executeTakeFirstOrThrow();
  const hash = await app.identity.hasher.hash(PASSWORD);
  const emails = Array.from({ length: USERS }, (_, i) => `bench-${i}@example.org`);
  await app.kit.db.insertInto('users').values(emails.map((email) => ({ email, org_id: org.id, role: 'STAFF' as const, first_name: 'B', last_name: 'U', phone: null, password_hash: hash, email_verified_at: new Date() }))).execute();

  const solveStarted = performance.now();
  const captchas = Array.from({ length: SIGN_INS }, () => {
    const challenge = createChallenge({ hmacKey: app.identity.captchaKey, maxNumber: config.CAPTCHA_MAX_NUMBER });
    return encodePayload(challenge, solveChallenge(challenge)!);
  });
  const solveMs = performance.now() - solveStarted;

  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < SIGN_INS) {
      const i = next++;
      const t0 = performance.now();
      const res = await fetch(`${base}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emails[i % USERS], password: PASSWORD, captcha: captchas[i] }) });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) failures++;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(`identity sign-in over HTTP (argon2id m=${config.PASSWORD_HASH_MEMORY_KIB} KiB t=${config.PASSWORD_HASH_ITERATIONS}, captcha maxnumber ${config.CAPTCHA_MAX_NUMBER}, ${IN_FLIGHT} in flight)`);
  console.log(`  ${SIGN_INS} sign-ins in ${elapsed.toFixed(2)} s = ${(SIGN_INS / elapsed).toFixed(1)} sign-ins/s; latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms; failures ${failures}`);
  console.log(`  (captchas solved beforehand by Node: ${(solveMs / SIGN_INS).toFixed(1)} ms each)`);
  if (failures > 0) process.exitCode = 1;
} finally {
  await app.close();
}
