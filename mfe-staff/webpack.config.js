import { createFrontendConfig } from '@lectern/frontend-build';

export default (_env, argv) =>
  createFrontendConfig({
    name: 'staff',
    packageDir: import.meta.dirname,
    mode: argv.mode,
    title: 'Lectern · Staff',
    exposes: { './app': './src/app.tsx' },
  });
