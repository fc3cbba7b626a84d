// Listens and shuts down gracefully; everything else is in app.ts.
import { runServer } from '@lectern/service-kit';
import { buildApp } from './app.ts';
import { loadCommsConfig } from './config.ts';

await runServer(async () => {
  const config = loadCommsConfig();
  return { app: await buildApp(config), host: config.HOST, port: config.PORT };
});
