import { createFrontendConfig } from '@lectern/frontend-build';

export default (_env, argv) =>
  createFrontendConfig({
    name: 'marketing',
    packageDir: import.meta.dirname,
    mode: argv.mode,
    title: 'Lectern · Marketing',
    exposes: { './app': './src/app.tsx' },
  });
