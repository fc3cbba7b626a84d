import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureGoTool, goTools } from '../support/provision.ts';
import { ManagedProcess, stopOrphan } from '../support/supervisor.ts';
import { waitUntil, seconds } from '../support/wait.ts';
import type { ComponentContext, ProcessComponent } from './component.ts';

const run = promisify(execFile);
export const temporalNamespace = 'default';

/** A real gRPC health call (grpc.health.v1) through the Temporal CLI. */
export async function temporalAnswers(cli: string, address: string): Promise<boolean> {
  const { stdout } = await run(cli, ['operator', 'cluster', 'health', '--address', address, '--command-timeout', '2s'], { timeout: 5000 });
  return stdout.includes('SERVING');
}

export function createTemporal(ctx: ComponentContext, port: number, uiPort: number): ProcessComponent {
  const dbFile = path.join(ctx.dataDir, 'temporal.db');
  const pidFile = ctx.pidFile;
  const logFile = path.join(ctx.logDir, 'temporal.log');
  let cli = '';
  let proc: ManagedProcess | undefined;

  return {
    name: 'temporal',
    ports: [{ port }, { port: uiPort, role: 'web UI' }],
    async prepare() {
      cli = await ensureGoTool(goTools.temporal, ctx.log);
      fs.mkdirSync(ctx.dataDir, { recursive: true });
    },
    async start() {
      const started = Date.now();
      await stopOrphan(pidFile, dbFile);
      const args = [
        'server', 'start-dev',
        '--ip', '127.0.0.1',
        '--port', String(port),
        '--ui-port', String(uiPort),
        '--db-filename', dbFile,
        '--namespace', temporalNamespace,
        '--log-level', 'warn',
        // Runs are found by organization, migration id and sermon state in the UI (docs/operations.md).
        '--search-attribute', 'LecternOrganization=Keyword',
        '--search-attribute', 'LecternMigration=Keyword',
        '--search-attribute', 'LecternSermonState=Keyword',
      ];
      proc = new ManagedProcess({ name: 'temporal', command: cli, args, logFile, pidFile });
      const running = proc;
      await waitUntil('temporal', () => temporalAnswers(cli, `127.0.0.1:${port}`), {
        timeoutMs: 60_000,
        intervalMs: 300,
        alive: () => running.exited(),
      });
      ctx.log(`temporal ready on ${port} (UI ${uiPort}) in ${seconds(started)}`);
    },
    async stop() {
      await proc?.stop(10_000);
      proc = undefined;
    },
    endpoints: () => ({
      temporalAddress: `127.0.0.1:${port}`,
      temporalNamespace,
      temporalUiUrl: `http://localhost:${uiPort}`,
    }),
  };
}
