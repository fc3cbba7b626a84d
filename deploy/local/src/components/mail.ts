import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpStatus } from '../support/http.ts';
import { InfraError } from '../support/errors.ts';
import { ManagedProcess, stopOrphan } from '../support/supervisor.ts';
import { waitUntil, seconds } from '../support/wait.ts';
import type { ComponentContext, ProcessComponent } from './component.ts';

// MailDev 3 (npm `maildev`) catches every message the services send: SMTP in, HTTP API + web UI
// out. See docs/adr/0003-mail-catcher-maildev.md for why not Mailpit.

function maildevEntry(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new InfraError("the npm package 'maildev' is not installed — run npm install in the repository");
    dir = parent;
  }
}

export function createMail(ctx: ComponentContext, smtpPort: number, httpPort: number): ProcessComponent {
  const mailDir = path.join(ctx.dataDir, 'messages');
  const pidFile = ctx.pidFile;
  const logFile = path.join(ctx.logDir, 'mail.log');
  const apiUrl = `http://127.0.0.1:${httpPort}`;
  let proc: ManagedProcess | undefined;

  return {
    name: 'mail',
    ports: [{ port: smtpPort, role: 'SMTP' }, { port: httpPort, role: 'HTTP' }],
    async prepare() {
      fs.mkdirSync(mailDir, { recursive: true });
    },
    async start() {
      const started = Date.now();
      await stopOrphan(pidFile, mailDir);
      const args = [
        maildevEntry(),
        '--smtp', String(smtpPort),
        '--ip', '127.0.0.1',
        '--web', String(httpPort),
        '--web-ip', '127.0.0.1',
        '--mail-directory', mailDir,
      ];
      proc = new ManagedProcess({ name: 'mail', command: process.execPath, args, logFile, pidFile });
      const running = proc;
      await waitUntil('mail', async () => (await httpStatus(`${apiUrl}/api/healthz`)) === 200, {
        timeoutMs: 30_000,
        alive: () => running.exited(),
      });
      ctx.log(`mail catcher ready on SMTP ${smtpPort}, HTTP ${httpPort} in ${seconds(started)}`);
    },
    async stop() {
      await proc?.stop(5000);
      proc = undefined;
    },
    endpoints: () => ({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailApiUrl: apiUrl }),
  };
}
