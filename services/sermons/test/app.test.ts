// The kit's basic service checks, with this service's own tables.
import { describeServiceBasics } from '@lectern/service-kit/testing';
import { buildTestApp } from './helper.ts';

describeServiceBasics({
  service: 'sermons',
  expectedTables: ['sermons', 'sermon_progress', 'transcripts', 'outlines', 'devotionals', 'org_plans', 'quota_usage', 'library_versions'],
  serverTs: new URL('../src/server.ts', import.meta.url),
  build: () => buildTestApp(),
});
