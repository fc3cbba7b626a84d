import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { API, bearer, buildTestApp, companyEmail, outboxEvents, seedOrganization, seedUser, session } from './helper.ts';
import { generatedPassword, GENERATED_PASSWORD_LENGTH } from '../src/members/member.rules.ts';

describe('members admin', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let orgId: string;
  let admin: string;
  let foreignAdmin: string;
  const refused: Record<string, string> = {};
  const call = (token: string, method: string, url: string, payload?: unknown) =>
    built.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  beforeAll(async () => {
    built = await buildTestApp();
    orgId = await seedOrganization(built.app, 'Members Org');
    const otherOrg = await seedOrganization(built.app, 'Other Org');
    admin = (await session(built.app, (await seedUser(built.app, { orgId, role: 'ADMIN', email: companyEmail('admin') })).email)).token;
    foreignAdmin = (await session(built.app, (await seedUser(built.app, { orgId: otherOrg, role: 'ADMIN', email: companyEmail('foreign') })).email)).token;
    refused.externalAdmin = (await session(built.app, (await seedUser(built.app, { orgId, role: 'ADMIN' })).email)).token;
    refused.internalMember = (await session(built.app, (await seedUser(built.app, { orgId, role: 'MEMBER', email: companyEmail('member') })).email)).token;
    refused.internalVolunteer = (await session(built.app, (await seedUser(built.app, { orgId, role: 'VOLUNTEER', email: companyEmail('volunteer') })).email)).token;
  });
  afterAll(async () => {
  await built?.app.close();
});

  it('every /members route: company-domain staff only (403 for a non-internal ADMIN, internal MEMBER or VOLUNTEER; 401 anonymous)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/members'],
      ['GET', '/members/export.csv'],
      ['POST', '/members', { firstName: 'A', lastName: 'B', email: 'refused@example.org' }],
      ['PATCH', '/members/00000000-0000-4000-8000-000000000000', { status: 'inactive' }],
      ['POST', '/members/import', { csv: 'first_name,last_name,email\nA,B,refused@example.org\n' }],
    ];
    for (const [method, url, body] of routes) {
      for (const [name, token] of Object.entries(refused)) assert.equal((await call(token, method, url, body)).statusCode, 403, `${name} ${method} ${url}`);
      assert.equal((await built.app.inject({ method: method as 'GET', url: `${API}${url}` })).statusCode, 401);
    }
    assert.equal((await built.app.kit.db.selectFrom('members').select('id').where('email', '=', 'refused@example.org').execute()).length, 0);
  });

  it('adds members (spec validation), lists newest first with search, role and status filters and the total', async () => {
    const bad = await call(admin, 'POST', '/members', { firstName: '', lastName: 'X', email: 'nope', role: 'ADMIN' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().fieldErrors, { email: 'Enter a valid email address', firstName: 'First name is required.', role: 'Role must be MEMBER or VOLUNTEER.' });
    const made = await call(admin, 'POST', '/members', { firstName: 'Ruth', lastName: 'Moab', email: 'Ruth@Example.org', phone: '555-0100' });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.json().message, 'Member added successfully');
    assert.deepEqual([made.json().member.email, made.json().member.role, made.json().member.status, made.json().member.userId], ['ruth@example.org', 'MEMBER', 'active', null]);
    await call(admin, 'POST', '/members', { firstName: 'Boaz', lastName: 'Bethlehem', email: 'boaz@example.org', role: 'VOLUNTEER' });
    await call(admin, 'POST', '/members', { firstName: 'Naomi', lastName: 'Mara_100%', email: 'naomi@example.org' });
    const dup = await call(admin, 'POST', '/members', { firstName: 'R', lastName: 'M', email: 'RUTH@example.org' });
    assert.equal(dup.statusCode, 409);
    assert.equal(dup.json().detail, 'A member with this email already exists.');

    const list = (q = '') => call(admin, 'GET', `/members${q}`).then((r) => r.json() as { items: { email: string }[]; total: number });
    const all = await list();
    assert.deepEqual(all.items.map((m) => m.email), ['naomi@example.org', 'boaz@example.org', 'ruth@example.org']);
    assert.equal(all.total, 3);
    assert.deepEqual((await list('?search=BETHLE')).items.map((m) => m.email), ['boaz@example.org']);
    assert.deepEqual((await list('?search=ruth%20moab')).items.map((m) => m.email), ['ruth@example.org']);
    assert.deepEqual((await list('?search=_100%25')).items.map((m) => m.email), ['naomi@example.org'], 'wildcards are literal');
    assert.equal((await list('?search=%25')).total, 1);
    assert.deepEqual((await list('?role=VOLUNTEER')).items.map((m) => m.email), ['boaz@example.org']);
    const page = await list('?limit=2&offset=2');
    assert.deepEqual([page.items.length, page.total], [1, 3]);
    assert.equal((await call(admin, 'GET', '/members?role=ADMIN')).statusCode, 400);
    // Another organization sees none of them.
    assert.equal((await call(foreignAdmin, 'GET', '/members')).json().total, 0);
  });

  it('a member who should sign in gets a user with a generated password nobody knows and a set-password e-mail', async () => {
    const made = await call(admin, 'POST', '/members', { firstName: 'Lydia', lastName: 'Thyatira', email: 'lydia@example.org', role: 'VOLUNTEER', canSignIn: true });
    assert.equal(made.statusCode, 201, made.body);
    const user = await built.app.kit.db.selectFrom('users').selectAll().where('email', '=', 'lydia@example.org').executeTakeFirstOrThrow();
    assert.equal(made.json().member.userId, user.id);
    assert.deepEqual([user.org_id, user.role], [orgId, 'VOLUNTEER']);
    assert.ok(user.password_hash?.startsWith('$argon2id$'));
    assert.ok(!made.body.includes('password'), 'no password in the answer');
    const [link] = (await outboxEvents(built.app, 'identity.password-link.requested.v1')).filter((e) => e.subject === user.id);
    assert.equal(link?.data.purpose, 'set-password');
    assert.equal(link?.data.organizationName, 'Members Org');
    assert.ok(!JSON.stringify(link).toLowerCase().includes('hash'));
    const taken = await call(admin, 'POST', '/members', { firstName: 'A', lastName: 'B', email: 'other-lydia@example.org', canSignIn: true });
    assert.equal(taken.statusCode, 201);
    const existingUser = await call(foreignAdmin, 'POST', '/members', { firstName: 'L', lastName: 'T', email: 'lydia@example.org', canSignIn: true });
    assert.equal(existingUser.statusCode, 409, 'an e-mail that already has an account is refused, nothing written');
    assert.equal((await call(foreignAdmin, 'GET', '/members')).json().total, 0);
    for (let i = 0; i < 20; i++) {
      const p = generatedPassword();
      assert.equal(p.length, GENERATED_PASSWORD_LENGTH);
      assert.match(p, /[a-z]/);
      assert.match(p, /[A-Z]/);
      assert.match(p, /\d/);
    }
  });

  it('role and status selects save on the server; a linked user follows the role; another organization gets 404', async () => {
    const lydia = (await call(admin, 'GET', '/members?search=thyatira')).json().items[0];
    const role = await call(admin, 'PATCH', `/members/${lydia.id}`, { role: 'MEMBER' });
    assert.equal(role.statusCode, 200);
    assert.equal(role.json().message, 'Member role updated');
    const user = await built.app.kit.db.selectFrom('users').select('role').where('id', '=', lydia.userId).executeTakeFirstOrThrow();
    assert.equal(user.role, 'MEMBER');
    const status = await call(admin, 'PATCH', `/members/${lydia.id}`, { status: 'inactive' });
    assert.equal(status.json().message, 'Member status updated');
    assert.equal((await call(admin, 'GET', '/members?status=inactive')).json().items[0].id, lydia.id);
    assert.equal((await call(admin, 'PATCH', `/members/${lydia.id}`, { role: 'ADMIN' })).statusCode, 400);
    const foreign = await call(foreignAdmin, 'PATCH', `/members/${lydia.id}`, { status: 'active' });
    assert.equal(foreign.statusCode, 404);
    assert.equal((await call(admin, 'GET', `/members?search=thyatira`)).json().items[0].status, 'inactive', 'unchanged by the foreign call');
    assert.equal((await call(admin, 'PATCH', '/members/not-a-uuid', { status: 'active' })).statusCode, 404);
  });

  it('exports the filtered rows as CSV; an import with bad rows writes nothing and lists each error; a good one adds and updates, and re-importing the export changes nothing new', async () => {
    const exported = await call(admin, 'GET', '/members/export.csv?role=VOLUNTEER');
    assert.equal(exported.statusCode, 200);
    assert.match(String(exported.headers['content-type']), /^text\/csv/);
    const lines = exported.body.trim().split('\n');
    assert.equal(lines[0], 'first_name,last_name,email,phone,role,status,joined');
    assert.equal(lines.length, 2);
    assert.match(lines[1]!, /^Boaz,Bethlehem,boaz@example.org,,VOLUNTEER,active,\d{4}-\d{2}-\d{2}$/);

    const before = (await call(admin, 'GET', '/members')).json().total;
    const badCsv = 'First Name,Last Name,Email,Role\nAnna,Asher,anna@example.org,MEMBER\n,Simeon,simeon@example.org,\nEli,Shiloh,not-an-email,PRIEST\nAnna2,Asher,ANNA@example.org,\n';
    const preview = await call(admin, 'POST', '/members/import', { csv: badCsv, dryRun: true });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.deepEqual([preview.json().valid, preview.json().invalid], [1, 3]);
    assert.deepEqual(preview.json().rows.map((r: { line: number; errors: object }) => [r.line, Object.keys(r.errors)]), [[2, []], [3, ['firstName']], [4, ['email', 'role']], [5, ['email']]]);
    const refusedImport = await call(admin, 'POST', '/members/import', { csv: badCsv });
    assert.equal(refusedImport.statusCode, 400);
    assert.equal(refusedImport.json().reason, 'invalid_rows');
    assert.equal((await call(admin, 'GET', '/members')).json().total, before, 'nothing half-imported');
    assert.equal((await call(admin, 'POST', '/members/import', { csv: 'name,mail\nA,b@example.org\n' })).json().detail, 'The file has no first_name, last_name, email columns. The first line must name the columns, as in an export.');

    const good = 'first_name,last_name,email,phone,role,status\nAnna,Asher,anna@example.org,,MEMBER,active\n"Boaz, Jr.",Bethlehem,boaz@example.org,555-0199,VOLUNTEER,inactive\n';
    const committed = await call(admin, 'POST', '/members/import', { csv: good });
    assert.equal(committed.statusCode, 201, committed.body);
    assert.deepEqual([committed.json().added, committed.json().updated], [1, 1]);
    const boaz = (await call(admin, 'GET', '/members?search=boaz')).json().items[0];
    assert.deepEqual([boaz.firstName, boaz.phone, boaz.status], ['Boaz, Jr.', '555-0199', 'inactive']);

    const all = (await call(admin, 'GET', '/members/export.csv')).body;
    const total = (await call(admin, 'GET', '/members')).json().total;
    const again = await call(admin, 'POST', '/members/import', { csv: all });
    assert.equal(again.statusCode, 201, again.body);
    assert.deepEqual([again.json().added, again.json().updated], [0, total]);
    assert.equal((await call(admin, 'GET', '/members')).json().total, total);
    assert.equal((await call(foreignAdmin, 'GET', '/members')).json().total, 0, 'the import stayed in its organization');
  });
});
