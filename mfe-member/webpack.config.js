import { createFrontendConfig } from '@lectern/frontend-build';

export default (_env, argv) =>
  createFrontendConfig({
    name: 'member',
    packageDir: import.meta.dirname,
    mode: argv.mode,
    title: 'Lectern · Member Area',
    exposes: { './app': './src/app.tsx' },
  });
