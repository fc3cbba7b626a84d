// A service's server.ts in a process of its own, as deployed: for fault tests that SIGKILL it
// mid-request and start it again (the sermons upload, the billing webhook).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { patience } from '@lectern/local-stack/testing';

/** A TCP port free on the loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `serverTs` on 127.0.0.1:`port` with `env` and waits until `readyPath` answers 200;
 * `readyMs` is the time from spawn to ready (a restart's recovery figure).
 */
export async function startServerProcess(serverTs: URL, env: Record<string, string>, port: number, readyPath: string, timeoutMs = patience(120_000)): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', serverTs.pathname], { env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const deadline = started + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${serverTs.pathname} exited (${child.exitCode})`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${serverTs.pathname} was not ready within ${timeoutMs / 1000} s`);
    }
    const status = await fetch(`http://127.0.0.1:${port}${readyPath}`).then((r) => r.status, () => 0);
    if (status === 200) return { child, readyMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
