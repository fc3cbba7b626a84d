// Added latency of access-token verification: the same handler behind `requireSignedIn` and
// without it, over real HTTP (keep-alive), sequential requests. Prints percentiles; asserts nothing.
import Fastify from 'fastify';
import { Agent, request } from 'undici';
import { authPlugin, requireSignedIn } from '../src/auth/index.ts';
import { createSigningKey, serveJwks, signAccessToken } from '../src/auth/testing.ts';
import { percentile } from '@lectern/local-stack/bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5000);
const WARMUP = 500;
const issuer = 'http://localhost:8080/api/identity';
const audience = 'lectern-api';


async function measure(url: string, headers: Record<string, string>, dispatcher: Agent): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i += 1) {
    const start = process.hrtime.bigint();
    const res = await request(url, { headers, dispatcher });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    if (i >= WARMUP) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

for (const alg of ['RS256', 'EdDSA'] as const) {
  const key = await createSigningKey(alg);
  const jwks = await serveJwks([key]);
  const app = Fastify({ logger: false });
  await app.register(authPlugin, { jwksUrl: jwks.url, issuer, audience });
  app.get('/open', async () => ({ ok: true }));
  // The hook's own duration, timed in-process: the added latency without network noise.
  const hookMs: number[] = [];
  app.get('/protected', {
    onRequest: async (req, reply) => {
      const start = process.hrtime.bigint();
      await requireSignedIn(req, reply);
      hookMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    },
  }, async () => ({ ok: true }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signAccessToken(key, { sub: 'u1', org: 'o1', role: 'STAFF', email: 'u@example.org', staff: false }, { issuer, audience });
  const dispatcher = new Agent({ connections: 1 });

  // Interleave to spread noise evenly between the two routes.
  const open: number[] = [];
  const prot: number[] = [];
  for (let round = 0; round < 2; round += 1) {
    open.push(...(await measure(`${base}/open`, {}, dispatcher)));
    prot.push(...(await measure(`${base}/protected`, { authorization: `Bearer ${token}` }, dispatcher)));
  }
  open.sort((a, b) => a - b);
  prot.sort((a, b) => a - b);
  const row = (p: number) => `p${p} open ${percentile(open, p).toFixed(3)} ms, protected ${percentile(prot, p).toFixed(3)} ms, added ${(percentile(prot, p) - percentile(open, p)).toFixed(3)} ms`;
  console.log(`${alg} (${open.length} requests per route, JWKS fetches: ${jwks.requests})`);
  console.log(`  ${row(50)}`);
  console.log(`  ${row(99)}`);
  const hook = hookMs.slice(WARMUP).sort((a, b) => a - b);
  console.log(`  verification hook alone: p50 ${percentile(hook, 50).toFixed(3)} ms, p99 ${percentile(hook, 99).toFixed(3)} ms, max ${hook.at(-1)!.toFixed(3)} ms`);
  await dispatcher.close();
  await app.close();
  await jwks.close();
}
