// The kit's basic service checks, with this service's own tables.
import { describeServiceBasics } from '@lectern/service-kit/testing';
import { buildTestApp } from './helper.ts';

describeServiceBasics({
  service: 'billing',
  expectedTables: ['subscriptions', 'customers', 'invoices', 'webhook_events', 'signup_leads', 'org_billing_state'],
  serverTs: new URL('../src/server.ts', import.meta.url),
  build: () => buildTestApp(),
});
