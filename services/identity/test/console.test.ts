// The staff console's identity side: the profile (the console gate's probe) only for an active staff
// user with both console flags, checked against the database; the mode switch with its
// confirmation; the catalog sync; KPIs counted from the real leads and organizations.
import assert from 'node:assert/strict';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import type { IdentityApp } from '../src/app.ts';
import { API, bearer, buildTestApp, companyEmail, seedOrganization, seedUser, session } from './helper.ts';

describe('staff console (identity)', () => {
  let app: IdentityApp;
  let staffToken: string;
  let staffEmail: string;
  let adminToken: string;

  const setFlags = async (keys: string[], enabled: boolean) => {
    await app.kit.db.updateTable('feature_flags').set({ enabled }).where('key', 'in', keys).execute();
  };

  beforeAll(async () => {
    ({ app } = await buildTestApp());
    const orgId = await seedOrganization(app);
    staffEmail = companyEmail('console');
    await seedUser(app, { email: staffEmail, role: 'ADMIN', orgId });
    await app.kit.db.insertInto('staff_users').values({ email: staffEmail, status: 'active' }).execute();
    staffToken = (await session(app, staffEmail)).token;
    const admin = await seedUser(app, { role: 'ADMIN', orgId, email: companyEmail('admin') });
    adminToken = (await session(app, admin.email)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, token: string) => app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url: `${API}${url}`, headers: bearer(token), payload });

  test('the profile answers only a staff user while features_staff_console_enabled and rss_migration_enabled are both on', async () => {
    await setFlags(['features_staff_console_enabled', 'rss_migration_enabled'], false);
    assert.equal((await get('/console/profile', staffToken)).statusCode, 403, 'flags off');
    await setFlags(['features_staff_console_enabled'], true);
    assert.equal((await get('/console/profile', staffToken)).statusCode, 403, 'one flag is not enough');
    await setFlags(['rss_migration_enabled'], true);
    const profile = await get('/console/profile', staffToken);
    assert.equal(profile.statusCode, 200, profile.body);
    assert.deepEqual(profile.json(), { mode: 'TEST', catalogItems: 0, modeToggle: false, catalogEdit: false, analytics: false });
    assert.equal((await get('/console/profile', adminToken)).statusCode, 403, 'a company-domain admin without a staff_users row');
    assert.equal((await app.inject({ method: 'GET', url: `${API}/console/profile` })).statusCode, 401);
  });

  test('a staff row switched inactive closes the console at once, whatever the token still says', async () => {
    await app.kit.db.updateTable('staff_users').set({ status: 'inactive' }).where('email', '=', staffEmail).execute();
    assert.equal((await get('/console/profile', staffToken)).statusCode, 403);
    assert.equal((await get('/console/kpis', staffToken)).statusCode, 403);
    await app.kit.db.updateTable('staff_users').set({ status: 'active' }).where('email', '=', staffEmail).execute();
    assert.equal((await get('/console/profile', staffToken)).statusCode, 200);
  });

  test('the mode switch needs its flag and the typed confirmation', async () => {
    assert.equal((await post('/console/mode', staffToken, { mode: 'LIVE', confirmation: 'SWITCH TO LIVE' })).statusCode, 403, 'flag off');
    await setFlags(['console_mode_toggle_enabled'], true);
    const wrong = await post('/console/mode', staffToken, { mode: 'LIVE', confirmation: 'yes' });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.json().detail, /Failed to set mode: type "SWITCH TO LIVE"/);
    const live = await post('/console/mode', staffToken, { mode: 'LIVE', confirmation: 'SWITCH TO LIVE' });
    assert.equal(live.statusCode, 200);
    assert.equal(live.json().mode, 'LIVE');
    assert.equal((await get('/console/profile', staffToken)).json().mode, 'LIVE');
    assert.equal((await post('/console/mode', staffToken, { mode: 'STAGING', confirmation: 'SWITCH TO STAGING' })).statusCode, 400);
  });

  test('the catalog sync needs its flag and replaces the items the count reads', async () => {
    assert.equal((await post('/console/catalog', staffToken, { items: [] })).statusCode, 403);
    await setFlags(['console_catalog_edit_enabled'], true);
    const synced = await post('/console/catalog', staffToken, { items: [{ code: 'PREMIUM_MONTHLY' }, { code: 'SEED_YEARLY', name: 'Standard yearly' }] });
    assert.equal(synced.statusCode, 200);
    assert.equal(synced.json().catalogItems, 2);
    assert.equal((await post('/console/catalog', staffToken, { items: [] })).json().catalogItems, 0);
  });

  test('KPIs count the real leads (initiated / converted) and organizations', async () => {
    const before = (await get('/console/kpis', staffToken)).json();
    const orgId = await seedOrganization(app);
    const lead = (status: 'initiated' | 'converted') => ({ org_id: orgId, email: `l-${Math.random()}@example.org`, first_name: 'A', last_name: 'B', phone: null, plan: 'standard', billing_interval: 'monthly', status });
    await app.kit.db.insertInto('leads').values([lead('initiated'), lead('initiated'), lead('converted')] as never).execute();
    const kpis = (await get('/console/kpis', staffToken)).json();
    assert.equal(kpis.totalLeads, before.totalLeads + 3);
    assert.equal(kpis.initiatedLeads, before.initiatedLeads + 2);
    assert.equal(kpis.convertedLeads, before.convertedLeads + 1);
    assert.equal(kpis.organizations, before.organizations + 1);
    assert.equal((await get('/console/kpis', adminToken)).statusCode, 403);
  });
});
