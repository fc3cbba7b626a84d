import fs from 'node:fs';
import path from 'node:path';
import { httpStatus } from '../support/http.ts';
import { ensureGoTool, goTools } from '../support/provision.ts';
import { ManagedProcess, stopOrphan } from '../support/supervisor.ts';
import { waitUntil, seconds } from '../support/wait.ts';
import type { ComponentContext, ProcessComponent } from './component.ts';

// stripe-mock answers the Stripe API from its OpenAPI fixtures; it accepts any sk_test_ key.
export const stripeMockKey = 'sk_test_123';

// stripe-mock also serves HTTPS (on 12112 unless told otherwise), so it gets a second port of
// its own: two instances side by side would otherwise collide there.
export function createStripe(ctx: ComponentContext, port: number, httpsPort: number): ProcessComponent {
  const pidFile = ctx.pidFile;
  const logFile = path.join(ctx.logDir, 'stripe.log');
  const base = `http://127.0.0.1:${port}`;
  let binary = '';
  let proc: ManagedProcess | undefined;

  return {
    name: 'stripe',
    ports: [{ port }, { port: httpsPort, role: 'HTTPS' }],
    async prepare() {
      binary = await ensureGoTool(goTools.stripeMock, ctx.log);
      fs.mkdirSync(ctx.dataDir, { recursive: true });
    },
    async start() {
      const started = Date.now();
      await stopOrphan(pidFile, binary);
      proc = new ManagedProcess({ name: 'stripe', command: binary, args: ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${httpsPort}`], logFile, pidFile });
      const running = proc;
      const auth = { Authorization: `Bearer ${stripeMockKey}` };
      await waitUntil('stripe-mock', async () => (await httpStatus(`${base}/v1/customers`, auth)) === 200, {
        timeoutMs: 30_000,
        alive: () => running.exited(),
      });
      ctx.log(`stripe-mock ready on ${port} in ${seconds(started)}`);
    },
    async stop() {
      await proc?.stop(5000);
      proc = undefined;
    },
    endpoints: () => ({ stripeApiBase: base, stripeSecretKey: stripeMockKey }),
  };
}
