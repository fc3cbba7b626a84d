// The kit's basic service checks, with this service's own tables.
import { describeServiceBasics } from '@lectern/service-kit/testing';
import { buildTestApp } from './helper.ts';

describeServiceBasics({
  service: 'migration',
  expectedTables: ['migration_queue', 'migration_steps'],
  serverTs: new URL('../src/server.ts', import.meta.url),
  build: () => buildTestApp(),
});
