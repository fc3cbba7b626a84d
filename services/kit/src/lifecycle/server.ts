// What a service's server.ts does: load config (fail fast, naming the variable), build, listen,
// and close gracefully on SIGTERM/SIGINT.
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config/config.ts';

export interface RunnableService {
  app: FastifyInstance;
  host: string;
  port: number;
}

export async function runServer(build: () => Promise<RunnableService>, options: { shutdownTimeoutMs?: number } = {}): Promise<void> {
  let service: RunnableService;
  try {
    service = await build();
  } catch (error) {
    // Plain stderr: the logger may not exist yet, and the operator needs one clear line.
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { app, host, port } = service;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, options.shutdownTimeoutMs ?? 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  try {
    await app.listen({ host, port });
  } catch (error) {
    app.log.error({ err: error }, 'listen failed');
    await app.close().catch(() => {});
    process.exit(1);
  }
}
