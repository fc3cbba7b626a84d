import { createFrontendConfig } from '@lectern/frontend-build';

export default (_env, argv) =>
  createFrontendConfig({ name: 'shell', packageDir: import.meta.dirname, mode: argv.mode, title: 'Lectern' });
