import fs from 'node:fs';
import path from 'node:path';
import { httpStatus } from '../support/http.ts';
import { ensureGoTool, goTools } from '../support/provision.ts';
import { ManagedProcess, stopOrphan } from '../support/supervisor.ts';
import { waitUntil, seconds } from '../support/wait.ts';
import type { ComponentContext, ProcessComponent } from './component.ts';

// versitygw serves a directory as S3 (posix backend: each sub-directory is a bucket). Object
// metadata lives in extended attributes; on a file system without them we fall back to a sidecar
// directory.

export const s3Credentials = { region: 'us-east-1', accessKeyId: 'lectern', secretAccessKey: 'lectern-local-secret' };

export function createS3(ctx: ComponentContext, port: number): ProcessComponent {
  const root = path.join(ctx.dataDir, 'buckets');
  const sidecar = path.join(ctx.dataDir, 'meta');
  const pidFile = ctx.pidFile;
  const logFile = path.join(ctx.logDir, 's3.log');
  const endpoint = `http://127.0.0.1:${port}`;
  let binary = '';
  let proc: ManagedProcess | undefined;
  let useSidecar = false;

  async function launch(): Promise<void> {
    const backend = useSidecar ? ['posix', '--sidecar', sidecar, root] : ['posix', root];
    const args = [
      '--port', `127.0.0.1:${port}`,
      '--access', s3Credentials.accessKeyId,
      '--secret', s3Credentials.secretAccessKey,
      '--region', s3Credentials.region,
      '--quiet',
      ...backend,
    ];
    proc = new ManagedProcess({ name: 's3', command: binary, args, logFile, pidFile, env: { ...process.env, ROOT_ACCESS_KEY_ID: '', ROOT_SECRET_ACCESS_KEY: '' } });
    const running = proc;
    // Unsigned requests get 403 AccessDenied: the S3 API answering is what we check.
    await waitUntil('versitygw', async () => (await httpStatus(`${endpoint}/`)) === 403, {
      timeoutMs: 30_000,
      alive: () => running.exited(),
    });
  }

  return {
    name: 's3',
    ports: [{ port }],
    async prepare() {
      binary = await ensureGoTool(goTools.versitygw, ctx.log);
      fs.mkdirSync(root, { recursive: true });
      fs.mkdirSync(sidecar, { recursive: true });
    },
    async start() {
      const started = Date.now();
      await stopOrphan(pidFile, root);
      try {
        await launch();
      } catch (error) {
        const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '';
        if (useSidecar || !/xattr|extended attribute|not supported/i.test(text)) throw error;
        ctx.log('s3: no extended attributes on this file system, keeping object metadata in a sidecar directory');
        await proc?.stop(2000);
        useSidecar = true;
        await launch();
      }
      ctx.log(`versitygw (S3) ready on ${port} in ${seconds(started)}`);
    },
    async stop() {
      await proc?.stop(5000);
      proc = undefined;
    },
    endpoints: () => ({ s3: { endpoint, ...s3Credentials } }),
  };
}
