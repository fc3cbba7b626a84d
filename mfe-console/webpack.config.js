import { createFrontendConfig } from '@lectern/frontend-build';

export default (_env, argv) =>
  createFrontendConfig({
    name: 'console',
    packageDir: import.meta.dirname,
    mode: argv.mode,
    title: 'Lectern · Console',
    exposes: { './app': './src/app.tsx' },
  });
