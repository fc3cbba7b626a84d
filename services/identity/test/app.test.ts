// The kit's basic service checks, with this service's own tables.
import { describeServiceBasics } from '@lectern/service-kit/testing';
import { buildTestApp } from './helper.ts';

describeServiceBasics({
  service: 'identity',
  expectedTables: ['organizations', 'users', 'signing_keys', 'custom_user_roles', 'staff_users', 'invite_tokens', 'email_verification_tokens', 'refresh_tokens', 'leads', 'feature_flags', 'feature_flag_overrides', 'captcha_spent', 'sign_in_attempts', 'service_secrets'],
  serverTs: new URL('../src/server.ts', import.meta.url),
  build: () => buildTestApp(),
});
