// Starts the edge and closes it gracefully on SIGINT / SIGTERM.
import { buildApp } from './app.ts';
import { loadEdgeConfig } from './edge.config.ts';

const config = loadEdgeConfig();
const app = await buildApp(config);

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
